// The deck and the seeded deal (deck.mjs), under Node's own test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  RANKS, SUITS, botCards, chiOrder, mulberry32, shuffledDeck, sortCards,
} from '../../../maubinh_api/web/static/playground/deck.mjs';

test('a seed always deals the same 52 different cards', () => {
  const deck = shuffledDeck(14);
  assert.equal(deck.length, 52);
  assert.equal(new Set(deck).size, 52);
  assert.deepEqual(shuffledDeck(14), deck);
  assert.notDeepEqual(shuffledDeck(15), deck);
});

test('seed 14 deals what the Python replay of the browser tests deals', () => {
  // tests/support/playground.py's shuffled_deck(14)[:13], the hand the browser tests play.
  assert.deepEqual(shuffledDeck(14).slice(0, 13), '9d 9s Qd Qc 2c 6s Jd Jh Jc 2h 4d 9c 7d'.split(' '));
});

test('mulberry32 stays in [0, 1) and is unsigned in 32 bits', () => {
  const next = mulberry32(2 ** 32 - 1); // the largest seed the page accepts
  for (let i = 0; i < 1000; i += 1) {
    const value = next();
    assert.ok(value >= 0 && value < 1, String(value));
  }
  assert.equal(mulberry32(-1)(), mulberry32(2 ** 32 - 1)()); // the seed is read as unsigned
});

test('cards sort high to low, suits in the order spades, hearts, diamonds, clubs', () => {
  assert.deepEqual(sortCards(['2c', 'As', 'Ah', 'Td', 'Ts']), ['As', 'Ah', 'Ts', 'Td', '2c']);
  assert.equal(RANKS.length * SUITS.length, 52);
});

test('the bots are dealt the rest of the deck, 13 each, without the cards the user holds', () => {
  const deck = shuffledDeck(14);
  assert.deepEqual(botCards(deck, deck.slice(0, 13), 1), deck.slice(13, 26));
  assert.deepEqual(botCards(deck, deck.slice(0, 13), 3), deck.slice(39, 52));
  const held = [deck[20], deck[0]]; // a hand picked by hand: the bots deal around it
  const rest = deck.filter((card) => held.indexOf(card) < 0);
  assert.deepEqual(botCards(deck, held, 2), rest.slice(13, 26));
});

test('a chi is laid out as a player lays it: groups first, then high to low, the wheel from the five', () => {
  // The API's own order (tests/rules: Chi.cards), for each shape a chi takes.
  assert.deepEqual(chiOrder(['2c', 'Kd', '9s', '5h', '9h']), ['9s', '9h', 'Kd', '5h', '2c']);
  assert.deepEqual(chiOrder(['Kd', '3c', 'Ks', '3h', '3s']), ['3s', '3h', '3c', 'Ks', 'Kd']);
  assert.deepEqual(chiOrder(['4c', 'Jd', '4h', 'Js', 'Ac']), ['Js', 'Jd', '4h', '4c', 'Ac']);
  assert.deepEqual(chiOrder(['3d', 'As', '5c', '2h', '4s']), ['5c', '4s', '3d', '2h', 'As']);
  assert.deepEqual(chiOrder(['Qh', '2d', 'Ts']), ['Qh', 'Ts', '2d']);
  // Every card kept, whatever the order it came in.
  const deck = shuffledDeck(7);
  for (let start = 0; start < 50; start += 5) {
    const chi = deck.slice(start, start + 5);
    assert.deepEqual(chiOrder(chi).slice().sort(), chi.slice().sort());
  }
});
