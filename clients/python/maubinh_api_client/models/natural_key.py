from enum import StrEnum

class NaturalKey(StrEnum):
    DRAGON = "dragon"
    DRAGON_FLUSH = "dragon_flush"
    FIVE_PAIRS_TRIPS = "five_pairs_trips"
    FOUR_TRIPS = "four_trips"
    SIX_PAIRS = "six_pairs"
    THIRTEEN_ONE_COLOUR = "thirteen_one_colour"
    THREE_FLUSHES = "three_flushes"
    THREE_QUADS = "three_quads"
    THREE_STRAIGHTS = "three_straights"
    THREE_STRAIGHT_FLUSHES = "three_straight_flushes"
    TWELVE_ONE_COLOUR = "twelve_one_colour"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "NaturalKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
