/* Dealing from a seed, dealing with proof (a deal anyone can check) and picking cards one by one. */

import { RANKS, SUITS, shuffledDeck, sortCards } from './deck.mjs';
import { HAND_SIZE, KEY_SET, MAX_DEAL_SEED, PATHS } from './constants.mjs';
import { call, fail, fillPath, variantSpec } from './api.mjs';
import { VERIFIERS, checkDeal, commitmentReads, dealReads, isClientSeed, randomClientSeed, verdict } from './fair-deal.mjs';
import { dealQuery } from './links.mjs';
import {
  announce, begin, byId, cardFace, cardName, clear, el, isCurrent, locale, positionWord, randomSeed, say, setBusy, setStatus,
  t,
} from './page.mjs';
import { added, copyRows, laidOut, rowOf, without } from './rows.mjs';
import { actions, handCards, handComplete, practising, state } from './state.mjs';

// ------------------------------------------------------------ deal & pick

export function readSeed() {
  const text = byId('seed').value.trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_DEAL_SEED) return null;
  return Number(text);
}

/** Shuffle the 52 cards with the seed; the user gets the first 13, laid out high to low. */
export function deal() {
  const seed = readSeed();
  if (seed === null) {
    actions.setErrors('seed', [{ field: 'seed', detail: { key: 'badSeed', params: { max: MAX_DEAL_SEED } } }]);
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

// ------------------------------------------------------ a deal anyone can check

/** "Deal with proof": the service commits to its seed (POST /v1/deals) before the player has one; the
 * player's seed field is filled with one made in this browser, which they may change. */
export async function startProof() {
  const number = begin('proof');
  begin('proofCheck'); // a check under way is of the deal before
  setBusy('proof-checks', false);
  actions.clearErrors('proof');
  say('proof-status', 'proofCommitting');
  const result = await call('POST', PATHS.deals);
  if (!isCurrent('proof', number)) return;
  actions.logRequests('proof', [result.entry]);
  if (!result.ok || !commitmentReads(result.data)) {
    proofFailed(result, 'proofCommitFailed');
    return;
  }
  byId('proof-seed').value = randomClientSeed();
  actions.proofCommitted(result.data);
  say('proof-status', 'proofCommitted');
}

/** "Deal these cards": the deal of the commitment with the player's seed, for the table's seats
 * (POST /v1/deals/{deal_id}).  Seat 0's cards are the player's hand; the deck is the deal's, so
 * that the bots (botCards: the deck without the player's 13, 13 a seat) hold seats 1, 2, 3. */
export async function dealProof() {
  const proof = state.proof;
  if (!proof || proof.deal) return;
  const field = byId('proof-seed');
  const clientSeed = field.value.trim();
  if (!isClientSeed(clientSeed)) {
    actions.setErrors('proof', [{ field: 'proofSeed', detail: { key: 'badProofSeed' } }]);
    field.focus();
    return;
  }
  const number = begin('proof');
  const seats = state.seats;
  actions.clearErrors('proof');
  say('proof-status', 'proofDealing', { seats });
  const body = { client_seeds: [clientSeed], seats };
  const result = await call('POST', fillPath(PATHS.deal, { deal_id: proof.commitment.deal_id }), body);
  if (!isCurrent('proof', number)) return;
  actions.logRequests('proof', [result.entry]);
  const deal = result.data;
  if (!result.ok || !dealReads(deal) || deal.hands.length !== seats) {
    proofFailed(result, 'proofDealFailed');
    return;
  }
  pauseRun();
  // The status line says it (an announcement of the deal too would be read twice).
  actions.deal(state.seed, deal.deck.slice(), laidOut(sortCards(deal.hands[0])), '', { deal, clientSeed });
  say('proof-status', 'proofDealt');
  byId('proof-check').focus(); // the button pressed is gone with the seed field: the next step has the focus
}

/** A call of the proof that failed (or answered what does not read as its answer): said beside it. */
function proofFailed(result, key) {
  if (result.ok) actions.setErrors('proof', [{ field: 'general:proof', detail: { key: 'proofUnread' } }]);
  else fail('proof', 'proof', result, proofField);
  say('proof-status', key, { detail: { source: 'proof' } });
}

/** '/client_seeds/0' is the player's seed; '/seats' the table's size. */
function proofField(pointer) {
  if (/^\/client_seeds/.test(pointer)) return 'proofSeed';
  return pointer === '/seats' ? 'seats' : null;
}

/** "Check this deal": every step recomputed here with WebCrypto (fair-deal.mjs), the signature with the
 * deployment's key set (GET /.well-known/jwks.json) when the commitment is signed. */
export async function checkProof() {
  const proof = state.proof;
  if (!proof || !proof.deal) return;
  const number = begin('proofCheck');
  actions.proofChecked(null);
  setBusy('proof-checks', true);
  say('proof-status', 'proofChecking');
  const entries = [];
  let keys = null;
  if (proof.commitment.signed) {
    const answer = await call('GET', KEY_SET);
    entries.push(answer.entry);
    if (answer.ok) keys = answer.data;
  }
  // Plain copies of the store's (read-only) answers, as they came.
  const commitment = JSON.parse(JSON.stringify(proof.commitment));
  const deal = JSON.parse(JSON.stringify(proof.deal));
  let checks;
  try {
    checks = await checkDeal(commitment, deal, keys, { clientSeed: proof.clientSeed, held: handCards() });
  } catch (error) {
    checks = [{ step: 'crypto', result: 'unavailable' }]; // a WebCrypto that refuses what it offers
  }
  if (!isCurrent('proofCheck', number) || !state.proof || state.proof.deal !== proof.deal) return;
  setBusy('proof-checks', false);
  if (entries.length) actions.logRequests('proof', entries);
  actions.proofChecked(checks);
  say('proof-status', 'proofVerdict.' + verdict(checks));
}

/** A proven deal left the table (another deal took its place): a check under way of it is dropped,
 * and what the status line said of it goes. */
export function proofGone() {
  begin('proofCheck');
  setBusy('proof-checks', false);
  setStatus('proof-status', '');
}

const MARKS = { holds: '✓', fails: '✗', unsigned: '–', unavailable: '–' };

/** The proof held: the commitment (and, once dealt, the seeds), and each step of its check. */
export function renderProof() {
  const proof = state.proof;
  const facts = byId('proof-facts');
  // A long value opened to be read stays open while the proof is drawn again (its check, a language).
  const opened = new Set(Array.from(facts.querySelectorAll('details[open]'), (node) => node.dataset.fact));
  clear(facts);
  const lines = clear(byId('proof-checks'));
  byId('proof').hidden = !proof;
  if (!proof) return;
  const dealt = Boolean(proof.deal);
  byId('proof-seed-group').hidden = dealt; // the commitment is spent: another seed would be another deal
  byId('proof-check').hidden = !dealt;
  const commitment = proof.commitment;
  const signature = commitment.signed
    ? [t('proofSignedBy'), ' ', el('code', { class: 'proof-code', text: commitment.key_id })]
    : t('proofUnsigned');
  const shown = [
    ['dealId', el('code', { class: 'proof-code', text: commitment.deal_id })],
    ['hash', longValue(commitment.server_seed_hash, 'hash', opened)],
    ['at', el('time', { datetime: commitment.at, text: committedAt(commitment.at) })],
    ['signature', signature],
  ];
  if (dealt) {
    shown.push(['serverSeed', longValue(proof.deal.server_seed, 'serverSeed', opened)]);
    shown.push(['yourSeed', el('code', { class: 'proof-code', text: proof.clientSeed })]);
    shown.push(['seats', String(proof.deal.seats)]);
  }
  for (const [name, value] of shown) {
    facts.append(el('dt', { text: t('proofFact.' + name) }), el('dd', { dataset: { fact: name } }, value));
  }
  if (proof.checks) proof.checks.forEach((found) => lines.append(checkLine(found)));
}

/** A value too long to read at a glance: its start and end, and the whole of it a press away. */
function longValue(text, name, opened) {
  const short = text.length > 28 ? text.slice(0, 19) + '…' + text.slice(-6) : text;
  return el('details', { class: 'proof-long', open: opened.has(name), dataset: { fact: name } }, [
    el('summary', {}, [el('code', { text: short }), ' ', el('span', { class: 'visually-hidden', text: t('proofInFull') })]),
    el('code', { class: 'proof-code proof-full', text }),
  ]);
}

/** The commitment's time as the page's language writes a date and time (the answer's own text if it does not read). */
function committedAt(at) {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'medium' });
}

/** One step of the check: a mark and a word (holds, fails, not checked), then what was checked. */
function checkLine(found) {
  const reason = found.code ? t('proofReason.' + found.code) : '';
  const item = el('li', { class: 'proof-step proof-' + found.result, dataset: { step: found.step, result: found.result } }, [
    el('span', { class: 'proof-mark', 'aria-hidden': 'true', text: MARKS[found.result] }), ' ',
    el('strong', { text: t('proofResult.' + found.result) }), ' ',
    t('proofStep.' + found.step + '.' + found.result, { reason }),
  ]);
  if (found.result === 'unavailable') {
    VERIFIERS.forEach(([name, language], index) => {
      item.append(index ? ', ' : ' ', el('code', { text: name }), ' (' + language + ')');
    });
    item.append('.');
  }
  return item;
}
