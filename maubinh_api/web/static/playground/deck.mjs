/* The deck and the seeded deal: pure functions, the same in every browser and under Node
 * (tests/web/js/deck.test.mjs; the browser tests replay the deal in Python). */

export const RANKS = '23456789TJQKA';
export const SUITS = 'shdc';

export function rankValue(card) {
  return RANKS.indexOf(card[0]);
}

/** Cards high to low, suits in the order ♠ ♥ ♦ ♣ (as the API lays them out). */
export function sortCards(cards) {
  return cards.slice().sort((a, b) => rankValue(b) - rankValue(a) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]));
}

/**
 * A chi's cards as a player lays them out (and the API lists them): the groups first, more cards
 * first and then higher, the rest high to low, the wheel A-2-3-4-5 as 5-4-3-2-A; suits ♠ ♥ ♦ ♣.
 */
export function chiOrder(cards) {
  const count = {};
  for (const card of cards) count[card[0]] = (count[card[0]] || 0) + 1;
  const sorted = sortCards(cards).sort((a, b) => count[b[0]] - count[a[0]]); // stable: high to low within
  const ranks = sorted.map((card) => card[0]).join('');
  return ranks === 'A5432' ? sorted.slice(1).concat(sorted[0]) : sorted;
}

/** mulberry32: a small, fast 32-bit PRNG; the same seed gives the same numbers in every browser. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The 52 cards (2♠..A♠, 2♥..A♥, 2♦..A♦, 2♣..A♣) shuffled by Fisher–Yates with mulberry32(seed). */
export function shuffledDeck(seed) {
  const deck = [];
  for (const suit of SUITS) for (const rank of RANKS) deck.push(rank + suit);
  const random = mulberry32(seed);
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** The cards of bot seat ``seat`` (1-3): the shuffled deck without the user's cards (``held``), 13 each. */
export function botCards(deck, held, seat) {
  const mine = new Set(held);
  const rest = deck.filter((card) => !mine.has(card));
  return rest.slice(13 * (seat - 1), 13 * seat);
}
