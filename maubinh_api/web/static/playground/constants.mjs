/* What the page knows before any request: card and chi sizes, API paths, storage keys, knob shapes. */
// ---------------------------------------------------------------- constants

export const SUIT_SYMBOL = { s: '♠', h: '♥', d: '♦', c: '♣' };
export const POSITIONS = ['back', 'middle', 'front'];
export const SIZE = { back: 5, middle: 5, front: 3 };
export const HAND_SIZE = 13;
// Players' names, none a word of the game (a seat once called Chi read as a chi).
export const SEAT_NAMES = ['An', 'Bình', 'Cường', 'Dũng'];
// The bots' levels before the user picks (keys of GET /v1/enumerations' levels).
export const DEFAULT_LEVELS = ['casual', 'club', 'expert'];
// The largest seed of the page's own deal (deck.mjs's mulberry32 reads 32 bits): the seed field, a
// link's seed and a practice run's seed are 0 to it. Not the API's seeds' range (the service states
// that): what the page sends the API from one (a run's seed, a bot's seed * 4 + seat) stays well
// inside it.
export const MAX_DEAL_SEED = 4294967295;
// The currencies a bet can be said to be in ('none': not said, the money as the API writes it), and the
// one each language means until the player says (a Vietnamese player bets in đồng).
export const CURRENCIES = ['none', 'VND', 'USD', 'EUR'];
export const LANGUAGE_CURRENCY = { vi: 'VND', en: 'none' };
// The API operations the page calls (tests/web/test_playground.py checks each is in openapi.yaml).
export const PATHS = {
  variants: '/v1/variants',
  enumerations: '/v1/enumerations',
  variant: '/v1/variants/{name}',
  classify: '/v1/hands/classify',
  validate: '/v1/arrangements/validate',
  optimal: '/v1/arrangements/optimal',
  analysis: '/v1/arrangements/analysis',
  play: '/v1/arrangements/play',
  settle: '/v1/settlements',
  usage: '/v1/usage',
  drills: '/v1/drills',
  deals: '/v1/deals',
  deal: '/v1/deals/{deal_id}',
};
// The deployment's public keys (a JWK Set), which a deal's commitment is signed with: no API operation
// under /v1, open to anyone.
export const KEY_SET = '/.well-known/jwks.json';
// A tiny chi whose classification answers the fingerprint of a variant without a hand.
export const PROBE = ['As', 'Kd', 'Qh'];
export const STORE = {
  lang: 'maubinh.playground.lang',
  key: 'maubinh.playground.apiKey',
  show: 'maubinh.playground.showRequests',
  colours: 'maubinh.playground.fourColour',
  practice: 'maubinh.playground.practice',
  runs: 'maubinh.playground.runs',
  currency: 'maubinh.playground.currency',
  chiOrder: 'maubinh.playground.chiOrder',
};
