from enum import StrEnum

class SapLangResultKey(StrEnum):
    SCOOPED_ALL = "scooped_all"
    SCOOPED_BY_ALL = "scooped_by_all"

    def __str__(self) -> str:
        return str(self.value)
