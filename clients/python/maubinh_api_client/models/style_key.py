from enum import StrEnum

class StyleKey(StrEnum):
    AUTO = "auto"
    BEST = "best"
    CLOSE = "close"
    FOUL = "foul"
    FRONT_HEAVY = "front_heavy"
    NATURAL_MISSED = "natural_missed"
    PAIR_BROKEN = "pair_broken"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "StyleKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
