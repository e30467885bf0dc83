from enum import StrEnum

class PositionReasonKey(StrEnum):
    BOTH_FOULED = "both_fouled"
    NATURAL = "natural"
    OPPONENT_FOULED = "opponent_fouled"
    STRONGER_HAND = "stronger_hand"
    TIE = "tie"

    def __str__(self) -> str:
        return str(self.value)
