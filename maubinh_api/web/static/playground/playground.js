/* maubinh-api playground: plain JavaScript modules, no framework, no build step.
 *
 * The page calls the service's public API like any other client and can show
 * every request it sends.  This module starts the page: the language, the
 * events and the first deal.  The rest is a module per part of the page
 * (hand, deal, checks, optimal, variants, table, api, errors, page, state,
 * constants) and the pure modules unit-tested under Node (tests/web/js): the
 * deck and the seeded deal, numbers in each language, requests as curl, the
 * two languages' words.  The only global is window.MauBinhPlayground (the
 * state, for curious integrators).  Data from the API is only ever written
 * with textContent / createElement, never as HTML.
 */
'use strict';

import { loadUsage, renderBudget, renderLog } from './api.mjs';
import { analyse, renderAnalysis, renderValidation, scheduleChecks } from './checks.mjs';
import { STORE } from './constants.mjs';
import { buildPicker, clearHand, deal, newSeed, onPick } from './deal.mjs';
import { shuffledDeck } from './deck.mjs';
import { focusCard, handComplete, onHandClick, onHandKey, onPointerDown, renderHand } from './hand.mjs';
import { dropOptimal, optimise, renderOptimal } from './optimal.mjs';
import { announce, byId, randomSeed, recall, store, t, translateStatuses } from './page.mjs';
import { state } from './state.mjs';
import { clearTable, renderSeats, renderTable, settle } from './table.mjs';
import { loadPreset, loadVariants, renderChangedCount, renderFingerprint, renderPresetDescription, resetKnobs } from './variants.mjs';

window.MauBinhPlayground = { state, shuffledDeck };

// --------------------------------------------------------------- language

function initialLanguage() {
  const saved = recall('local', STORE.lang);
  if (saved === 'vi' || saved === 'en') return saved;
  return (navigator.language || '').toLowerCase().indexOf('vi') === 0 ? 'vi' : 'en';
}

/** Switch every text on the page, the API's labels included (from the answers already held). */
function setLanguage(lang) {
  state.lang = lang;
  store('local', STORE.lang, lang);
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
  document.querySelectorAll('#seat-count option').forEach((option) => {
    option.textContent = t('seatsOption', { count: option.value });
  });
  renderAll();
}

function renderAll() {
  translateStatuses();
  renderHand();
  renderValidation();
  renderAnalysis();
  renderOptimal();
  renderPresetDescription();
  renderFingerprint();
  renderChangedCount();
  renderSeats();
  renderTable();
  Object.keys(state.logs).forEach(renderLog);
  if (!handComplete()) scheduleChecks();
}

// ----------------------------------------------------------------- events

function bindEvents() {
  document.querySelectorAll('.lang[data-lang]').forEach((button) => {
    button.addEventListener('click', () => {
      setLanguage(button.dataset.lang);
      announce(t('languageChanged'));
    });
  });
  const key = byId('api-key');
  key.addEventListener('change', () => {
    state.apiKey = key.value.trim();
    store('session', STORE.key, state.apiKey);
    state.budget = [];
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
  const colours = byId('four-colour');
  colours.addEventListener('change', () => {
    store('local', STORE.colours, colours.checked ? '1' : '');
    document.body.classList.toggle('four-colour', colours.checked);
  });
  byId('deal').addEventListener('click', deal);
  byId('new-seed').addEventListener('click', newSeed);
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
  byId('auto-arrange').addEventListener('click', () => optimise('strongest'));
  byId('best').addEventListener('click', () => optimise('ev'));
  byId('declare-natural').addEventListener('change', (event) => {
    state.declare = event.target.checked;
    clearTable();
    if (handComplete()) analyse();
  });
  byId('preset').addEventListener('change', (event) => loadPreset(event.target.value));
  byId('reset-knobs').addEventListener('click', resetKnobs);
  byId('seat-count').addEventListener('change', (event) => {
    state.seats = Number(event.target.value);
    dropOptimal();
    clearTable();
    renderSeats();
    if (handComplete()) analyse(); // the analysis depends on the number of opponents
  });
  byId('bet').addEventListener('input', clearTable);
  byId('settle').addEventListener('click', settle);
}

function init() {
  state.lang = initialLanguage();
  state.apiKey = recall('session', STORE.key) || '';
  byId('api-key').value = state.apiKey;
  if (state.apiKey) loadUsage();
  byId('show-requests').checked = recall('local', STORE.show) === '1';
  byId('four-colour').checked = recall('local', STORE.colours) === '1';
  document.body.classList.toggle('four-colour', byId('four-colour').checked);
  byId('seat-count').value = String(state.seats);
  buildPicker();
  bindEvents();
  byId('seed').value = String(randomSeed());
  setLanguage(state.lang);
  deal();
  loadVariants();
}

// ------------------------------------------------------------------ start

init();
