from enum import StrEnum

class DrillThemeKey(StrEnum):
    AUTO_BLUNDER = "auto_blunder"
    FOUL_TRAP = "foul_trap"
    FRONT_DECIDES = "front_decides"
    NATURAL_CALL = "natural_call"
    RANDOM = "random"
    SAP_LANG = "sap_lang"

    def __str__(self) -> str:
        return str(self.value)
