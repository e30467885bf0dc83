from enum import StrEnum

class ReadyResponse200Status(StrEnum):
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
