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

    @classmethod
    def _missing_(cls, value: object) -> "DrillThemeKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
