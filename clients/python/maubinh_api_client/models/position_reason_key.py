from enum import StrEnum

class PositionReasonKey(StrEnum):
    BOTH_FOULED = "both_fouled"
    NATURAL = "natural"
    OPPONENT_FOULED = "opponent_fouled"
    STRONGER_HAND = "stronger_hand"
    TIE = "tie"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "PositionReasonKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
