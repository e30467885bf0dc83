/* The live checks of the arrangement on the table: validation (fouls, bonuses, naturals) and analysis.
 * Their answers are actions of the store; the wiring draws them (and the hand's chi labels). */

import { arrangementField, call, fail, withVariant } from './api.mjs';
import { PATHS, POSITIONS } from './constants.mjs';
import {
  begin, byId, cardsText, clear, debounce, detailText, el, failedWhy, integer, isCurrent, label, markFor, number, percent,
  playRows,
  positionName, revealField, say, setBusy, setStatus, signed, t,
} from './page.mjs';
import { arrangementKey, copyRows, sameArrangement } from './rows.mjs';
import { actions, declareAsked, gradeHidden, handCards, handComplete, rulesErrors, state } from './state.mjs';
import { changeLines, moveEffects, whyLines } from './why.mjs';

// ------------------------------------------------------------ live checks

/** After any change: validate and analyse the arrangement once it holds 13 cards. */
export function scheduleChecks() {
  if (!handComplete()) {
    begin('validate');
    begin('analysis');
    actions.dropAnswers(); // its reaction draws both panels waiting
    const count = handCards().length;
    say('check-status', 'needThirteen', { count });
    say('analysis-status', 'needThirteen', { count });
    return;
  }
  debounce('checks', 150, runChecks);
}

export function runChecks() {
  if (!state.variantReady) {
    // The rules never loaded (no network, no key yet): try again now that the user acts, and
    // say beside the cards what the checks wait for (not a count of cards long since dealt).
    if (!state.variantsLoading) actions.wantRules();
    actions.checksWaiting();
    return;
  }
  if (!handComplete()) return;
  if (state.errors.knobs.length) {
    // A knob the page cannot read is not sent: the panels say so (and where) instead of asking.
    begin('validate');
    begin('analysis');
    actions.answer('validate', null, null);
    actions.answer('analysis', null, null);
    return;
  }
  validate();
  analyse();
}

/**
 * Why a check has no answer, on the page: the rules refused (with a button to the knob or preset that
 * is wrong: it may be folded away in "Edit the rules"), or the service's word on the arrangement.
 */
export function refusal(source) {
  const rules = rulesErrors();
  if (rules.length) {
    const go = el('button', { type: 'button', class: 'small', text: t('showRule') });
    go.addEventListener('click', () => revealField(rules[0].field));
    return el('div', { class: 'note refusal', dataset: { refusal: 'rules' } }, [
      el('p', { text: t('rulesRefusedHere', { detail: detailText(rules[0].detail) }) }), go,
    ]);
  }
  const errors = state.errors[source];
  if (!errors.length) return null;
  return el('div', { class: 'note refusal', dataset: { refusal: source } }, [
    el('p', { text: t(source === 'validate' ? 'checkFailed' : 'analysisRefused', { detail: detailText(errors[0].detail) }) }),
  ]);
}

// One call about the arrangement on the table (validate or analysis): its answer, or its
// errors and no answer, as the action ``answer`` (which has it drawn); nothing when a newer call
// of the same kind has taken its place.
export async function checkArrangement(kind, path, resultBox, statusBox, busyText, extra) {
  const number = begin(kind);
  setBusy(resultBox, true);
  say(statusBox, busyText);
  const arrangement = copyRows(state.rows);
  const result = await call('POST', path, withVariant({ arrangement, ...extra }));
  if (!isCurrent(kind, number)) return;
  setBusy(resultBox, false);
  actions.logRequests(kind, [result.entry]);
  if (result.ok) {
    actions.clearErrors(kind);
    actions.noteVariant(result.data.variant);
  } else {
    fail(kind, kind, result, arrangementField('/arrangement'));
  }
  actions.answer(kind, result.ok ? result.data : null, arrangementKey(arrangement));
}

export function validate() {
  return checkArrangement('validate', PATHS.validate, 'check-result', 'check-status', 'checking', {});
}

export function renderValidation() {
  const box = clear(byId('check-result'));
  const answer = state.results.validate;
  const naturalBox = byId('natural-box');
  markFor(box, answer ? state.answeredFor.validate : null);
  if (!answer) {
    naturalBox.hidden = true;
    const refused = handComplete() ? refusal('validate') : null;
    if (refused) {
      box.append(refused);
      say('check-status', 'checkFailed', { detail: { source: state.errors.knobs.length ? 'knobs' : 'validate' } });
    } else if (!handComplete() || !state.variantReady) box.append(waiting());
    return;
  }
  const reasons = answer.reasons.map((reason) => label(reason.detail));
  if (answer.fouled && state.asDealt) {
    box.append(el('div', { class: 'foul-box as-dealt', dataset: { fouled: 'true', asDealt: 'true' } }, [
      el('p', { class: 'badge badge-pending', text: t('fouledAsDealt') }),
      el('ul', { class: 'reasons' }, reasons.map((text) => el('li', { class: 'reason', text }))),
    ]));
  } else if (answer.fouled) {
    box.append(el('div', { class: 'foul-box', dataset: { fouled: 'true' } }, [
      el('p', { class: 'badge badge-foul', text: t('fouled') }),
      el('ul', { class: 'reasons' }, reasons.map((text) => el('li', { class: 'reason', text }))),
    ]));
  } else {
    box.append(el('p', { class: 'badge badge-ok', dataset: { fouled: 'false' }, text: t('notFouled') }));
  }
  const list = el('dl', { class: 'chi-list' });
  for (const position of POSITIONS) {
    const hand = answer.chi[position];
    list.append(el('dt', { text: positionName(position) }));
    list.append(el('dd', { dataset: { position, category: hand.category.key } }, [
      el('strong', { class: 'chi-label', text: label(hand.category.label) }), ' · ', label(hand.description),
    ]));
  }
  box.append(list);
  box.append(el('h4', { text: t('bonusesHeading') }));
  if (answer.bonuses.length === 0) {
    box.append(el('p', { class: 'hint', text: answer.fouled ? t('noBonusFouled') : t('noBonus') }));
  } else {
    box.append(el('ul', { class: 'bonuses' }, answer.bonuses.map((bonus) => el('li', {
      dataset: { key: bonus.key }, text: t('bonusLine', { label: label(bonus.label), value: bonus.value }),
    }))));
  }
  renderNatural(answer.natural);
  const summary = answer.fouled ? t('fouled') + ': ' + reasons.join(' ') : t('notFouled');
  setStatus('check-status', summary);
}

/** The player's choice to declare a natural, as the state holds it. */
export function renderDeclare() {
  // A natural-call drill asks it as a choice of two, none made at first; elsewhere a box, ticked by default.
  const asked = declareAsked();
  const box = byId('declare-natural');
  box.checked = state.declare;
  box.closest('label').hidden = asked;
  byId('declare-choice').hidden = !asked;
  byId('declare-yes').checked = asked && !state.declareUndecided && state.declare;
  byId('declare-no').checked = asked && !state.declareUndecided && !state.declare;
}

export function renderNatural(natural) {
  const box = byId('natural-box');
  box.hidden = !natural;
  renderDeclare();
  if (!natural) return;
  const parts = [t('naturalHeld', { label: label(natural.label), payout: natural.payout })];
  if (natural.split) {
    parts.push(t('naturalSplit', {
      back: cardsText(natural.split.back), middle: cardsText(natural.split.middle), front: cardsText(natural.split.front),
    }));
  }
  byId('natural-text').textContent = parts.join(' ');
}

export function analyse() {
  if (gradeHidden()) {
    begin('analysis'); // an analysis on its way is about the grade the run hides: dropped
    actions.answer('analysis', null, null);
    return undefined;
  }
  const extra = { declare_natural: state.declare, opponents: state.seats - 1 };
  return checkArrangement('analysis', PATHS.analysis, 'analysis-result', 'analysis-status', 'analysing', extra);
}

/** What a check waits for, on the page (not only in the status a screen reader hears). */
export function waiting() {
  if (!handComplete()) return el('p', { class: 'note waiting', text: t('needThirteen', { count: handCards().length }) });
  return el('p', { class: 'note waiting', text: t(waitingFor()) });
}

/** With all 13 cards set but no rules yet, the check panels say what they wait for (drawn again when
 * the service's refusal arrives: then it is the key). */
export function renderWaiting() {
  if (state.variantReady || !handComplete()) return;
  renderValidation();
  renderAnalysis();
  say('check-status', waitingFor());
  say('analysis-status', waitingFor());
}

/** With all 13 cards set, what the checks still wait for: the key the service asked for, or its rules. */
function waitingFor() {
  const keyAsked = Object.values(state.errors).some((found) => found.some((error) => error.field === 'apiKey'));
  return keyAsked ? 'waitKey' : 'waitRules';
}

export function renderAnalysis() {
  const box = clear(byId('analysis-result'));
  const answer = state.results.analysis;
  markFor(box, answer ? state.answeredFor.analysis : null);
  if (!answer && gradeHidden()) {
    box.append(el('p', { class: 'note waiting', id: 'practice-hidden', text: t('practiceHidden') }));
    say('analysis-status', 'practiceHidden');
    return;
  }
  if (!answer) {
    const refused = handComplete() ? refusal('analysis') : null;
    if (refused) {
      box.append(refused);
      say('analysis-status', 'analysisFailed', { why: failedWhy('analysis') });
    } else if (!handComplete() || !state.variantReady) box.append(waiting());
    return;
  }
  if (state.asDealt && !(answer.natural && answer.natural.collected)) { // a declared natural needs no setting
    // The cards as dealt are nobody's play yet: no verdict, red or not, before the player sets them.
    const text = t('analysisAsDealt', { best: signed(answer.best.ev) });
    box.append(el('p', { class: 'note as-dealt', id: 'analysis-as-dealt', text }));
    setStatus('analysis-status', text);
    return;
  }
  const verdict = el('span', { class: 'badge verdict verdict-' + answer.verdict.key, id: 'analysis-verdict',
    dataset: { verdict: answer.verdict.key }, text: label(answer.verdict.label) });
  const rank = answer.rank === null ? t('noRank') : t('rankOf', { rank: integer(answer.rank), total: integer(answer.distinct_arrangements) });
  box.append(el('dl', { class: 'figures' }, [
    el('div', {}, [el('dt', { text: t('verdict') }), el('dd', {}, verdict)]),
    el('div', {}, [el('dt', { text: t('ev') }), el('dd', { id: 'analysis-ev', text: signed(answer.ev) })]),
    el('div', {}, [el('dt', { text: t('evLoss') }), el('dd', { id: 'analysis-loss', text: number(answer.ev_loss) })]),
    el('div', {}, [el('dt', { text: t('rank') }), el('dd', { id: 'analysis-rank', text: rank })]),
    el('div', {}, [el('dt', { text: t('bestEv') }), el('dd', { text: signed(answer.best.ev) })]),
  ]));
  box.append(explainFigures(answer));
  if (answer.ev_loss > 0) box.append(comparePlays(answer));
  if (autoOnTable() && answer.ev_loss > 0) {
    box.append(el('p', { class: 'note', id: 'analysis-auto', text: t('autoNotBest') }));
  }
  box.append(el('h3', { text: t('changesHeading') }));
  const natural = answer.natural && answer.natural.held ? answer.natural.held.label : null;
  box.append(el('ul', { class: 'changes', id: 'analysis-changes' },
    changeLines(state.lang, answer.changes, answer.ev_loss, natural).map((line) => el('li', { text: line }))));
  const why = renderWhy(answer);
  if (why) box.append(why);
  if (answer.ev_loss > 0) {
    const place = el('button', { type: 'button', class: 'small', text: t('placeBest') });
    place.addEventListener('click', () => placeBest(answer));
    box.append(place);
  }
  box.append(el('h3', { text: t('oddsHeading') }));
  box.append(renderPositions(answer));
  box.append(renderScoops(answer));
  if (answer.natural) box.append(renderNaturalReview(answer));
  setStatus('analysis-status', t('analysisSummary', {
    verdict: label(answer.verdict.label), loss: number(answer.ev_loss), ev: signed(answer.ev),
  }));
}

/** The best play as three rows beside the player's (below it on a phone). */
function comparePlays(answer) {
  return el('div', { class: 'compare-plays', id: 'analysis-compare' }, [
    playRows('analysis-yours', t('compareYours', { ev: signed(answer.ev) }), answer.chi),
    playRows('analysis-best', t('compareBest', { ev: signed(answer.best.ev) }), answer.best.chi),
  ]);
}

/** What the figures above mean, in the page's words and with their own values: a disclosure a keyboard
 * opens (Enter or Space on its summary), closed until asked for. */
function explainFigures(answer) {
  const values = { ev: signed(answer.ev), loss: number(answer.ev_loss), best: signed(answer.best.ev),
    total: integer(answer.distinct_arrangements) };
  const rank = answer.rank === null ? t('explainNoRank', values) : t('explainRank', { ...values, rank: integer(answer.rank) });
  return el('details', { class: 'explained', id: 'analysis-explained' }, [
    el('summary', { text: t('explainSummary') }),
    el('ul', {}, [t('explainEv', values), t('explainLoss', values), rank].map((text) => el('li', { text }))),
  ]);
}

/** The arrangement on the table is the auto-arrangement the page placed (strongest chi first). */
function autoOnTable() {
  const optimal = state.results.optimal;
  return Boolean(optimal && optimal.objective === 'strongest' && handComplete() &&
    sameArrangement(optimal.data.best.arrangement, state.rows));
}

export function placeBest(answer) {
  actions.setDeclare(answer.best.declare_natural || !answer.natural);
  actions.placeArrangement(answer.best.arrangement, t('placedBest'), true);
}

/** Each move of the changes with what it changes, chi by chi (why.mjs): null without a move. */
export function renderWhy(answer) {
  const lines = whyLines(state.lang, moveEffects(answer));
  if (!lines.length) return null;
  return el('div', { class: 'why', id: 'analysis-why' }, [
    el('h4', { text: t('whyHeading') }),
    el('p', { class: 'hint', text: t('whyHint') }),
    el('ul', { class: 'why-lines' }, lines.map((line) => el('li', { text: line }))),
  ]);
}

/** Win / tie / lose of each chi as bars, with the numbers written out too. */
export function renderPositions(answer) {
  if (!answer.positions) return el('p', { class: 'hint', text: t('noPositions') });
  const list = el('ul', { class: 'odds' });
  for (const position of POSITIONS) {
    const odds = answer.positions[position];
    const bar = el('div', { class: 'bar', 'aria-hidden': 'true' });
    for (const part of ['win', 'tie', 'lose']) {
      const segment = el('span', { class: 'bar-' + part });
      segment.style.width = (odds[part] * 100).toFixed(2) + '%';
      bar.append(segment);
    }
    list.append(el('li', { dataset: { position } }, [
      el('span', { class: 'odds-name', text: positionName(position) }),
      bar,
      el('span', { class: 'odds-text', text: t('oddsText', {
        win: percent(odds.win), tie: percent(odds.tie), lose: percent(odds.lose), points: signed(odds.points),
      }) }),
    ]));
  }
  return el('div', {}, [list, renderShares(answer)]);
}

/**
 * The parts of the expected points as shown: each chi's points, the rest (the scoop, foul and sập làng
 * multipliers, the majority unit, the opponents' naturals) and the whole.  The rest is the whole less
 * the chi as written to two decimals, so the figures on the page add up exactly.
 */
export function renderShares(answer) {
  const chi = POSITIONS.reduce((sum, position) => sum + writtenCents(answer.positions[position].points), 0);
  const rest = (writtenCents(answer.ev) - chi) / 100;
  return el('dl', { class: 'shares', id: 'analysis-shares' }, [
    el('div', {}, [el('dt', { text: t('sharesRest') }), el('dd', { id: 'analysis-rest', text: signed(rest) })]),
    el('div', { class: 'shares-total' }, [
      el('dt', { text: t('sharesTotal') }), el('dd', { id: 'analysis-total', text: signed(answer.ev) }),
    ]),
  ]);
}

export function renderScoops(answer) {
  const items = [
    el('li', { text: t('scoopText', { value: percent(answer.scoop_chance) }) }),
    el('li', { text: t('scoopedText', { value: percent(answer.scooped_chance) }) }),
    // The chi chances above leave this out: such an opponent compares no chi.
    el('li', { class: 'opponent-natural', text: t('opponentNaturalText', { value: percent(answer.opponent_natural) }) }),
  ];
  if (answer.sap_lang_chance) {
    items.push(el('li', { text: t('sapLangText', {
      all: percent(answer.sap_lang_chance.scoops_all), byAll: percent(answer.sap_lang_chance.scooped_by_all),
    }) }));
  } else {
    items.push(el('li', { text: t('noSapLang') }));
  }
  return el('ul', { class: 'scoops' }, items);
}

/** Hundredths as the page writes a figure (Intl rounds half away from zero on the exact value): figures
 * shown as parts of a whole are made of these, so that they add up on the page. */
function writtenCents(value) {
  const written = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  return Math.round(Number(written.format(value)) * 100);
}

/**
 * The natural's review: the decision that was right (declare or not: the analysis's best play, which
 * declares when ``ev`` is at least ``chi_ev``), what the other decision is worth, and what this play
 * loses (its ``ev_loss``, as the grade writes it) in two parts: by its decision (``given_up`` when it does
 * not declare; all of it when it declares and playing the chi is worth more) and in how the chi are set
 * (the rest, as written, so that the parts add up to the loss shown).
 */
export function renderNaturalReview(answer) {
  const natural = answer.natural;
  const declareRight = answer.best.declare_natural;
  const loss = writtenCents(answer.ev_loss);
  const byDecision = natural.collected ? (declareRight ? 0 : loss) : Math.min(writtenCents(natural.given_up), loss);
  // What the other decision would change: the analysis's own figure where it has one.
  const gap = natural.collected ? (declareRight ? natural.ev - natural.chi_ev : answer.ev_loss)
    : (declareRight ? natural.given_up : natural.chi_ev - natural.ev);
  const params = { label: label(natural.held.label), payout: natural.held.payout, ev: signed(natural.ev),
    chiEv: signed(natural.chi_ev), gap: number(Math.abs(gap)), loss: number(loss / 100),
    declaring: number(byDecision / 100), chi: number((loss - byDecision) / 100) };
  const play = natural.collected ? (loss ? 'naturalPlayDeclaredWrong' : 'naturalPlayDeclared')
    : (loss ? 'naturalPlayKept' : 'naturalPlayKeptBest');
  const text = t(declareRight ? 'naturalDeclareRight' : 'naturalKeepRight', params) + ' ' + t(play, params);
  return el('p', { class: 'natural-review', id: 'natural-review' }, text);
}
