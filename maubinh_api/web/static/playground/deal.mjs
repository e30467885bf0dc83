/* Dealing from a seed and picking cards one by one. */

import { RANKS, SUITS, shuffledDeck, sortCards } from './deck.mjs';
import { HAND_SIZE, MAX_SEED } from './constants.mjs';
import { variantSpec } from './api.mjs';
import { dealQuery } from './links.mjs';
import { announce, byId, cardFace, cardName, clear, el, positionWord, randomSeed, say, t } from './page.mjs';
import { added, laidOut, rowOf, without } from './rows.mjs';
import { actions, handCards, handComplete, state } from './state.mjs';

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
    actions.setErrors('seed', [{ field: 'seed', detail: t('badSeed', { max: MAX_SEED }) }]);
    byId('seed').focus();
    return;
  }
  const deck = shuffledDeck(seed);
  actions.deal(seed, deck, laidOut(sortCards(deck.slice(0, HAND_SIZE))), t('dealt', { seed }));
}

/** The deal a link names: its cards (or the seed's), the bots' cards from its seed; what the link named
 * badly is said beside the seed. */
export function dealLinked(linked) {
  const seed = linked.seed === null ? randomSeed() : linked.seed;
  byId('seed').value = String(seed);
  const deck = shuffledDeck(seed);
  const cards = linked.cards || deck.slice(0, HAND_SIZE);
  actions.deal(seed, deck, laidOut(sortCards(cards)), t('linkOpened'));
  const problems = linked.problems.map((part) => ({ field: 'seed', detail: t('linkProblem', { what: t('linkPart.' + part) }) }));
  if (problems.length) actions.setErrors('seed', problems);
}

/** The address says the deal on the table (its seed, its 13 cards, the rules): a link to it reopens it. */
export function showDealInAddress() {
  if (!handComplete()) return;
  const query = dealQuery({ seed: state.seed, cards: sortCards(handCards()), variant: variantSpec() });
  if (window.location.search !== query) window.history.replaceState(null, '', query);
}

/** Copy the link to the deal on the table. */
export async function shareDeal() {
  showDealInAddress();
  try {
    await navigator.clipboard.writeText(window.location.href);
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
    actions.changeHand(without(state.rows, card), undefined, t('takenOut', { card: cardName(card) }));
    return;
  }
  const change = added(state.rows, card);
  if (!change) {
    say('picker-count', 'handFull'); // shown beside the picker, and read out (a status)
    return;
  }
  actions.changeHand(change.rows, undefined, t('added', { card: cardName(card), position: positionWord(change.position) }));
}

export function clearHand() {
  actions.clearHand(t('handCleared'));
}
