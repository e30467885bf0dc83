from enum import StrEnum

class ErrorCode(StrEnum):
    BET_DECIMALS = "bet_decimals"
    BET_FORMAT = "bet_format"
    BET_RANGE = "bet_range"
    BODY_SHAPE = "body_shape"
    CARD_REPEATED = "card_repeated"
    CARD_UNKNOWN = "card_unknown"
    CONFLICT = "conflict"
    FINGERPRINT_MISMATCH = "fingerprint_mismatch"
    INVALID_VALUE = "invalid_value"
    KNOB_VALUE = "knob_value"
    NOT_A_CHOICE = "not_a_choice"
    NULL = "null"
    OUT_OF_RANGE = "out_of_range"
    PLAYER_COUNT = "player_count"
    PLAYER_ID_CHARACTER = "player_id_character"
    PLAYER_REPEATED = "player_repeated"
    REQUIRED = "required"
    THEME_UNAVAILABLE = "theme_unavailable"
    UNKNOWN_FIELD = "unknown_field"
    UNKNOWN_KNOB = "unknown_knob"
    UNKNOWN_PRESET = "unknown_preset"
    WRONG_COUNT = "wrong_count"
    WRONG_TYPE = "wrong_type"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "ErrorCode | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
