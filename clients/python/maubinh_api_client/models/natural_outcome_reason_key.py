from enum import StrEnum

class NaturalOutcomeReasonKey(StrEnum):
    EQUAL_NATURALS = "equal_naturals"
    HIGHER_NATURAL = "higher_natural"
    NATURALS_DRAW = "naturals_draw"
    NATURAL_VS_HAND = "natural_vs_hand"
    TIE_BREAK = "tie_break"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "NaturalOutcomeReasonKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
