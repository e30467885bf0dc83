from enum import StrEnum

class TableLimitKey(StrEnum):
    ESCROW_BETS = "escrow_bets"
    JOIN_MIN_BETS = "join_min_bets"
    LEAVE_BELOW_BETS = "leave_below_bets"

    def __str__(self) -> str:
        return str(self.value)
