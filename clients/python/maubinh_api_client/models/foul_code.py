from enum import StrEnum

class FoulCode(StrEnum):
    BACK_EQUALS_MIDDLE = "back_equals_middle"
    BACK_WEAKER_THAN_MIDDLE = "back_weaker_than_middle"
    MIDDLE_WEAKER_THAN_FRONT = "middle_weaker_than_front"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "FoulCode | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
