/* What the page knows before any request: card and chi sizes, API paths, storage keys, knob shapes. */
// ---------------------------------------------------------------- constants

export const SUIT_SYMBOL = { s: '♠', h: '♥', d: '♦', c: '♣' };
export const POSITIONS = ['back', 'middle', 'front'];
export const SIZE = { back: 5, middle: 5, front: 3 };
export const HAND_SIZE = 13;
export const LEVELS = ['beginner', 'casual', 'club', 'expert', 'best'];
export const SEAT_NAMES = ['An', 'Bình', 'Chi', 'Dũng'];
export const DEFAULT_LEVELS = ['casual', 'club', 'expert'];
export const MAX_SEED = 4294967295;
// The API operations the page calls (tests/web/test_playground.py checks each is in openapi.yaml).
export const PATHS = {
  variants: '/v1/variants',
  variant: '/v1/variants/{name}',
  classify: '/v1/hands/classify',
  validate: '/v1/arrangements/validate',
  optimal: '/v1/arrangements/optimal',
  analysis: '/v1/arrangements/analysis',
  play: '/v1/arrangements/play',
  settle: '/v1/settlements',
  usage: '/v1/usage',
};
// A tiny chi whose classification answers the fingerprint of a variant without a hand.
export const PROBE = ['As', 'Kd', 'Qh'];
export const STORE = {
  lang: 'maubinh.playground.lang',
  key: 'maubinh.playground.apiKey',
  show: 'maubinh.playground.showRequests',
  colours: 'maubinh.playground.fourColour',
};
// String knobs with a fixed set of values get a select; other strings (decimals) a text field.
export const KNOB_CHOICES = { wheel: ['low', 'second'], natural_vs_natural: ['higher_wins', 'draw'] };
// Every key the maps may hold (docs/rules.md), so an entry the preset lacks can be added.
export const MAP_KEYS = {
  bonuses: [
    'front.trips', 'middle.full_house', 'middle.quads', 'middle.straight_flush', 'middle.royal_flush',
    'back.quads', 'back.straight_flush', 'back.royal_flush',
  ],
  naturals: [
    'dragon_flush', 'dragon', 'three_straight_flushes', 'thirteen_one_colour', 'twelve_one_colour',
    'five_pairs_trips', 'six_pairs', 'four_trips', 'three_quads', 'three_flushes', 'three_straights',
  ],
};
export const TABLE_FIELDS = ['join_min_bets', 'leave_below_bets', 'escrow_bets'];
