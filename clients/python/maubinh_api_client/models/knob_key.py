from enum import StrEnum

class KnobKey(StrEnum):
    AMOUNT_DECIMALS = "amount_decimals"
    BONUSES = "bonuses"
    DRAW_FEE = "draw_fee"
    FOUL_COUNTS_AS_SCOOP = "foul_counts_as_scoop"
    FOUL_MULTIPLIER = "foul_multiplier"
    FOUL_ON_EQUAL = "foul_on_equal"
    FOUL_PAYS_BONUSES = "foul_pays_bonuses"
    MAJORITY_BONUS = "majority_bonus"
    NATURALS = "naturals"
    NATURAL_TIE_BREAKS = "natural_tie_breaks"
    NATURAL_VS_NATURAL = "natural_vs_natural"
    RAKE = "rake"
    SAP_LANG = "sap_lang"
    SAP_LANG_MIN_PLAYERS = "sap_lang_min_players"
    SAP_LANG_MULTIPLIER = "sap_lang_multiplier"
    SCOOP_MULTIPLIER = "scoop_multiplier"
    TABLE = "table"
    WHEEL = "wheel"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "KnobKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
