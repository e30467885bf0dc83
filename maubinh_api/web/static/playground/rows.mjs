/* The three chi as the player sets them, and every way the page changes them: pure functions
 * that return new rows and never touch the ones they are given, the same in every browser and
 * under Node (tests/web/js/rows.test.mjs). Rows are {back: [cards], middle: [cards], front: [cards]},
 * the shape of an arrangement in the API. */

import { POSITIONS, SIZE } from './constants.mjs';

export function emptyRows() {
  return { back: [], middle: [], front: [] };
}

export function copyRows(rows) {
  return { back: rows.back.slice(), middle: rows.middle.slice(), front: rows.front.slice() };
}

/** The 13 (or fewer) cards, back first. */
export function allCards(rows) {
  return POSITIONS.reduce((all, position) => all.concat(rows[position]), []);
}

/** Every chi holds as many cards as it takes (5, 5 and 3). */
export function isComplete(rows) {
  return POSITIONS.every((position) => rows[position].length === SIZE[position]);
}

/** The chi holding ``card``, or null. */
export function rowOf(rows, card) {
  return POSITIONS.find((position) => rows[position].indexOf(card) >= 0) || null;
}

/** Cards laid out in order: the first five at the back, the next five in the middle, the rest in front. */
export function laidOut(cards) {
  return { back: cards.slice(0, 5), middle: cards.slice(5, 10), front: cards.slice(10, 13) };
}

/** "As Kd 9c 9h 2s|...|...": which arrangement a result describes (its box's data-for). */
export function arrangementKey(rows) {
  return POSITIONS.map((position) => rows[position].join(' ')).join('|');
}

/** The same three chi, whatever the order of the cards within each. */
export function sameArrangement(first, second) {
  return POSITIONS.every((position) => first[position].slice().sort().join() === second[position].slice().sort().join());
}

/** Two cards of the hand trade places; null when there is nothing to swap. */
export function swapped(rows, first, second) {
  const from = rowOf(rows, first);
  const to = rowOf(rows, second);
  if (!from || !to || first === second) return null;
  const next = copyRows(rows);
  next[from][rows[from].indexOf(first)] = second;
  next[to][rows[to].indexOf(second)] = first;
  return next;
}

/**
 * ``card`` moved to the chi ``target``: at its end when there is room. Into a full chi it trades
 * places with one of that chi's cards: the last one the player did not put there (``placed``: the
 * cards the player moved, most recent last), so that two moves in a row into one chi do not send
 * the first one back; if the player put them all there, the one put there longest ago.
 * Returns {rows, other}; null when the card is not in the hand or already in that chi.
 */
export function moved(rows, card, target, placed = []) {
  const from = rowOf(rows, card);
  if (!from || from === target) return null;
  const next = copyRows(rows);
  const place = rows[from].indexOf(card);
  if (rows[target].length < SIZE[target]) {
    next[from].splice(place, 1);
    next[target].push(card);
    return { rows: next, other: null };
  }
  const out = sentOut(rows[target], placed);
  const other = rows[target][out];
  next[from][place] = other;
  next[target][out] = card;
  return { rows: next, other };
}

/** The place of the card a full chi gives up: its last one not among ``placed``, else the one placed first. */
function sentOut(row, placed) {
  for (let index = row.length - 1; index >= 0; index -= 1) {
    if (placed.indexOf(row[index]) < 0) return index;
  }
  let oldest = 0;
  row.forEach((card, index) => {
    if (placed.indexOf(card) < placed.indexOf(row[oldest])) oldest = index;
  });
  return oldest;
}

/** The rows without ``card`` (the same rows when it is not there). */
export function without(rows, card) {
  const from = rowOf(rows, card);
  if (!from) return rows;
  const next = copyRows(rows);
  next[from].splice(rows[from].indexOf(card), 1);
  return next;
}

/** ``card`` added to the first chi with room, back first ({rows, position}); null when all are full. */
export function added(rows, card) {
  const position = POSITIONS.find((candidate) => rows[candidate].length < SIZE[candidate]);
  if (!position || rowOf(rows, card)) return null;
  const next = copyRows(rows);
  next[position].push(card);
  return { rows: next, position };
}

/** The card an arrow key goes to: left/right through all 13, up/down to the chi above/below, the chi in
 * ``order`` as they are drawn, top to bottom (the back first unless given). */
export function neighbour(rows, card, key, order = POSITIONS) {
  const cards = order.flatMap((position) => rows[position]);
  const index = cards.indexOf(card);
  if (key === 'Home') return cards[0];
  if (key === 'End') return cards[cards.length - 1];
  if (key === 'ArrowLeft') return cards[Math.max(0, index - 1)];
  if (key === 'ArrowRight') return cards[Math.min(cards.length - 1, index + 1)];
  const position = rowOf(rows, card);
  const step = key === 'ArrowUp' ? -1 : 1;
  for (let p = order.indexOf(position) + step; p >= 0 && p < order.length; p += step) {
    const row = rows[order[p]];
    if (row.length) return row[Math.min(row.length - 1, rows[position].indexOf(card))];
  }
  return card;
}

/**
 * The plays of an optimal answer (``best`` and its alternatives, in order) as a player tells them apart:
 * a choice worth the same points (``ev``) with the same category in each chi as one listed before it
 * (two pairs traded between two full houses, suits swapped) is that play again to a player, and is
 * folded into it.  Each play: {choice, same: [the choices folded into it]}.
 */
export function distinctPlays(choices) {
  const plays = [];
  for (const choice of choices) {
    const earlier = plays.find((play) => samePlay(play.choice, choice));
    if (earlier) earlier.same.push(choice);
    else plays.push({ choice, same: [] });
  }
  return plays;
}

function samePlay(first, second) {
  return first.ev === second.ev &&
    ['back', 'middle', 'front'].every((position) => first.chi[position].category.key === second.chi[position].category.key);
}
