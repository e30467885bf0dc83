from enum import StrEnum

class NaturalOutcomeReasonKey(StrEnum):
    EQUAL_NATURALS = "equal_naturals"
    HIGHER_NATURAL = "higher_natural"
    NATURALS_DRAW = "naturals_draw"
    NATURAL_VS_HAND = "natural_vs_hand"
    TIE_BREAK = "tie_break"

    def __str__(self) -> str:
        return str(self.value)
