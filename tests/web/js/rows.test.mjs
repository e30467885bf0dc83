// The three chi and every change the page makes to them (rows.mjs), under Node's own test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  added, allCards, arrangementKey, copyRows, distinctPlays, emptyRows, isComplete, laidOut, moved, neighbour, rowOf,
  sameArrangement, swapped, without,
} from '../../../maubinh_api/web/static/playground/rows.mjs';
import { shuffledDeck, sortCards } from '../../../maubinh_api/web/static/playground/deck.mjs';

// Seed 14's hand as the page deals it, high to low (the hand the browser tests play).
const DEALT = laidOut(sortCards(shuffledDeck(14).slice(0, 13)));

function frozen(rows) {
  // A change that wrote into the rows it was given would throw on these.
  return Object.freeze({ back: Object.freeze(rows.back.slice()), middle: Object.freeze(rows.middle.slice()),
    front: Object.freeze(rows.front.slice()) });
}

test('thirteen cards are laid out five at the back, five in the middle and three in front', () => {
  assert.deepEqual(DEALT.back, ['Qd', 'Qc', 'Jh', 'Jd', 'Jc']);
  assert.deepEqual(DEALT.middle, ['9s', '9d', '9c', '7d', '6s']);
  assert.deepEqual(DEALT.front, ['4d', '2h', '2c']);
  assert.equal(allCards(DEALT).length, 13);
  assert.ok(isComplete(DEALT));
  assert.ok(!isComplete(without(DEALT, '2c')));
  assert.equal(rowOf(DEALT, '9d'), 'middle');
  assert.equal(rowOf(DEALT, 'As'), null);
});

test('a swap trades two cards between chi and leaves the rows it was given alone', () => {
  const rows = frozen(DEALT);
  const next = swapped(rows, 'Qd', '2c');
  assert.deepEqual(next.back, ['2c', 'Qc', 'Jh', 'Jd', 'Jc']);
  assert.deepEqual(next.front, ['4d', '2h', 'Qd']);
  assert.deepEqual(rows.back, DEALT.back);
  assert.equal(swapped(rows, 'Qd', 'Qd'), null); // a card with itself: nothing to do
  assert.equal(swapped(rows, 'Qd', 'As'), null); // a card not in the hand
});

test('a card moved to a full chi trades places with that chi last card', () => {
  const rows = frozen(DEALT);
  const { rows: next, other } = moved(rows, '9s', 'front');
  assert.equal(other, '2c');
  assert.deepEqual(next.front, ['4d', '2h', '9s']);
  assert.deepEqual(next.middle, ['2c', '9d', '9c', '7d', '6s']); // in the moved card's place
  assert.equal(moved(rows, '9s', 'middle'), null); // already there
  assert.equal(moved(rows, 'As', 'back'), null);
});

test('a second move into a full chi keeps the card just placed there and sends out another', () => {
  // 9s goes to the front, sending out 2c; then Jc follows it: 2h goes, 9s stays (issue: two moves cancelled out)
  const first = moved(frozen(DEALT), '9s', 'front');
  const second = moved(frozen(first.rows), 'Jc', 'front', ['9s']);
  assert.equal(second.other, '2h');
  assert.deepEqual(second.rows.front, ['4d', 'Jc', '9s']); // in the place of the card sent out
  assert.deepEqual(second.rows.back, ['Qd', 'Qc', 'Jh', 'Jd', '2h']);
  // every card there placed by the player: the one placed longest ago goes
  const third = moved(frozen(second.rows), 'Qd', 'front', ['4d', '9s', 'Jc']);
  assert.equal(third.other, '4d');
});

test('a card moved to a chi with room goes to its end', () => {
  const rows = frozen(without(DEALT, '4d'));
  const { rows: next, other } = moved(rows, 'Jc', 'front');
  assert.equal(other, null);
  assert.deepEqual(next.back, ['Qd', 'Qc', 'Jh', 'Jd']);
  assert.deepEqual(next.front, ['2h', '2c', 'Jc']);
});

test('picked cards fill the back first, then the middle, then the front, and no more than 13', () => {
  let rows = emptyRows();
  for (const card of allCards(DEALT)) {
    const change = added(frozen(rows), card);
    rows = change.rows;
  }
  assert.deepEqual(rows, DEALT);
  assert.equal(added(rows, 'As'), null); // a 14th card has no room
  assert.equal(added(without(rows, '2c'), 'Qd'), null); // a card already held is not added twice
  assert.deepEqual(added(without(rows, 'Qd'), 'Qd').position, 'back');
});

test('arrow keys walk the hand: left and right through all 13, up and down between chi', () => {
  assert.equal(neighbour(DEALT, 'Jc', 'ArrowRight'), '9s'); // the back's last, then the middle's first
  assert.equal(neighbour(DEALT, 'Qd', 'ArrowLeft'), 'Qd'); // the first card stays
  assert.equal(neighbour(DEALT, 'Jh', 'ArrowDown'), '9c'); // the same place one chi down
  assert.equal(neighbour(DEALT, '6s', 'ArrowDown'), '2c'); // the front is shorter: its last card
  assert.equal(neighbour(DEALT, '2h', 'ArrowUp'), '9d');
  assert.equal(neighbour(DEALT, 'Qc', 'ArrowUp'), 'Qc'); // nothing above the back
  assert.equal(neighbour(DEALT, '9c', 'Home'), 'Qd');
  assert.equal(neighbour(DEALT, '9c', 'End'), '2c');
});

test('an arrangement is the same whatever the order within each chi, and keyed in order', () => {
  const reordered = copyRows(DEALT);
  reordered.back.reverse();
  assert.ok(sameArrangement(DEALT, reordered));
  assert.ok(!sameArrangement(DEALT, swapped(DEALT, 'Qd', '9s')));
  assert.equal(arrangementKey(DEALT), 'Qd Qc Jh Jd Jc|9s 9d 9c 7d 6s|4d 2h 2c');
});

// ------------------------------------------------------------------ plays a player tells apart (issue 54, D11)

/** A choice of an optimal answer: its arrangement, its points and each chi's category. */
function choice(back, middle, front, ev, categories) {
  const arrangement = { back: back.split(' '), middle: middle.split(' '), front: front.split(' ') };
  const chi = {};
  ['back', 'middle', 'front'].forEach((position, index) => {
    chi[position] = { category: { key: categories[index] } };
  });
  return { arrangement, ev, chi };
}

test('the same play with cards traded between chi is folded into the first, a different one is not', () => {
  // Seed 14's strongest and its first alternative: the Queens and the Twos traded between two full
  // houses, the same chi and the same points to a player.
  const houses = ['full_house', 'full_house', 'high_card'];
  const strongest = choice('Jh Jd Jc 2h 2c', '9s 9d 9c Qd Qc', '7d 6s 4d', 1.3255, houses);
  const traded = choice('Jh Jd Jc Qd Qc', '9s 9d 9c 2h 2c', '7d 6s 4d', 1.3255, houses);
  const other = choice('Jh Jd Jc 2h 2c', '9s 9d 9c 6s 4d', 'Qd Qc 7d', 3.2565, ['full_house', 'trips', 'pair']);
  // Same points but another chi: another play.
  const sameEv = choice('Jh Jd Jc 2h 2c', '9s 9d 9c 7d 4d', 'Qd Qc 6s', 1.3255, ['full_house', 'trips', 'pair']);
  const plays = distinctPlays([strongest, traded, other, sameEv]);
  assert.deepEqual(plays.map((play) => play.choice), [strongest, other, sameEv]);
  assert.deepEqual(plays[0].same, [traded]);
  assert.deepEqual(plays[1].same, []);
  assert.deepEqual(distinctPlays([]), []);
});

test('the arrows follow the chi as drawn: up from the back is the middle when the front is on top (issue 54)', () => {
  const appsOrder = ['front', 'middle', 'back']; // chi 3 on top, chi 1 at the bottom, as apps draw them
  assert.equal(neighbour(DEALT, 'Qc', 'ArrowUp', appsOrder), '9d'); // the back's second card: the middle's second
  assert.equal(neighbour(DEALT, 'Qc', 'ArrowDown', appsOrder), 'Qc'); // nothing below the back
  assert.equal(neighbour(DEALT, '2h', 'ArrowDown', appsOrder), '9d'); // the front's second: the middle's second
  assert.equal(neighbour(DEALT, DEALT.front[0], 'Home', appsOrder), DEALT.front[0]); // the top row comes first
  assert.equal(neighbour(DEALT, DEALT.back[4], 'End', appsOrder), DEALT.back[4]);
  assert.equal(neighbour(DEALT, DEALT.front[2], 'ArrowRight', appsOrder), DEALT.middle[0]);
});
