/* maubinh-api playground: plain JavaScript modules, no framework, no build step.
 *
 * The page calls the service's public API like any other client and can show
 * every request it sends.  This module wires the page: it starts it (the
 * language, the DOM events, the first deal) and subscribes to the store
 * (state.mjs), drawing the parts that show what an action changed and starting
 * the work one part asks of another.  The parts (hand, deal, checks, optimal,
 * table, variants, errors) import none of each other: each draws from the
 * state, changes it by the store's actions and calls the API through api.mjs.
 * They share helpers that import no part: page (elements, words, status
 * lines), constants, and the pure modules unit-tested under Node
 * (tests/web/js): the deck and the seeded deal, a deal anyone can check
 * (fair-deal.mjs), the rows, the enumerations, numbers in each language,
 * requests as curl, the two languages' words.
 * tests/web/js/modules.test.mjs holds the modules to that (no import cycle, no
 * part importing another, no write to the state outside state.mjs).  The only
 * global is window.MauBinhPlayground (the state, read-only, for curious
 * integrators).  Data from the API is only ever written with textContent /
 * createElement, never as HTML.
 */
'use strict';

import { loadUsage, retranslateErrors } from './api.mjs';
import { renderBudget } from './budget.mjs';
import {
  analyse, renderAnalysis, renderDeclare, renderValidation, renderWaiting, runChecks, scheduleChecks,
} from './checks.mjs';
import { CURRENCIES, STORE } from './constants.mjs';
import {
  buildPicker, checkProof, clearHand, deal, dealLinked, dealProof, newSeed, onPick, proofGone, renderPicker, renderProof,
  shareDeal, showDealInAddress, startProof,
} from './deal.mjs';
import { shuffledDeck } from './deck.mjs';
import { renderErrors } from './errors.mjs';
import {
  focusCard, onHandClick, onHandKey, onPointerDown, onUndoKey, renderHand, renderUndo, undoMove, updateRowLabels,
} from './hand.mjs';
import { dropOptimal, optimise, renderOptimal } from './optimal.mjs';
import { announce, byId, randomSeed, recall, showScrollHints, store, t, translateStatuses } from './page.mjs';
import { readDeal } from './links.mjs';
import { renderProgress } from './progress.mjs';
import { readRuns } from './runs.mjs';
import { renderLog } from './request-log.mjs';
import {
  renderPractice, renderThemeNote, renderThemes, restorePractice, savePractice, startPractice, startReplay,
  watchOtherTabs,
} from './practice.mjs';
import { actions, gradeHidden, handComplete, state, subscribe } from './state.mjs';
import { clearTable, relocaliseBet, renderCurrency, renderSeats, renderTable, settle } from './table.mjs';
import {
  checkVariant, flushKnobEdits, loadPreset, loadVariants, noteOverrides, relocaliseKnobs, renderChangedCount,
  renderFingerprint, renderKnobs, renderPresetDescription, renderPresetOptions, resetKnobs, wantVariant,
} from './variants.mjs';

window.MauBinhPlayground = { state, shuffledDeck };

// ------------------------------------------------------------------ wiring

// The hand's cards, the picker's toggles and the errors beside the cards (drawn after them).
function drawHand() {
  renderHand();
  renderUndo();
  renderPicker();
  renderErrors();
}

// The seats draw their error boxes anew: the errors are drawn after them.
function drawSeats() {
  renderSeats();
  renderErrors();
}

/** What follows each event of the store. */
const REACTIONS = {
  language: showLanguage,
  // The chi drawn as rows, in the order and with the names chosen; remembered (the default is not stored).
  chiOrder: () => {
    store('local', STORE.chiOrder, state.chiOrder === 'apps' ? null : state.chiOrder);
    drawHand();
    drawSeats();
    renderAnalysis();
  },
  budget: renderBudget,
  log: ({ section }) => renderLog(section),
  // The panels without an answer say why, from the errors as they now stand.
  errors: () => {
    renderErrors();
    if (!state.results.validate) renderValidation();
    if (!state.results.analysis) renderAnalysis();
    renderWaiting();
    translateStatuses(); // a status quoting an error says it as it now reads (asked again in another language)
  },
  // The cards moved: the table and the optimal answer of the old hand go, the checks follow.
  hand: ({ message, focus }) => {
    clearTable();
    drawHand();
    renderOptimal();
    if (focus) focusCard(state.focusCard);
    if (message) announce(message);
    scheduleChecks();
    showDealInAddress();
    if (state.practice) savePractice(); // the hand being set survives a reload
  },
  // The seed field says the deal on the table (a practice deal's too): "Deal" and a shared link use it.
  dealt: () => {
    byId('seed').value = String(state.seed);
    drawSeats();
  },
  // A deal with proof (its commitment, its deal, its check); ``gone``: another deal took it off the table.
  proof: ({ gone }) => {
    if (gone) proofGone();
    renderProof();
  },
  optimal: renderOptimal,
  // Ticked by the player: the table and the analysis were of the other choice.
  declare: ({ byPlayer }) => {
    renderDeclare();
    if (!byPlayer) return;
    clearTable();
    if (handComplete()) analyse();
  },
  // The arrangements listed and the table were for another number of opponents, as the analysis.
  seats: () => {
    renderThemes(); // a theme may need a bigger table
    renderProgress(); // the mistakes to replay are those played at this table
    dropOptimal();
    clearTable();
    drawSeats();
    if (handComplete()) analyse();
  },
  level: clearTable, // the table was settled against another bot
  // The same settlement, its money in the currency's own decimals.
  currency: () => {
    renderCurrency();
    renderTable();
    showScrollHints();
  },
  presets: renderPresetOptions,
  preset: () => {
    renderPresetDescription();
    renderKnobs(state.presetDetail.rules, state.overrides);
    renderThemes(); // what the rules let the practice deal
    renderProgress(); // the mistakes to replay are those played under these rules
  },
  knobsReset: () => {
    renderKnobs(state.presetDetail.rules, state.overrides);
    renderThemes();
  },
  overrides: () => {
    renderChangedCount();
    renderThemes();
  },
  answersDropped: () => {
    renderValidation();
    renderAnalysis();
  },
  practice: showPractice,
  // The runs kept: in the browser's storage, and drawn (the replay's button counts the deals).
  runs: () => {
    store('local', STORE.runs, JSON.stringify(state.runs));
    renderProgress();
  },
  replayWanted: startReplay,
  picked: ({ message }) => {
    drawHand();
    announce(message);
  },
  answer: ({ kind }) => {
    if (kind === 'analysis') {
      renderAnalysis();
      return;
    }
    renderValidation();
    updateRowLabels();
    renderErrors();
  },
  table: () => {
    renderTable();
    drawSeats();
    showScrollHints();
  },
  enumerations: () => {
    drawSeats();
    renderThemes();
    if (state.practice) renderPractice(); // its review names the level it plays like by the level's label
  },
  variantRef: () => {
    renderFingerprint();
    showDealInAddress();
  },
  // Under other rules the arrangements listed and the table are stale; the checks follow.
  variantChanged: ({ check }) => {
    renderChangedCount();
    renderProgress(); // the mistakes to replay are those played under these rules
    dropOptimal();
    clearTable();
    if (check !== false) checkVariant();
    if (handComplete()) runChecks();
  },
  knobEditsDue: flushKnobEdits,
  rulesWanted: loadVariants,
  presetWanted: ({ name, seats }) => {
    if (seats) {
      byId('seat-count').value = String(seats);
      REACTIONS.seats();
    }
    loadPreset(name);
  },
  checksWaiting: renderWaiting,
  checksWanted: runChecks,
};

subscribe((type, detail) => REACTIONS[type](detail));

/** The practice panel, kept in the browser's storage; while a deal waits to be submitted, the best
 * play's buttons are away (their answers would give the grade away). */
function showPractice() {
  renderPractice();
  savePractice();
  const hidden = gradeHidden();
  byId('auto-arrange').hidden = hidden;
  byId('best').hidden = hidden;
  if (hidden) dropOptimal();
  renderAnalysis();
  renderDeclare(); // a natural-call drill asks it as a choice; the run over or paused, the box again
}

// --------------------------------------------------------------- language

function initialLanguage() {
  const saved = recall('local', STORE.lang);
  if (saved === 'vi' || saved === 'en') return saved;
  // A link opens in the language it was shared in, for a visitor who has not chosen one.
  const linked = readDeal(window.location.search);
  if (linked && linked.lang) return linked.lang;
  return (navigator.language || '').toLowerCase().indexOf('vi') === 0 ? 'vi' : 'en';
}

/** Switch every text on the page, the API's labels included (from the answers already held). */
function showLanguage() {
  const lang = state.lang;
  store('local', STORE.lang, lang);
  showDealInAddress(); // the address names the language a link opens in
  document.documentElement.lang = lang;
  document.title = t('pageTitle');
  document.querySelectorAll('[data-i18n]').forEach((node) => {
    node.textContent = t(node.dataset.i18n);
  });
  document.querySelectorAll('[data-label-en]').forEach((node) => {
    node.textContent = lang === 'vi' ? node.dataset.labelVi : node.dataset.labelEn; // the API's own labels
  });
  document.querySelectorAll('[data-i18n-label]').forEach((node) => {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  });
  document.querySelectorAll('.lang[data-lang]').forEach((button) => {
    button.setAttribute('aria-pressed', button.dataset.lang === lang ? 'true' : 'false');
  });
  renderBudget();
  // The decimals typed in the knobs and the bet, rewritten as the new language writes them (10,5 is 10.5).
  relocaliseKnobs();
  relocaliseBet();
  noteOverrides(false);
  renderPresetOptions();
  document.querySelectorAll('#seat-count option').forEach((option) => {
    option.textContent = t('seatsOption', { count: option.value });
  });
  renderAll();
}

function renderAll() {
  translateStatuses();
  drawHand();
  renderValidation();
  renderAnalysis();
  renderOptimal();
  renderPresetDescription();
  renderFingerprint();
  renderChangedCount();
  drawSeats();
  renderProof();
  renderCurrency(); // the language's currency, unless the player chose one
  renderTable();
  renderThemes();
  renderPractice();
  showScrollHints();
  Object.keys(state.logs).forEach(renderLog);
  if (!handComplete()) scheduleChecks();
  retranslateErrors(); // what the service said, asked again in the new language
}

// ----------------------------------------------------------------- events

function bindEvents() {
  document.querySelectorAll('.lang[data-lang]').forEach((button) => {
    button.addEventListener('click', () => {
      actions.setLanguage(button.dataset.lang);
      announce(t('languageChanged'));
    });
  });
  const key = byId('api-key');
  key.addEventListener('change', () => {
    actions.setApiKey(key.value.trim());
    store('session', STORE.key, state.apiKey);
    // The old answers' messages stay until the new key's answers replace them: removing them
    // here, as the field loses focus to a button being clicked, would move the page under
    // the pointer before the click lands.
    loadVariants();
    loadUsage();
  });
  const show = byId('show-requests');
  show.addEventListener('change', () => {
    store('local', STORE.show, show.checked ? '1' : '');
    document.querySelectorAll('.requests').forEach((box) => {
      box.hidden = !show.checked || !box.hasChildNodes();
    });
  });
  const chiOrder = byId('chi-order');
  chiOrder.addEventListener('change', () => actions.setChiOrder(chiOrder.checked ? 'apps' : 'back-first'));
  const colours = byId('four-colour');
  colours.addEventListener('change', () => {
    store('local', STORE.colours, colours.checked ? '1' : '');
    document.body.classList.toggle('four-colour', colours.checked);
  });
  byId('deal').addEventListener('click', deal);
  byId('new-seed').addEventListener('click', newSeed);
  byId('share-deal').addEventListener('click', shareDeal);
  byId('proof-start').addEventListener('click', startProof);
  byId('proof-deal').addEventListener('click', dealProof);
  byId('proof-seed').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') dealProof();
  });
  byId('proof-check').addEventListener('click', checkProof);
  byId('practice-start').addEventListener('click', startPractice);
  byId('practice-theme').addEventListener('change', renderThemeNote); // the choice is the select's own
  byId('seed').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') deal();
  });
  byId('picker').addEventListener('click', onPick);
  byId('clear-hand').addEventListener('click', clearHand);
  const hand = byId('hand');
  hand.addEventListener('click', onHandClick);
  hand.addEventListener('keydown', onHandKey);
  hand.addEventListener('pointerdown', onPointerDown);
  hand.addEventListener('focusin', (event) => {
    const node = event.target.closest('.card[data-card]');
    if (node && node.dataset.card !== state.focusCard) focusCard(node.dataset.card);
  });
  byId('undo').addEventListener('click', () => undoMove(true));
  byId('redo').addEventListener('click', () => undoMove(false));
  document.addEventListener('keydown', onUndoKey);
  byId('auto-arrange').addEventListener('click', () => optimise('strongest'));
  byId('best').addEventListener('click', () => optimise('ev'));
  byId('declare-natural').addEventListener('change', (event) => actions.setDeclare(event.target.checked, true));
  for (const [id, declare] of [['declare-yes', true], ['declare-no', false]]) {
    byId(id).addEventListener('change', () => {
      actions.clearErrors('practice'); // the choice Submit asked for is made
      actions.setDeclare(declare, true);
    });
  }
  byId('preset').addEventListener('change', (event) => loadPreset(event.target.value));
  byId('reset-knobs').addEventListener('click', resetKnobs);
  byId('seat-count').addEventListener('change', (event) => actions.setSeats(Number(event.target.value)));
  byId('bet').addEventListener('input', clearTable);
  byId('currency').addEventListener('change', (event) => {
    store('local', STORE.currency, event.target.value);
    actions.setCurrency(event.target.value);
  });
  byId('settle').addEventListener('click', settle);
  window.addEventListener('resize', showScrollHints); // a phone turned: the money table may fit now, or no longer
}

function init() {
  // The chi as apps draw them unless the player chose the back first (docs/playground.md says why).
  const chiOrder = recall('local', STORE.chiOrder) === 'back-first' ? 'back-first' : 'apps';
  actions.restore(initialLanguage(), recall('session', STORE.key) || '', chiOrder);
  byId('chi-order').checked = chiOrder === 'apps';
  actions.setRuns(readRuns(recall('local', STORE.runs)));
  byId('api-key').value = state.apiKey;
  if (state.apiKey) loadUsage();
  byId('show-requests').checked = recall('local', STORE.show) === '1';
  byId('four-colour').checked = recall('local', STORE.colours) === '1';
  const currency = recall('local', STORE.currency);
  if (CURRENCIES.indexOf(currency) >= 0) actions.setCurrency(currency);
  document.body.classList.toggle('four-colour', byId('four-colour').checked);
  byId('seat-count').value = String(state.seats);
  buildPicker();
  // How to move the cards: open where there is room beside the cards; a phone shows the cards first.
  byId('keys-details').open = window.matchMedia('(min-width: 60rem)').matches;
  bindEvents();
  watchOtherTabs(); // a run open in two tabs: the one behind follows the other
  byId('seed').value = String(randomSeed());
  showLanguage();
  // A link to a deal opens it (with its rules); else a practice run kept by this browser comes back
  // where it was; else a fresh deal.
  const linked = readDeal(window.location.search);
  if (linked && linked.variant) wantVariant(linked.variant);
  if (linked) {
    restorePractice(true); // a run kept by this browser waits while the link's deal is on the table
    dealLinked(linked);
  } else if (!restorePractice()) deal();
  loadVariants();
}

// ------------------------------------------------------------------ start

init();
