from enum import StrEnum

class BonusKey(StrEnum):
    BACK_QUADS = "back.quads"
    BACK_ROYAL_FLUSH = "back.royal_flush"
    BACK_STRAIGHT_FLUSH = "back.straight_flush"
    FRONT_TRIPS = "front.trips"
    MIDDLE_FULL_HOUSE = "middle.full_house"
    MIDDLE_QUADS = "middle.quads"
    MIDDLE_ROYAL_FLUSH = "middle.royal_flush"
    MIDDLE_STRAIGHT_FLUSH = "middle.straight_flush"

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> "BonusKey | None":
        """A value this client does not know (a later release's): kept as it came, named UNKNOWN."""
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = "UNKNOWN"
        unknown._value_ = value
        return unknown
