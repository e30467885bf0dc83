from enum import StrEnum

class SapLangResultKey(StrEnum):
    SCOOPED_ALL = "scooped_all"
    SCOOPED_BY_ALL = "scooped_by_all"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "SapLangResultKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
