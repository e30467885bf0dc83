from enum import StrEnum

class ReceiptOperation(StrEnum):
    SETTLETABLE = "settleTable"
    SETTLETABLES = "settleTables"

    def __str__(self) -> str:
        return str(self.value)
