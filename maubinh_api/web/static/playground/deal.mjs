/* Dealing from a seed and picking cards one by one. */

import { RANKS, SUITS, shuffledDeck, sortCards } from './deck.mjs';
import { HAND_SIZE, MAX_SEED } from './constants.mjs';
import { variantSpec } from './api.mjs';
import { dealQuery } from './links.mjs';
import { announce, byId, cardFace, cardName, clear, el, positionWord, randomSeed, say, t } from './page.mjs';
import { added, copyRows, laidOut, rowOf, without } from './rows.mjs';
import { actions, handCards, handComplete, practising, state } from './state.mjs';

// ------------------------------------------------------------ deal & pick

export function readSeed() {
  const text = byId('seed').value.trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_SEED) return null;
  return Number(text);
}

/** Shuffle the 52 cards with the seed; the user gets the first 13, laid out high to low. */
export function deal() {
  const seed = readSeed();
  if (seed === null) {
    actions.setErrors('seed', [{ field: 'seed', detail: { key: 'badSeed', params: { max: MAX_SEED } } }]);
    byId('seed').focus();
    return;
  }
  const deck = shuffledDeck(seed);
  pauseRun();
  actions.deal(seed, deck, laidOut(sortCards(deck.slice(0, HAND_SIZE))), t('dealt', { seed }));
}

/** A deal of the player's own takes the table from a practice run: the run waits for them. */
function pauseRun() {
  if (practising()) actions.pausePractice(handComplete() ? copyRows(state.rows) : null);
}

/** The deal a link names: its cards (or the seed's), the bots' cards from its seed; what the link named
 * badly is said beside the seed. */
export function dealLinked(linked) {
  const seed = linked.seed === null ? randomSeed() : linked.seed;
  byId('seed').value = String(seed);
  const deck = shuffledDeck(seed);
  const cards = linked.cards || deck.slice(0, HAND_SIZE);
  pauseRun();
  actions.deal(seed, deck, laidOut(sortCards(cards)), t('linkOpened'));
  // Set as the sender set it: the player's play, so its analysis grades it.
  if (linked.arrangement) actions.placeArrangement(linked.arrangement, t('linkOpenedSet'));
  const problems = linked.problems.map((part) => ({ field: 'seed', detail: { key: 'linkProblem', params: { what: { key: 'linkPart.' + part } } } }));
  if (problems.length) actions.setErrors('seed', problems);
}

/** The query of a link to the deal on the table: its seed, its 13 cards, the rules, the arrangement
 * as set (unless the cards are as dealt) and the page's language. */
function dealLink() {
  const query = dealQuery({ seed: state.seed, cards: sortCards(handCards()), variant: variantSpec(),
    arrangement: state.asDealt ? null : copyRows(state.rows), lang: state.lang });
  return window.location.origin + window.location.pathname + query;
}

/** The address says the deal on the table, so a link to it reopens it; during a practice run it says
 * nothing, so that a reload comes back to the run (the run's deals are shared with the button). */
export function showDealInAddress() {
  if (!handComplete()) return;
  const wanted = practising() ? window.location.pathname : dealLink();
  if (window.location.href !== new URL(wanted, window.location.href).href) window.history.replaceState(null, '', wanted);
}

/** Copy the link to the deal on the table (a practice deal's too: it opens as a deal of its own). */
export async function shareDeal() {
  if (!handComplete()) {
    announce(t('needHand'));
    return;
  }
  showDealInAddress();
  try {
    await navigator.clipboard.writeText(dealLink());
    announce(t('shareCopied'));
  } catch (error) {
    announce(t('shareFailed'));
  }
}

export function newSeed() {
  byId('seed').value = String(randomSeed());
  deal();
}

/** The 52-card picker: a toggle per card, grouped by suit. */
export function buildPicker() {
  const picker = clear(byId('picker'));
  for (const suit of SUITS) {
    const group = el('div', { class: 'picker-suit', role: 'group', dataset: { suit } });
    group.append(el('span', { class: 'picker-suit-name', 'data-i18n': 'suitName.' + suit, text: t('suitName.' + suit) }));
    for (const rank of RANKS.split('').reverse()) {
      const card = rank + suit;
      const button = el('button', { type: 'button', class: 'pick suit-' + suit, 'aria-pressed': 'false',
        dataset: { card } }, cardFace(card, true));
      group.append(button);
    }
    group.setAttribute('aria-label', t('suitName.' + suit));
    picker.append(group);
  }
}

export function renderPicker() {
  const held = new Set(handCards());
  document.querySelectorAll('#picker .pick').forEach((button) => {
    const card = button.dataset.card;
    button.setAttribute('aria-pressed', held.has(card) ? 'true' : 'false');
    button.querySelector('.card-name').textContent = cardName(card);
  });
  document.querySelectorAll('#picker .picker-suit').forEach((group) => {
    group.setAttribute('aria-label', t('suitName.' + group.dataset.suit));
  });
  say('picker-count', 'pickedCount', { count: held.size });
}

export function onPick(event) {
  const button = event.target.closest('.pick[data-card]');
  if (!button) return;
  const card = button.dataset.card;
  if (rowOf(state.rows, card)) {
    pauseRun();
    actions.changeHand(without(state.rows, card), undefined, t('takenOut', { card: cardName(card) }));
    return;
  }
  const change = added(state.rows, card);
  if (!change) {
    say('picker-count', 'handFull'); // shown beside the picker, and read out (a status)
    return;
  }
  pauseRun();
  actions.changeHand(change.rows, undefined, t('added', { card: cardName(card), position: positionWord(change.position) }));
}

export function clearHand() {
  pauseRun();
  actions.clearHand(t('handCleared'));
}
