"""The rules of Mậu Binh: cards, chi, arrangements, variants.

This package is the domain: it imports nothing else of maubinh_api and no framework, so it
can be used (and tested) on its own.  The strategy builds on it, and the entry points
(:mod:`maubinh_api.web`, :mod:`maubinh_api.batch`) call it directly or through the service
layer, translating its errors.
"""

from .arrangement import Arrangement, Bonus, FoulReason, Position, bonuses, foul_reasons, position_value
from .cards import DECK, Card, Rank, Suit, parse_cards
from .chi import Category, Chi, Wheel, classify, compare, front_beats_middle
from .errors import CardCountError, CardError, DuplicateCardError, RuleError, VariantError
from .knobs import RuleSet
from .variants import PRESET_NAMES, Variant, preset, resolve_variant

__all__ = [
    "DECK",
    "PRESET_NAMES",
    "Arrangement",
    "Bonus",
    "Card",
    "CardCountError",
    "CardError",
    "Category",
    "Chi",
    "DuplicateCardError",
    "FoulReason",
    "Position",
    "Rank",
    "RuleError",
    "RuleSet",
    "Suit",
    "Variant",
    "VariantError",
    "Wheel",
    "bonuses",
    "classify",
    "compare",
    "foul_reasons",
    "front_beats_middle",
    "parse_cards",
    "position_value",
    "preset",
    "resolve_variant",
]
