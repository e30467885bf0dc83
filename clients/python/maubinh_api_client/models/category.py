from enum import StrEnum

class Category(StrEnum):
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    HIGH_CARD = "high_card"
    PAIR = "pair"
    QUADS = "quads"
    ROYAL_FLUSH = "royal_flush"
    STRAIGHT = "straight"
    STRAIGHT_FLUSH = "straight_flush"
    TRIPS = "trips"
    TWO_PAIR = "two_pair"

    def __str__(self) -> str:
        return str(self.value)
