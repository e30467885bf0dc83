from enum import StrEnum

class PresetName(StrEnum):
    CHINESE_POKER_2_4 = "chinese-poker-2-4"
    CLASSIC = "classic"
    EXTENDED = "extended"
    ONLINE = "online"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "PresetName | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
