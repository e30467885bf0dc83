from enum import StrEnum

class MultiplierKindKey(StrEnum):
    FOUL = "foul"
    SAP_LANG = "sap_lang"
    SCOOP = "scoop"

    def __str__(self) -> str:
        return str(self.value)
