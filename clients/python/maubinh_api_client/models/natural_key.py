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
