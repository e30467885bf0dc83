/* The page's store: its one state, every key declared here, the named actions that are the only
 * code to write it, and the events those actions send to their subscribers (playground.js, which
 * draws the parts that show what changed and starts the work one part asks of another).
 *
 * Everyone else reads ``state``, a read-only view: a write through it throws.  Not in the store,
 * because they are handles on the browser rather than what the page shows, and no other module
 * reads them: the timers of page.mjs, the drag of hand.mjs (and the click it swallows) and the
 * knob inputs of variants.mjs (the elements each knob is read from). */

import { DEFAULT_LEVELS } from './constants.mjs';
import { allCards, copyRows, emptyRows, isComplete } from './rows.mjs';

// -------------------------------------------------------------------- state

// The sources of field errors, the sections of the request log, the kinds of numbered calls and
// the status lines: each map has its keys from the start.
// 'knobs': the page's own reading of the knobs (a decimal that does not read), before any call.
const SOURCES = ['seed', 'validate', 'analysis', 'optimal', 'table', 'variant', 'practice', 'knobs', 'proof'];
const SECTIONS = ['variant', 'validate', 'analysis', 'optimal', 'table', 'practice', 'proof'];
const CALLS = ['validate', 'analysis', 'optimal', 'table', 'variants', 'preset', 'variantCheck', 'drills', 'practiceGrade',
  'practiceHint', 'proof', 'proofCheck'];
const STATUSES = [
  'check-status', 'analysis-status', 'optimal-status', 'table-status', 'variant-status', 'picker-count', 'practice-status',
  'proof-status',
];

function keyed(keys, value) {
  return Object.seal(Object.fromEntries(keys.map((key) => [key, value()])));
}

const data = Object.seal({
  lang: 'en',
  apiKey: '',
  budget: [], // what is left of the key's limits: [{limit, remaining, reset}]
  seed: 0,
  deck: [], // the 52 cards as shuffled: seat i is dealt deck[13 i .. 13 i + 12]
  // A deal anyone can check (deal.mjs, fair-deal.mjs), or null: {commitment} (POST /v1/deals) until it is
  // dealt, then {commitment, deal (POST /v1/deals/{deal_id}), clientSeed (the player's, as sent), checks
  // (fair-deal.mjs's steps once checked, else null)}.  Another deal on the table takes a dealt one away.
  proof: null,
  rows: emptyRows(), // the user's cards, chi by chi (each change made by rows.mjs)
  picked: null, // the card picked up (click, Enter or Space) to swap with another
  placed: [], // the cards the player moved into a chi, most recent last: a full chi keeps them
  asDealt: false, // the hand is as dealt (high to low): nobody has set it yet
  // The hand before each change the player made (undo) and after each undone one (redo), most recent
  // last: {rows, placed, asDealt, message}, the message saying the change.  A deal starts them anew.
  undo: [],
  redo: [],
  focusCard: null, // the card holding the hand's single tab stop (always one of the hand's, or null)
  declare: true,
  // The player has not chosen yet whether to declare the natural: a natural-call practice deal starts so
  // (the decision is what it drills), until a choice is made; ``declare`` then means nothing.
  declareUndecided: false,
  // A practice run (practice.mjs), or null: {theme, count, seed, variant, opponents, yardsticks,
  // drills, index, phase ('arranging', 'graded' or 'review'), results, started, paused, held}: paused
  // while the table holds another deal (one the player dealt, picked or opened by link), the
  // drill's arrangement held until the run resumes; hint: what a hint said of the deal being set (a
  // chi's key, 'best' or 'natural'; why.mjs), or null, and each result's ``hinted`` whether one was asked;
  // timer (seconds, 0 for none), deadline (a time of the clock, ms) and deadlineFor (the deal it times);
  // elsewhere: the number of the deal this tab was on when the run went further in another tab, or null.
  practice: null,
  runs: [], // the practice runs this browser kept (runs.mjs), the newest last
  seats: 4,
  levels: DEFAULT_LEVELS.slice(),
  // The chi drawn as rows (the hand, the plays compared, the seats): 'apps', chi 3 (the front) on top and chi 1
  // (the back) at the bottom, numbered, as game apps show them; 'back-first', the back on top, unnumbered.
  chiOrder: 'apps',
  currency: null, // the bet's currency as the player chose it (an ISO code, or 'none'); null: the language's
  presets: [],
  enumerations: null, // GET /v1/enumerations: levels, knob choices and map keys with their labels
  defaultPreset: null,
  preset: null,
  presetDetail: null,
  overrides: {}, // the knobs changed from the preset, as sent: {name: value}
  variantReady: false,
  variantDirty: false, // a knob was edited and its debounce has not fired yet
  variantsLoading: false,
  variantRef: null,
  linkedVariant: null, // the rules a link named ({preset, overrides}), until the presets have come
  // The language each decimal field was last written in (a switch of language rewrites it: 10,5 is 10.5).
  writtenIn: Object.seal({ bet: null, knobs: null }),
  // The request behind each source's errors as long as they are shown ({entry, section, where}), so that
  // a switch of language can ask for its problem in the new one.
  failures: keyed(SOURCES, () => null),
  results: Object.seal({ validate: null, analysis: null, optimal: null, table: null }),
  answeredFor: Object.seal({ validate: null, analysis: null }), // the arrangement each check's answer is about
  errors: keyed(SOURCES, () => []), // field errors by the call that found them: [{field, detail}]
  logs: keyed(SECTIONS, () => []), // the requests of each section's last action
  seq: keyed(CALLS, () => 0), // the latest call of each kind: older answers are dropped
  statuses: keyed(STATUSES, () => null), // status lines as text keys {key, params}, to translate on a language switch
});

// ------------------------------------------------------------ reading it

const views = new WeakMap();

/** ``target`` seen through a proxy that refuses every write (the same proxy each time). */
function readOnly(target) {
  if (target === null || typeof target !== 'object') return target;
  if (!views.has(target)) {
    views.set(target, new Proxy(target, {
      get: (object, key) => readOnly(Reflect.get(object, key)),
      set: refuse,
      deleteProperty: refuse,
      defineProperty: refuse,
      setPrototypeOf: refuse,
    }));
  }
  return views.get(target);
}

function refuse(object, key) {
  throw new TypeError('the page state is written by the actions of state.mjs only (' + String(key) + ')');
}

export const state = readOnly(data);

export function handCards() {
  return allCards(data.rows);
}

export function handComplete() {
  return isComplete(data.rows);
}

/** A practice deal is on the table (the run is neither paused nor over). */
export function practising() {
  return data.practice !== null && !data.practice.paused && data.practice.phase !== 'review';
}

/** A practice deal waits to be submitted: its grade (the analysis, the best play) must not show yet. */
export function gradeHidden() {
  return practising() && data.practice.phase === 'arranging';
}

/** A natural-call drill is on the table, in a run of them or replayed among mistakes (a drill keeps its
 * theme): whether to declare is asked as a choice of two, none made at first (checks.mjs draws it;
 * practice.mjs asks for it before grading). */
export function declareAsked() {
  if (!practising()) return false;
  const drill = data.practice.drills[data.practice.index];
  return [data.practice.theme, drill && drill.theme].some((theme) => Boolean(theme) && theme.key === 'natural_call');
}

/** The errors that stop the rules from being sent: a knob the page cannot read, or the service's refusal
 * of the rules (a knob, or the preset), whichever call found it. */
export function rulesErrors() {
  const found = data.errors.knobs.slice();
  for (const source of ['variant', 'validate', 'analysis']) {
    for (const error of data.errors[source]) {
      if ((error.field === 'preset' || error.field.indexOf('knob:') === 0) && found.indexOf(error) < 0) found.push(error);
    }
  }
  return found;
}

/** The first message a section's failed call left (what its status line says, whatever the field). */
export function firstDetail(source) {
  return data.errors[source].length ? data.errors[source][0].detail : '';
}

// ---------------------------------------------------------------- events

const listeners = [];

/** ``listener(type, detail)`` after every action that sends an event. */
export function subscribe(listener) {
  listeners.push(listener);
}

function send(type, detail) {
  for (const listener of listeners) listener(type, detail || {});
}

// --------------------------------------------------------------- actions

/** A new arrangement of the cards: whatever was said about the old one goes with it. */
function arrange(rows, focus, placed = []) {
  data.rows = rows;
  const cards = allCards(rows);
  data.placed = placed.filter((card) => cards.indexOf(card) >= 0);
  const wanted = focus === undefined ? data.focusCard : focus;
  data.focusCard = cards.indexOf(wanted) >= 0 ? wanted : cards[0] || null;
  data.picked = null;
  data.asDealt = false;
  for (const source of ['validate', 'analysis', 'optimal', 'table']) data.errors[source] = [];
  // The chi labels of the old arrangement must not stay next to the new one while it is checked.
  data.results.validate = null;
}

/** Most changes kept for undo: a hand is set in a few dozen moves. */
const UNDO_DEPTH = 200;

function snapshot(message) {
  return { rows: copyRows(data.rows), placed: data.placed.slice(), asDealt: data.asDealt, message };
}

/** Keep the hand as it is before a change the player makes (``message`` says the change). */
function remember(message) {
  data.undo = data.undo.concat([snapshot(message)]).slice(-UNDO_DEPTH);
  data.redo = [];
}

/** Go back (``from`` undo, ``to`` redo) or forward: the hand as it was, and the way back kept. */
function travel(from, to, say) {
  const stack = data[from];
  if (!stack.length) return false;
  const entry = stack[stack.length - 1];
  data[from] = stack.slice(0, -1);
  data[to] = data[to].concat([snapshot(entry.message)]);
  arrange(copyRows(entry.rows), undefined, entry.placed);
  data.asDealt = entry.asDealt;
  send('hand', { message: say(entry.message) });
  return true;
}

export const actions = Object.freeze({
  /** The language, the key and the chi's order saved by an earlier visit, before the page is first drawn. */
  restore(lang, apiKey, chiOrder = 'apps') {
    data.lang = lang;
    data.apiKey = apiKey;
    data.chiOrder = chiOrder;
  },

  setLanguage(lang) {
    data.lang = lang;
    send('language');
  },

  /** The order and names of the chi drawn as rows, as the player chose ('apps' or 'back-first'). */
  setChiOrder(order) {
    data.chiOrder = order;
    send('chiOrder');
  },

  /** A new key: its budget is not known yet. */
  setApiKey(key) {
    data.apiKey = key;
    data.budget = [];
  },

  setBudget(windows) {
    data.budget = windows;
    send('budget');
  },

  /** The next call of a kind: its number, which an older call's answer no longer matches. */
  nextCall(kind) {
    data.seq[kind] += 1;
    return data.seq[kind];
  },

  noteStatus(id, status) {
    data.statuses[id] = status;
  },

  /** The requests of a section's latest action (those it did not send left out), in place of the last's. */
  logRequests(section, entries) {
    data.logs[section] = entries.filter(Boolean);
    send('log', { section });
  },

  // ---- the hand

  /** The cards moved (or came, or went); ``focus`` keeps the tab stop on that card. */
  changeHand(rows, focus, message) {
    remember(message);
    arrange(rows, focus, data.placed);
    send('hand', { message });
  },

  /** The player moved ``card`` into a chi (``rows`` the result): a full chi keeps it on the next move. */
  moveHand(rows, card, message) {
    remember(message);
    arrange(rows, card, data.placed.filter((other) => other !== card).concat([card]));
    send('hand', { message });
  },

  /** Put the cards as an answer of the API laid them out; ``focus``: the keyboard follows them to the
   * hand (a Place button the player pressed is drawn anew, and its focus would fall to the page). */
  placeArrangement(arrangement, message, focus = false) {
    remember(message);
    arrange(copyRows(arrangement), arrangement.back[0]);
    send('hand', { message, focus });
  },

  clearHand(message) {
    remember(message);
    arrange(emptyRows(), null);
    data.results.optimal = null;
    send('hand', { message });
  },

  /** Shuffled with ``seed``: the user's cards laid out high to low, not set by anyone yet.  ``proven``:
   * the deal of the commitment held, {deal, clientSeed} (``deck`` is its deck); without it, a deal dealt
   * with proof before leaves the table, and its proof with it. */
  deal(seed, deck, rows, message, proven = null) {
    data.errors.seed = [];
    data.seed = seed;
    data.deck = deck;
    const dropped = !proven && data.proof !== null && data.proof.deal !== null;
    if (proven) data.proof = { commitment: data.proof.commitment, deal: proven.deal, clientSeed: proven.clientSeed, checks: null };
    else if (dropped) data.proof = null;
    data.declare = true; // outside a natural-call drill, a natural is declared unless the player says not
    data.declareUndecided = declareAsked() && data.practice.phase === 'arranging';
    data.results.optimal = null;
    data.undo = [];
    data.redo = [];
    arrange(rows, rows.back[0]);
    // A foul of the cards as dealt is shown as what to mend, not as a mistake.
    data.asDealt = true;
    send('hand', { message });
    send('dealt');
    if (proven || dropped) send('proof', { gone: dropped });
  },

  /** Take back the last change of the hand; ``say(what)`` is the announcement of the change undone.
   * False when there is nothing to undo. */
  undo(say) {
    return travel('undo', 'redo', say);
  },

  /** Make again the last change undone (false when there is none); ``say`` as for undo. */
  redo(say) {
    return travel('redo', 'undo', say);
  },

  /** A card picked up (or put down: null); ``message`` is what to announce. */
  pick(card, message) {
    data.picked = card;
    send('picked', { message });
  },

  setFocus(card) {
    data.focusCard = card;
  },

  /** Whether the player declares a natural; ``byPlayer``: the player ticked it (what was worked out
   * with the other choice goes), not a placed answer, which brings its own. */
  setDeclare(declare, byPlayer = false) {
    data.declare = declare;
    data.declareUndecided = false;
    send('declare', { byPlayer });
  },

  setSeats(seats) {
    data.seats = seats;
    send('seats');
  },

  setLevel(seat, level) {
    data.levels[seat - 1] = level;
    send('level', { seat });
  },

  /** The currency the bet is in (an ISO code, or 'none': not said), as the player chose it. */
  setCurrency(currency) {
    data.currency = currency;
    send('currency');
  },

  // ---- a deal anyone can check

  /** The service committed to its seed (POST /v1/deals): a new proof begins, waiting for the player's seed. */
  proofCommitted(commitment) {
    data.proof = { commitment, deal: null, clientSeed: null, checks: null };
    send('proof', { gone: false });
  },

  /** The steps of the check of the proven deal on the table (null: not checked, or being checked again). */
  proofChecked(checks) {
    data.proof = { ...data.proof, checks };
    send('proof', { gone: false });
  },

  // ---- practice

  /** A practice run begins (or comes back from the browser's storage after a reload). */
  startPractice(run) {
    data.practice = run;
    send('practice');
  },

  /** The deal on the table is graded: its result joins the run's. */
  practiceGraded(result) {
    data.practice = { ...data.practice, phase: 'graded', hint: null, elsewhere: null,
      results: data.practice.results.concat([result]) };
    data.asDealt = false; // submitted as it is, it is the player's play: graded as one
    send('practice');
  },

  /** On to the next deal of the run, or to its review after the last (or when the player stops). */
  practiceNext(stop = false) {
    const run = data.practice;
    const last = stop || run.index + 1 >= run.drills.length;
    data.practice = last ? { ...run, phase: 'review', hint: null, elsewhere: null }
      : { ...run, index: run.index + 1, phase: 'arranging', hint: null, elsewhere: null };
    send('practice');
  },

  /** A hint for the deal being set (``look``: a chi's key, 'best' or 'natural'): shown, and its grade
   * counted apart. */
  practiceHinted(look) {
    data.practice = { ...data.practice, hint: look };
    send('practice');
  },

  endPractice() {
    data.practice = null;
    send('practice');
  },

  /** The runs this browser keeps (read back from its storage, or with a run just finished). */
  setRuns(runs) {
    data.runs = runs;
    send('runs');
  },

  /** The player asked for a run of the worst deals of the runs kept. */
  wantReplay() {
    send('replayWanted');
  },

  /** The arrange timer of the run's deal ``index`` runs out at ``deadline`` (a time in ms). */
  setPracticeDeadline(deadline, index) {
    data.practice = { ...data.practice, deadline, deadlineFor: index };
    send('practice');
  },

  /** The review asks before a new run replaces it (``asking``), or stops asking. */
  askNewPractice(asking) {
    data.practice = { ...data.practice, askingNew: asking };
    send('practice');
  },

  /** Another deal takes the table: the run waits, holding the drill's arrangement (``held``). */
  pausePractice(held) {
    if (!practising()) return;
    data.practice = { ...data.practice, paused: true, held };
    send('practice');
  },

  /** Back to the run's deal (the wiring's caller deals it again, with the arrangement held). */
  resumePractice() {
    data.practice = { ...data.practice, paused: false, held: null };
    send('practice');
  },

  // ---- answers and errors

  /** A check's answer (or null) about the arrangement ``key`` names. */
  answer(kind, answer, key) {
    data.results[kind] = answer;
    data.answeredFor[kind] = answer ? key : null;
    send('answer', { kind });
  },

  /** The checks wait for a full hand: their old answers go. */
  dropAnswers() {
    data.results.validate = null;
    data.results.analysis = null;
    send('answersDropped');
  },

  setOptimal(result) {
    data.results.optimal = result;
    send('optimal');
  },

  /** The optimal answer and the arrangement of it placed on the table: one event, one drawing. */
  placeOptimal(result, arrangement, message) {
    data.results.optimal = result;
    remember(message);
    arrange(copyRows(arrangement), arrangement.back[0]);
    send('hand', { message });
  },

  /** The table's settlement (or null) and its errors. */
  setTable(result, errors) {
    data.results.table = result;
    data.errors.table = errors;
    send('table');
  },

  /** The table is dropped; its errors go from the page with the next drawing of errors. */
  clearTable() {
    const shown = data.results.table !== null;
    data.results.table = null;
    data.errors.table = [];
    if (shown) send('table');
  },

  /** The failed request behind ``source``'s errors (null: none to ask again). */
  noteFailure(source, failure) {
    data.failures[source] = failure;
  },

  /** ``field`` ('bet' or 'knobs') is now written in ``lang``. */
  noteWrittenIn(field, lang) {
    data.writtenIn[field] = lang;
  },

  setErrors(source, errors) {
    data.errors[source] = errors;
    send('errors');
  },

  clearErrors(source) {
    if (data.errors[source].length) actions.setErrors(source, []);
  },

  // ---- the rules

  rulesLoading() {
    data.variantReady = false;
    data.variantsLoading = true;
  },

  rulesAnswered() {
    data.variantsLoading = false;
  },

  setEnumerations(enumerations) {
    data.enumerations = enumerations;
    send('enumerations');
  },

  setPresets(presets, defaultPreset) {
    data.presets = presets;
    data.defaultPreset = defaultPreset;
    send('presets');
  },

  /** The rules a link named, applied once the presets have come. */
  wantVariant(variant) {
    data.linkedVariant = variant;
  },

  /** A preset's rules, shown with ``overrides`` (a link's, which is then used up) on its knobs. */
  setPreset(name, detail, overrides = {}) {
    data.preset = name;
    data.presetDetail = detail;
    data.overrides = overrides;
    data.linkedVariant = null;
    data.variantReady = true;
    send('preset');
  },

  /** The knobs back to the preset's values. */
  resetOverrides() {
    data.overrides = {};
    send('knobsReset');
  },

  /** The knobs as they stand; ``edited`` while the edit waits for its debounce. */
  setOverrides(overrides, edited) {
    data.overrides = overrides;
    if (edited) data.variantDirty = true;
    send('overrides');
  },

  /** The rules changed (preset or knob): stale results go, and the checks follow. */
  variantChanged(check) {
    data.variantDirty = false;
    send('variantChanged', { check });
  },

  noteVariant(reference) {
    data.variantRef = reference;
    send('variantRef');
  },

  // ---- work one part asks of another (no state of its own)

  /** An action is about to call with the rules: a knob edit still waiting is applied first. */
  flushKnobEdits() {
    if (data.variantDirty) send('knobEditsDue');
  },

  /** The rules never loaded (no network, no key yet): load them. */
  wantRules() {
    send('rulesWanted');
  },

  /** The player asked for another preset from outside the rules panel (a theme that needs it), at a
   * table of ``seats`` if given. */
  wantPreset(name, seats) {
    if (seats) data.seats = seats;
    send('presetWanted', { name, seats });
  },

  /** The checks cannot run before the rules load: the panels say what they wait for. */
  checksWaiting() {
    send('checksWaiting');
  },

  /** The arrangement is to be checked again under the rules now loaded. */
  wantChecks() {
    send('checksWanted');
  },
});
