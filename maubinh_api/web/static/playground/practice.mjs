/* Practice: a run of N deals (random, or drills of a theme from POST /v1/drills), each set by the
 * player and submitted for its grade (POST /v1/arrangements/analysis), then the next; a tally as it
 * goes and a review at the end (drawn by practice-review.mjs).  The run is kept in the browser's
 * storage, so a reload finds it where it was, and it exports as a hand history for the batch tool.
 * While a deal waits to be submitted, the analysis and the best play stay hidden (checks.mjs). */

import { call, fail, variantSpec } from './api.mjs';
import { HAND_SIZE, MAX_DEAL_SEED, PATHS, STORE } from './constants.mjs';
import { shuffledDeck, sortCards } from './deck.mjs';
import { members } from './enumerations.mjs';
import {
  announce, begin, button, byId, clear, el, failedWhy, handCardNode, isCurrent, isRefused, label, number, readNumber, recall,
  say, setStatus, store, t,
} from './page.mjs';
import { renderReview, renderTally } from './practice-review.mjs';
import { copyRows, laidOut } from './rows.mjs';
import { actions, declareAsked, handCards, handComplete, state } from './state.mjs';
import { drillSeed, keepRun, mistakesToReplay } from './runs.mjs';
import { changeLines, hintOf, hintText, moveEffects, whyLines } from './why.mjs';

// The arrange timer's ticking (a browser interval): its deadline is the run's, in the store.
let countdown = null;

// ------------------------------------------------------------------ the run

/** The themes the service deals drills of (GET /v1/enumerations), random deals first; one the rules
 * or the table on the page cannot deal says what it needs, and offers what would deal it. */
export function renderThemes() {
  const select = byId('practice-theme');
  const chosen = select.value;
  const themes = members(state.enumerations, 'drill_themes');
  clear(select);
  for (const theme of themes.length ? themes : [{ key: 'any', label: null }]) {
    const needs = themeNeeds(theme.key);
    const name = theme.label ? label(theme.label) : t('themeAny');
    select.append(el('option', { value: theme.key, text: needs ? t('themeUnavailable', { name, needs: t(needs) }) : name }));
  }
  if (themes.some((theme) => theme.key === chosen)) select.value = chosen;
  renderThemeNote();
}

/** Under the themes: why the chosen one cannot be dealt here, and the button that would deal it. */
export function renderThemeNote() {
  const note = clear(byId('practice-theme-note'));
  const needs = themeNeeds(byId('practice-theme').value);
  note.hidden = !needs;
  if (!needs) return;
  const offered = needs === 'themeNeedsSapLang' && state.presets.find((preset) => preset.name === SAP_LANG_PRESET);
  const rules = offered ? label(offered.title) : '';
  note.append(el('p', { text: t(needs + 'Long', { rules }) }));
  if (offered) {
    const fix = button('practice-theme-fix', 'themeUse', () => actions.wantPreset(SAP_LANG_PRESET, 4));
    fix.textContent = t('themeUse', { rules });
    note.append(fix);
  }
}

/** The preset a sập làng drill is offered under, at a table of four (the table it needs at most). */
const SAP_LANG_PRESET = 'online';

/** What a theme needs that the rules and the table on the page lack (a text key), or null. */
function themeNeeds(key) {
  if (!state.presetDetail) return null;
  const rules = { ...state.presetDetail.rules, ...state.overrides };
  if (key === 'natural_call') {
    const naturals = { ...state.presetDetail.rules.naturals, ...(state.overrides.naturals || {}) };
    return Object.values(naturals).some((payout) => payout) ? null : 'themeNeedsNatural';
  }
  if (key === 'sap_lang' && !(rules.sap_lang && state.seats >= rules.sap_lang_min_players)) return 'themeNeedsSapLang';
  return null;
}

/** Deal a run: ``count`` drills of the chosen theme under the rules and table on the page. */
export async function startPractice() {
  const reading = readNumber(byId('practice-count').value, { whole: true }); // "1,5" is no count, never 15
  // A whole number is sent: how many drills a request may deal is the service's to say (a count out of
  // its range comes back as a problem at /count, shown by the field).
  const count = isRefused(reading) ? NaN : reading.value;
  if (!Number.isInteger(count)) {
    actions.setErrors('practice', [{ field: 'practiceCount', detail: { key: 'practiceBadCount' } }]);
    return;
  }
  actions.flushKnobEdits();
  const needs = themeNeeds(byId('practice-theme').value);
  if (needs) { // said under the themes, with the button that would deal it
    announce(t(needs + 'Long'));
    const fix = byId('practice-theme-fix');
    if (fix) fix.focus();
    return;
  }
  if (state.errors.knobs.length) { // a knob that does not read is not sent
    actions.setErrors('practice', [{ field: 'general:practice', detail: { key: 'fixRules' } }]);
    return;
  }
  const ticket = begin('drills');
  const body = { theme: byId('practice-theme').value, count, seed: Math.floor(Math.random() * MAX_DEAL_SEED),
    opponents: state.seats - 1 };
  const variant = variantSpec();
  if (variant !== undefined) body.variant = variant;
  say('practice-status', 'practiceStarting');
  const result = await call('POST', PATHS.drills, body);
  if (!isCurrent('drills', ticket)) return;
  actions.logRequests('practice', [result.entry]);
  if (!result.ok) {
    fail('practice', 'practice', result, (pointer) => (pointer === '/count' ? 'practiceCount' : null));
    say('practice-status', 'practiceFailed', { why: failedWhy('practice') });
    return;
  }
  actions.clearErrors('practice');
  setStatus('practice-status', ''); // the run's first deal says itself
  const answer = result.data;
  actions.startPractice({
    theme: answer.theme, count: answer.drills.length, seed: answer.seed, variant: variant === undefined ? null : variant,
    opponents: body.opponents, yardsticks: yardstickMap(answer.yardsticks), drills: answer.drills, index: 0,
    phase: 'arranging', results: [], started: Date.now(), paused: false, held: null, hint: null,
    timer: Number(byId('practice-timer').value) || 0, deadline: null,
  });
  dealDrill();
  focusCards(); // the start button is gone with the setup: the cards are what the player works on next
}

/** {level: {mean, sd, best_share}} from the answer's list of yardsticks. */
function yardstickMap(yardsticks) {
  const map = {};
  for (const line of yardsticks || []) map[line.level.key] = { mean: line.mean, sd: line.sd, best_share: line.best_share };
  return map;
}

/** The run's deal on the table, its cards laid out high to low (the player sets them). */
export function dealDrill(rows) {
  const run = state.practice;
  const seed = drillSeed(run, run.index);
  const cards = run.drills[run.index].cards;
  const message = t('practiceDealt', { number: run.index + 1, count: run.count });
  actions.deal(seed, shuffledDeck(seed), laidOut(sortCards(cards)), message);
  if (rows) actions.placeArrangement(rows, t('practiceRestored'));
  // The arrange timer starts as the deal first comes to the table: its deadline, a time of the clock, is
  // kept with the run, so that a reload or a pause gives no time back.
  if (run.timer && !(run.deadline && run.deadlineFor === run.index)) {
    actions.setPracticeDeadline(Date.now() + run.timer * 1000, run.index);
  }
}

/** A run of the worst deals of the runs kept at this table under these rules, each as it was dealt. */
export function startReplay() {
  const variant = variantSpec();
  const table = { variant: variant === undefined ? null : variant, opponents: state.seats - 1 };
  const drills = mistakesToReplay(state.runs, table, undefined, state.defaultPreset);
  if (!drills.length) {
    announce(t('progressNoReplay'));
    return;
  }
  actions.startPractice({
    theme: { key: 'mistakes', label: null }, count: drills.length, seed: drills[0].seed, variant: table.variant,
    opponents: table.opponents, yardsticks: null, drills, index: 0, phase: 'arranging', results: [], started: Date.now(),
    paused: false, held: null, hint: null, timer: Number(byId('practice-timer').value) || 0, deadline: null,
  });
  dealDrill();
  focusCards();
}

/** Grade the arrangement on the table as the run's deal (its rules, its table), once: a deal another tab
 * graded first keeps that grade (this tab follows the run instead). */
export async function submitPractice(timedOut = false) {
  stopCountdown(); // submitted: no second submission when the time runs out meanwhile
  if (followOtherTab()) return;
  const run = state.practice;
  if (!handComplete()) {
    actions.setErrors('practice', [{ field: 'general:practice', detail: { key: 'practiceNeedThirteen' } }]);
    return;
  }
  if (state.declareUndecided && !timedOut) { // a natural-call drill: the decision it drills is the player's to make
    actions.setErrors('practice', [{ field: 'declareChoice', detail: { key: 'practiceNeedDeclare' } }]);
    byId('declare-yes').focus();
    return;
  }
  // Undecided when the time ran out: not declared, as at a table where nobody said "báo".
  if (state.declareUndecided) actions.setDeclare(false);
  const ticket = begin('practiceGrade');
  const arrangement = copyRows(state.rows);
  const body = { arrangement, declare_natural: state.declare, opponents: run.opponents };
  if (run.variant !== null) body.variant = run.variant;
  say('practice-status', 'analysing');
  const result = await call('POST', PATHS.analysis, body);
  if (!isCurrent('practiceGrade', ticket) || state.practice !== run) return;
  actions.logRequests('practice', [result.entry]);
  if (!result.ok) {
    fail('practice', 'practice', result);
    say('practice-status', 'analysisFailed', { why: failedWhy('practice') });
    return;
  }
  if (followOtherTab()) return; // graded in another tab while this grade was on its way: that one stands
  actions.clearErrors('practice');
  setStatus('practice-status', '');
  const answer = result.data;
  actions.practiceGraded({
    cards: handCards().slice(), arrangement, declare_natural: state.declare, ev: answer.ev,
    ev_loss: answer.ev_loss, verdict: answer.verdict, lines: answer.changes.lines,
    changes: { moves: answer.changes.moves, declare_natural: answer.changes.declare_natural,
      natural: answer.natural && answer.natural.held ? answer.natural.held.label : null },
    difficulty: run.drills[run.index].difficulty || null, timed_out: timedOut,
    why: moveEffects(answer), hinted: Boolean(run.hint),
  });
  announce(t('practiceGraded', { number: run.index + 1, verdict: label(answer.verdict.label), loss: number(answer.ev_loss) }));
  actions.wantChecks(); // the analysis of the deal, now that it is graded
}

/**
 * A hint for the deal being set: which chi to look at (why.mjs), from the analysis of the arrangement on
 * the table, asked without showing it (the grade stays hidden until the cards are submitted: only the
 * hint's key is kept).  The run records it, and the tally counts the deal apart.
 */
export async function hintPractice() {
  const run = state.practice;
  if (!handComplete()) {
    actions.setErrors('practice', [{ field: 'general:practice', detail: { key: 'practiceNeedThirteen' } }]);
    return;
  }
  if (state.declareUndecided) {
    // The decision is what a natural-call drill tests: a hint on it would be the answer, and the chi
    // cannot be judged before it is made (declaring sets them aside).  Nothing is asked or recorded.
    say('practice-status', 'hintDecideFirst');
    return;
  }
  if (declareAsked()) {
    // Chosen: a hint from the analysis of that choice would say whether it was right (the chi "best as they
    // are" after declaring rightly, "think again about the natural" after not).  The same words whichever
    // the choice, then: what to weigh, nothing asked of the service, nothing recorded.
    say('practice-status', 'hintNaturalCall');
    return;
  }
  const ticket = begin('practiceHint');
  const body = { arrangement: copyRows(state.rows), declare_natural: state.declare, opponents: run.opponents };
  if (run.variant !== null) body.variant = run.variant;
  say('practice-status', 'hintAsking');
  const result = await call('POST', PATHS.analysis, body);
  if (!isCurrent('practiceHint', ticket) || state.practice !== run) return;
  actions.logRequests('practice', [result.entry]);
  if (!result.ok) {
    fail('practice', 'practice', result);
    say('practice-status', 'hintFailed', { why: failedWhy('practice') });
    return;
  }
  actions.clearErrors('practice');
  setStatus('practice-status', '');
  const look = hintOf(result.data);
  actions.practiceHinted(look);
  announce(hintText(state.lang, look));
}

export function nextPractice() {
  actions.practiceNext();
  if (state.practice.phase === 'arranging') {
    dealDrill();
    focusCards();
  } else announce(t('practiceReviewReady'));
}

export function stopPractice() {
  actions.practiceNext(true);
  announce(t('practiceReviewReady'));
}

/** Put a graded deal back on the table as the player set it (its analysis says what to change). */
export function openDeal(index) {
  const run = state.practice;
  const result = run.results[index];
  const seed = drillSeed(run, index);
  actions.deal(seed, shuffledDeck(seed), laidOut(sortCards(result.cards)), t('practiceOpened', { number: index + 1 }));
  actions.setDeclare(result.declare_natural);
  actions.placeArrangement(result.arrangement, t('practiceOpened', { number: index + 1 }), true);
}

// -------------------------------------------------------------- keeping it

/** The run the browser's storage holds, with the hand kept with it ({run, rows}), or null. */
function storedPractice() {
  try {
    const kept = JSON.parse(recall('local', STORE.practice) || 'null');
    return kept && kept.run && Array.isArray(kept.run.results) ? kept : null;
  } catch (error) {
    return null;
  }
}

/**
 * The same run, further on in another tab (a deal graded there, the next one dealt, the review): this tab
 * takes the run as it is there, and says so, rather than grade a graded deal again.  True if it did.
 */
export function followOtherTab() {
  const run = state.practice;
  const kept = storedPractice();
  const there = kept && kept.run;
  if (!run || !there || there.started !== run.started) return false;
  const ahead = there.results.length > run.results.length || there.index > run.index ||
    (there.phase === 'review' && run.phase !== 'review');
  if (!ahead) return false;
  const number = run.index + 1;
  actions.startPractice({ ...there, paused: false, held: null, askingNew: false, elsewhere: number });
  if (there.phase !== 'review') dealDrill(kept.rows || undefined);
  announce(t('practiceElsewhere', { number }));
  return true;
}

/** Another tab of this browser saved the run: this one follows it if it went further. */
export function watchOtherTabs() {
  window.addEventListener('storage', (event) => {
    if (event.key === STORE.practice && state.practice) followOtherTab();
  });
}

/** The run (and the hand being set, or held while the run waits) into the browser's storage: a reload
 * finds them. */
export function savePractice() {
  const run = state.practice;
  if (run && run.phase === 'review') { // finished: kept with the others (once)
    const kept = keepRun(state.runs, run);
    if (JSON.stringify(kept) !== JSON.stringify(state.runs)) actions.setRuns(kept);
  }
  if (!run) {
    store('local', STORE.practice, null);
    return;
  }
  const rows = run.paused ? run.held : handComplete() ? state.rows : null;
  const saved = { ...run, paused: false, held: null, askingNew: false, elsewhere: null };
  store('local', STORE.practice, JSON.stringify({ run: saved, rows }));
}

/** Back to the run's deal, as it was being set when another deal took the table. */
export function resumePractice() {
  const held = state.practice.held;
  actions.resumePractice();
  dealDrill(held || undefined);
  focusCards();
}

/**
 * The run kept by an earlier visit, back on the page: its deal on the table (true), or, with
 * ``paused`` (a link opens another deal), waiting to be resumed (false); false too when none is kept.
 */
export function restorePractice(paused = false) {
  let kept = null;
  try {
    kept = JSON.parse(recall('local', STORE.practice) || 'null');
  } catch (error) {
    kept = null; // not ours any more: forgotten
  }
  const run = kept && kept.run;
  const fine = run && Array.isArray(run.drills) && run.drills.length && Array.isArray(run.results) &&
    Number.isInteger(run.index) && run.drills[run.index] && Array.isArray(run.drills[run.index].cards) &&
    run.drills[run.index].cards.length === HAND_SIZE;
  if (!fine) {
    store('local', STORE.practice, null);
    return false;
  }
  if (paused && run.phase !== 'review') {
    actions.startPractice({ ...run, paused: true, held: kept.rows || null });
    return false;
  }
  actions.startPractice({ ...run, paused: false, held: null });
  if (run.phase === 'review') return false; // the review shows; the page deals as usual
  dealDrill(kept.rows || undefined);
  return true;
}

// ----------------------------------------------------------------- drawing

/** The practice panel as the run stands: how to start, the deal being set, its grade, the review. */
export function renderPractice() {
  const run = state.practice;
  byId('practice-setup').hidden = Boolean(run) && run.phase !== 'review';
  const box = byId('practice-run');
  // A button of the panel (or of the bar under the cards) pressed from the keyboard is drawn anew: the
  // focus goes on to the next step (the grade's Next, the cards of a new deal), not to the page.
  const bar = byId('practice-bar');
  const pressed = [box, bar].some((part) => part.contains(document.activeElement)) ? document.activeElement.id : null;
  stopCountdown(); // the deal drawn now starts its own
  drawPractice(clear(box), run);
  drawBar(clear(bar), run);
  if (pressed) focusNextStep(pressed);
}

/** Under the cards while a deal is being set: the time left and Submit, kept in view with the cards (the
 * bar sticks to the bottom of the screen while the cards are on it), not in the practice panel below. */
function drawBar(bar, run) {
  bar.hidden = !run || run.paused || run.phase !== 'arranging';
  if (bar.hidden) return;
  if (run.timer && run.deadline) bar.append(renderCountdown(run.deadline));
  bar.append(button('practice-submit', 'practiceSubmit', () => submitPractice(), 'primary'));
}

function focusNextStep(pressed) {
  const again = byId(pressed);
  if (again) {
    again.focus();
    return;
  }
  // Next and Back to the practice deal put the cards of the deal on the table: they take the focus then
  // (focusCards); after Submit, the grade's Next; else what the panel offers next.
  const next = byId('practice-next') || byId('practice-new-confirm') || byId('practice-new') || byId('practice-resume');
  if (next) next.focus();
  else if (!byId('practice-setup').hidden) byId('practice-start').focus();
}

/** The deal just put on the table takes the focus: its cards are what the player works on next. */
function focusCards() {
  const card = handCardNode(state.focusCard);
  if (card) card.focus();
}

function drawPractice(box, run) {
  if (!run) return;
  if (run.elsewhere) { // this tab was behind: the run went on in another
    box.append(el('p', { class: 'note', id: 'practice-elsewhere', text: t('practiceElsewhere', { number: run.elsewhere }) }));
  }
  if (run.paused && run.phase !== 'review') {
    box.append(renderPaused(run));
    return;
  }
  if (run.phase !== 'review') box.append(renderDeal(run));
  if (run.results.length) box.append(renderTally(run));
  if (run.phase === 'review') box.append(renderReview(run, { newRun: startPractice, openDeal }));
}

function renderDeal(run) {
  const drill = run.drills[run.index];
  const facts = [t('practiceDeal', { number: run.index + 1, count: run.count })];
  if (drill.theme) facts.push(label(drill.theme.label));
  if (drill.difficulty) facts.push(t('practiceDifficulty', { difficulty: label(drill.difficulty.label) }));
  const part = el('div', { class: 'practice-deal' }, [el('p', { class: 'practice-where', id: 'practice-where', text: facts.join(' · ') })]);
  if (run.phase === 'arranging') { // the countdown and Submit are under the cards (drawBar)
    part.append(button('practice-ask-hint', 'hintButton', hintPractice));
    part.append(button('practice-stop', 'practiceStop', stopPractice));
    // What a hint said: a chi to look at, never a card (why.mjs).
    if (run.hint) {
      part.append(el('p', { class: 'note practice-hint', id: 'practice-hint-text', text: hintText(state.lang, run.hint) }));
    }
    return part;
  }
  const graded = run.results[run.results.length - 1];
  part.append(renderGrade(graded));
  const last = run.index + 1 >= run.drills.length;
  part.append(button('practice-next', last ? 'practiceReviewButton' : 'practiceNext', nextPractice, 'primary'));
  if (!last) part.append(button('practice-stop', 'practiceStop', stopPractice));
  return part;
}

/** The time left to set the deal, a second at a time; at none, what is set is submitted (as at a
 * table, where the dealer turns the cards over). */
function renderCountdown(deadline) {
  const left = el('p', { class: 'practice-countdown', id: 'practice-countdown', role: 'timer' });
  const tick = () => {
    const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    left.textContent = t('practiceTimeLeft', { seconds });
    left.classList.toggle('urgent', seconds <= 10);
    if (seconds > 0 || !state.practice || state.practice.deadline !== deadline) return;
    stopCountdown();
    announce(t('practiceTimeUp'));
    submitPractice(true);
  };
  tick();
  countdown = window.setInterval(tick, 250);
  return left;
}

function stopCountdown() {
  if (countdown !== null) window.clearInterval(countdown);
  countdown = null;
}

/** The table holds another deal: the run says where it stopped, and goes on when the player asks. */
function renderPaused(run) {
  return el('div', { class: 'practice-deal', id: 'practice-paused' }, [
    el('p', { class: 'practice-where', id: 'practice-where',
      text: t('practicePaused', { number: run.index + 1, count: run.count }) }),
    button('practice-resume', 'practiceResume', resumePractice, 'primary'),
    button('practice-stop', 'practiceStop', stopPractice),
  ]);
}

/** What to change, as the analysis says it (why.mjs); a deal kept before the changes were kept with it, as
 * the API said it. */
function gradeLines(result) {
  if (!result.changes) return result.lines[state.lang];
  const { natural, ...changes } = result.changes;
  return changeLines(state.lang, { ...changes, lines: result.lines }, result.ev_loss, natural);
}

function renderGrade(result) {
  const why = whyLines(state.lang, result.why || null);
  // With the why, each move is said once, with what it changes; the API's lines say what else changes (a
  // declaration) and all of it when no card moves.
  const lines = why.length ? result.lines[state.lang].slice(0, result.why.declare ? 1 : 0) : gradeLines(result);
  return el('div', { class: 'practice-grade', id: 'practice-grade' }, [
    result.timed_out ? el('p', { class: 'note', id: 'practice-timed-out', text: t('practiceTimedOut') }) : null,
    el('p', {}, [
      el('span', { class: 'badge verdict verdict-' + result.verdict.key, text: label(result.verdict.label) }),
      ' ',
      el('span', { id: 'practice-loss', text: t('practiceLoss', { loss: number(result.ev_loss) }) }),
    ]),
    lines.length ? el('ul', { class: 'changes' }, lines.map((line) => el('li', { text: line }))) : null,
    why.length ? el('div', { class: 'why', id: 'practice-why' }, [
      el('p', { class: 'hint', text: t('whyHint') }),
      el('ul', { class: 'changes why-lines' }, why.map((line) => el('li', { text: line }))),
    ]) : null,
    result.hinted ? el('p', { class: 'hint', id: 'practice-hinted', text: t('hintUsed') }) : null,
  ]);
}

