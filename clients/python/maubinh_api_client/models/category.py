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

    @classmethod
    def _missing_(cls, value: object) -> "Category | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
