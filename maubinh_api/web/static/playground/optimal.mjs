/* The best arrangement and the auto-arrangement, with the alternatives, each placed by a click. */

import { call, fail, flatCardField, withVariant } from './api.mjs';
import { HAND_SIZE, PATHS, POSITIONS } from './constants.mjs';
import {
  begin, byId, cardsColoured, clear, el, failedWhy, integer, isCurrent, label, say, setBusy, setStatus, signed, t
} from './page.mjs';
import { distinctPlays, sameArrangement } from './rows.mjs';
import { actions, handCards, handComplete, state } from './state.mjs';

// --------------------------------------------------------------- optimal

export async function optimise(objective) {
  actions.flushKnobEdits();
  const number = begin('optimal');
  if (handCards().length !== HAND_SIZE) {
    actions.setOptimal(null);
    actions.setErrors('optimal', [{ field: 'general:optimal', detail: { key: 'needHand' } }]);
    return;
  }
  if (state.errors.knobs.length) { // a knob that does not read is not sent
    actions.setOptimal(null);
    actions.setErrors('optimal', [{ field: 'general:optimal', detail: { key: 'fixRules' } }]);
    return;
  }
  setBusy('optimal-result', true);
  say('optimal-status', 'optimising');
  const body = withVariant({ cards: handCards(), objective, top: 5, opponents: state.seats - 1 });
  const result = await call('POST', PATHS.optimal, body);
  if (!isCurrent('optimal', number)) return;
  setBusy('optimal-result', false);
  actions.logRequests('optimal', [result.entry]);
  if (!result.ok) {
    actions.setOptimal(null);
    fail('optimal', 'optimal', result, flatCardField);
    say('optimal-status', 'optimalFailed', { why: failedWhy('optimal') });
    return;
  }
  actions.noteVariant(result.data.variant);
  const best = result.data.best;
  if (best.natural) actions.setDeclare(best.declare_natural);
  actions.clearErrors('optimal');
  // The answer and its first arrangement on the table, drawn once (by the hand's reaction).
  actions.placeOptimal({ objective, data: result.data }, best.arrangement,
    t(objective === 'ev' ? 'placedBest' : 'placedStrongest'));
  // The list the player asked for comes into view (on a phone it starts below the screen's edge),
  // now and once more at the next frame, after the rows above it have been laid out again (never
  // later: a jump under a player who has moved on would lose their click).
  showFirstChoice();
  requestAnimationFrame(showFirstChoice);
}

function showFirstChoice() {
  const first = document.querySelector('#optimal-result .choice');
  if (first && first.getBoundingClientRect().bottom > window.innerHeight) first.scrollIntoView({ block: 'nearest' });
}

/** Under other rules or another table size the arrangements listed are stale: drop them (and any on the way). */
export function dropOptimal() {
  begin('optimal');
  setBusy('optimal-result', false);
  setStatus('optimal-status', '');
  actions.setOptimal(null); // drawn by its reaction
  actions.setErrors('optimal', []);
}

/** The best arrangement and the alternatives, each a button that places it. */
export function renderOptimal() {
  const box = clear(byId('optimal-result'));
  const result = state.results.optimal;
  if (!result) return;
  const data = result.data;
  box.append(el('h3', { text: t(result.objective === 'ev' ? 'bestHeading' : 'strongestHeading') }));
  // One entry per play a player tells apart: the same play with cards traded between chi is said under it.
  const choices = distinctPlays([data.best].concat(data.alternatives));
  const list = el('ol', { class: 'choices' });
  choices.forEach((play, index) => list.append(renderChoice(play.choice, index, result.objective, play.same)));
  box.append(list);
  if (result.objective === 'strongest') box.append(el('p', { class: 'note', id: 'strongest-note', text: t('strongestNote') }));
  box.append(el('p', { class: 'hint', text: t('splitsStats', {
    splits: integer(data.stats.splits), legal: integer(data.stats.legal),
  }) }));
  if (data.best.natural) {
    box.append(el('p', { class: 'hint', text: t(data.best.declare_natural ? 'naturalDeclare' : 'naturalKeep', {
      label: label(data.best.natural.label),
    }) }));
  }
  setStatus('optimal-status', t('optimalSummary', { count: choices.length, ev: signed(data.best.ev) }));
}

/** Auto-arrange ranks by strength, not by points: its first choice is the strongest, not the best. */
export function renderChoice(choice, index, objective, same = []) {
  const chi = POSITIONS.map((position) => label(choice.chi[position].category.label)).join(' / ');
  const onTable = handComplete() && [choice].concat(same).some((play) => sameArrangement(play.arrangement, state.rows));
  const button = el('button', { type: 'button', class: 'small', text: t('place') });
  const first = objective === 'ev' ? 'bestChoice' : 'strongestChoice';
  const title = index === 0 ? t(first) : t('alternative', { number: index });
  button.setAttribute('aria-label', t('placeChoice', { choice: title }));
  button.addEventListener('click', () => {
    if (choice.natural) actions.setDeclare(choice.declare_natural);
    actions.placeArrangement(choice.arrangement, t('placedChoice', { choice: title }), true);
  });
  return el('li', { class: 'choice' + (onTable ? ' on-table' : ''), 'aria-current': onTable ? 'true' : null,
    dataset: { choice: String(index) } }, [
    el('span', { class: 'choice-title', text: title }),
    onTable ? el('span', { class: 'badge badge-small badge-ok', text: t('onTable') }) : null,
    el('span', { class: 'choice-ev', text: t('evShort', { ev: signed(choice.ev) }) }),
    el('span', { class: 'choice-chi', text: chi }),
    // Each chi kept on one line (a phone wraps between chi, never inside one).
    el('span', { class: 'choice-cards' }, POSITIONS.flatMap((position, index) =>
      (index ? [' | '] : []).concat(el('span', { class: 'choice-row', dataset: { position } },
        cardsColoured(choice.arrangement[position]))))),
    ...same.map((play) => el('span', { class: 'choice-same hint' }, [t('samePlay') + ' '].concat(POSITIONS.flatMap(
      (position, index) => (index ? [' | '] : []).concat(el('span', { class: 'choice-row' },
        cardsColoured(play.arrangement[position]))))))),
    button,
  ]);
}
