from enum import StrEnum

class UsageScopesItem(StrEnum):
    API = "api"
    METRICS = "metrics"

    def __str__(self) -> str:
        return str(self.value)
