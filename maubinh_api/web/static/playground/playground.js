/* maubinh-api playground: plain JavaScript modules, no framework, no build step.
 *
 * The page calls the service's public API like any other client and can show
 * every request it sends.  This module holds the page; the pure parts are
 * modules of their own, unit-tested under Node (tests/web/js): the deck and the
 * seeded deal, numbers in each language, requests as curl, the two languages'
 * words.  The only global is window.MauBinhPlayground (the state, for curious
 * integrators).  Data from the API is only ever written with textContent /
 * createElement, never as HTML.
 */
'use strict';

import { RANKS, SUITS, rankValue, shuffledDeck, sortCards } from './deck.mjs';
import { TEXTS as I18N, translate } from './i18n.mjs';
import * as numbers from './numbers.mjs';
import { curlCommand } from './requests.mjs';

const PG = {};
window.MauBinhPlayground = PG;

// ---------------------------------------------------------------- constants

const SUIT_SYMBOL = { s: '♠', h: '♥', d: '♦', c: '♣' };
const POSITIONS = ['back', 'middle', 'front'];
const SIZE = { back: 5, middle: 5, front: 3 };
const HAND_SIZE = 13;
const LEVELS = ['beginner', 'casual', 'club', 'expert', 'best'];
const SEAT_NAMES = ['An', 'Bình', 'Chi', 'Dũng'];
const DEFAULT_LEVELS = ['casual', 'club', 'expert'];
const MAX_SEED = 4294967295;
// The API operations the page calls (tests/web/test_playground.py checks each is in openapi.yaml).
const PATHS = {
  variants: '/v1/variants',
  variant: '/v1/variants/{name}',
  classify: '/v1/hands/classify',
  validate: '/v1/arrangements/validate',
  optimal: '/v1/arrangements/optimal',
  analysis: '/v1/arrangements/analysis',
  play: '/v1/arrangements/play',
  settle: '/v1/settlements',
  usage: '/v1/usage',
};
// A tiny chi whose classification answers the fingerprint of a variant without a hand.
const PROBE = ['As', 'Kd', 'Qh'];
const STORE = {
  lang: 'maubinh.playground.lang',
  key: 'maubinh.playground.apiKey',
  show: 'maubinh.playground.showRequests',
  colours: 'maubinh.playground.fourColour',
};
// String knobs with a fixed set of values get a select; other strings (decimals) a text field.
const KNOB_CHOICES = { wheel: ['low', 'second'], natural_vs_natural: ['higher_wins', 'draw'] };
// Every key the maps may hold (docs/rules.md), so an entry the preset lacks can be added.
const MAP_KEYS = {
  bonuses: [
    'front.trips', 'middle.full_house', 'middle.quads', 'middle.straight_flush', 'middle.royal_flush',
    'back.quads', 'back.straight_flush', 'back.royal_flush',
  ],
  naturals: [
    'dragon_flush', 'dragon', 'three_straight_flushes', 'thirteen_one_colour', 'twelve_one_colour',
    'five_pairs_trips', 'six_pairs', 'four_trips', 'three_quads', 'three_flushes', 'three_straights',
  ],
};
const TABLE_FIELDS = ['join_min_bets', 'leave_below_bets', 'escrow_bets'];

// -------------------------------------------------------------------- state

const state = {
  lang: 'en',
  apiKey: '',
  budget: [], // what is left of the key's limits: [{limit, remaining, reset}]
  seed: 0,
  deck: [], // the 52 cards as shuffled: seat i is dealt deck[13 i .. 13 i + 12]
  rows: { back: [], middle: [], front: [] }, // the user's cards, chi by chi
  picked: null, // the card picked up (click, Enter or Space) to swap with another
  asDealt: false, // the hand is as dealt (high to low): nobody has set it yet
  focusCard: null, // the card holding the hand's single tab stop
  declare: true,
  seats: 4,
  levels: DEFAULT_LEVELS.slice(),
  presets: [],
  defaultPreset: null,
  preset: null,
  presetDetail: null,
  variantReady: false,
  variantDirty: false, // a knob was edited and its debounce has not fired yet
  variantsLoading: false,
  variantRef: null,
  knobs: [], // {path, kind, node, original} for every knob input
  results: { validate: null, analysis: null, optimal: null, table: null },
  errors: {}, // field errors by the call that found them: {source: [{field, detail}]}
  logs: {}, // the requests of each section's last action
  seq: {}, // the latest call of each kind: older answers are dropped
  timers: {},
  statuses: {}, // status lines as text keys, to translate on a language switch
  suppressClick: false,
};
PG.state = state;

// ---------------------------------------------------------------- utilities

function byId(id) {
  return document.getElementById(id);
}

/** An element with attributes and children; text always goes in as text nodes. */
function el(tag, attributes, children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of [].concat(children === undefined ? [] : children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function clear(node) {
  node.replaceChildren();
  return node;
}

function store(kind, key, value) {
  try {
    const storage = kind === 'session' ? window.sessionStorage : window.localStorage;
    if (value === null || value === '') storage.removeItem(key);
    else storage.setItem(key, value);
  } catch (error) {
    // Storage can be switched off; the page still works, it just forgets.
  }
}

function recall(kind, key) {
  try {
    return (kind === 'session' ? window.sessionStorage : window.localStorage).getItem(key);
  } catch (error) {
    return null;
  }
}

function begin(kind) {
  state.seq[kind] = (state.seq[kind] || 0) + 1;
  return state.seq[kind];
}

function isCurrent(kind, number) {
  return state.seq[kind] === number;
}

function debounce(name, delay, action) {
  clearTimeout(state.timers[name]);
  state.timers[name] = setTimeout(action, delay);
}

/** The text for ``key`` in the current language, with {placeholders} filled in. */
function t(key, params) {
  return translate(state.lang, key, params);
}

/** The API's own {en, vi} labels, in the current language. */
function label(pair) {
  if (!pair) return '';
  return state.lang === 'vi' ? pair.vi : pair.en;
}

function locale() {
  return numbers.locale(state.lang);
}

// Numbers as the page's language writes them (numbers.mjs), and decimals read back from it.
const number = (value, digits) => numbers.number(state.lang, value, digits);
const signed = (value) => numbers.signed(state.lang, value);
const percent = (value) => numbers.percent(state.lang, value);
const integer = (value) => numbers.integer(state.lang, value);
const decimalText = (text) => numbers.decimalText(state.lang, text);
const decimalInput = (text) => numbers.decimalInput(state.lang, text);

// -------------------------------------------------------------------- cards

function rankText(card) {
  return card[0] === 'T' ? '10' : card[0];
}

/** "Ace of spades" / "Át bích": what a screen reader says for a card. */
function cardName(card) {
  const names = I18N[state.lang].cardNames;
  const rank = names.ranks[card[0]];
  const suit = names.suits[card[1]];
  return names.pattern.replace('{rank}', rank).replace('{suit}', suit);
}

/**
 * Rank and suit as drawn; with ``named``, the spoken name too, as hidden text, so that a button's
 * accessible name comes from its content (an aria-label would not contain the visible "J♣").
 */
function cardFace(card, named) {
  return [
    el('span', { class: 'card-rank', 'aria-hidden': 'true', text: rankText(card) }),
    el('span', { class: 'card-suit', 'aria-hidden': 'true', text: SUIT_SYMBOL[card[1]] }),
    named ? el('span', { class: 'card-name visually-hidden', text: cardName(card) }) : null,
  ];
}

/** A card drawn for reading only (seats, alternatives): rank, suit symbol and a spoken name. */
function miniCard(card) {
  return el('span', { class: 'mini-card suit-' + card[1], role: 'img', 'aria-label': cardName(card), dataset: { card } },
    cardFace(card));
}

/** The text of cards for sentences: "A♠ K♦ 7♥". */
function cardsText(cards) {
  return cards.map((card) => rankText(card) + SUIT_SYMBOL[card[1]]).join(' ');
}

// ------------------------------------------------------------ seeded deal

function randomSeed() {
  const values = new Uint32Array(1);
  window.crypto.getRandomValues(values);
  return values[0];
}

PG.shuffledDeck = shuffledDeck;

// ---------------------------------------------------------------- API calls

/** '/v1/variants/{name}' with the placeholders filled in (and escaped). */
function fillPath(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => encodeURIComponent(params[name]));
}

/** The URL of an API path, relative to the page (so a service under a path prefix works too). */
function apiUrl(path) {
  return new URL(path.replace(/^\//, ''), document.baseURI).href;
}

/**
 * One call to the API.  Resolves (never rejects) to {ok, status, data, entry, network}; the entry
 * is what the request log shows: method, URL, headers (key redacted), body and the status.
 */
async function call(method, path, body) {
  // Problem details come back in the page's language (normal answers carry both languages anyway).
  const headers = { Accept: 'application/json', 'Accept-Language': state.lang === 'vi' ? 'vi' : 'en' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (state.apiKey) headers['X-API-Key'] = state.apiKey;
  const url = apiUrl(path);
  const entry = { method, url, headers: redacted(headers), body, status: null, statusText: '', ms: null };
  const started = performance.now();
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    entry.status = 0;
    entry.statusText = t('networkError');
    return { ok: false, status: 0, data: null, entry, network: true };
  }
  entry.status = response.status;
  entry.statusText = response.statusText;
  entry.ms = Math.round(performance.now() - started);
  showBudget(response.headers.get('RateLimit'));
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null; // not JSON (a proxy's error page, say): the status still says what happened
  }
  return { ok: response.ok, status: response.status, data, entry, network: false };
}

/**
 * The budget line under the key: what is left of each of the key's limits, from an answer's
 * RateLimit field ("50/second";r=43;t=1, ...), or from GET /v1/usage.  Nothing for a key
 * without limits.
 */
function showBudget(field) {
  if (field === null || field === undefined) return;
  const windows = [];
  for (const item of field.split(',')) {
    const match = /^\s*"([^"]*)";r=(\d+);t=(\d+)\s*$/.exec(item);
    if (match) windows.push({ limit: match[1], remaining: Number(match[2]), reset: Number(match[3]) });
  }
  state.budget = windows;
  renderBudget();
}

function renderBudget() {
  const node = byId('api-budget');
  if (!node) return;
  const windows = state.budget || [];
  node.hidden = windows.length === 0;
  node.textContent = windows.map((window) => t('budgetLine', {
    remaining: window.remaining.toLocaleString(locale()), limit: window.limit, seconds: window.reset,
  })).join(' · ');
}

async function loadUsage() {
  const result = await call('GET', PATHS.usage);
  if (!result.ok || !result.data) return;
  showBudget(result.data.limits.map((window) =>
    '"' + window.limit + '";r=' + window.remaining + ';t=' + window.reset_seconds).join(', ') || null);
}

function redacted(headers) {
  const copy = Object.assign({}, headers);
  if (copy['X-API-Key']) copy['X-API-Key'] = '•••• (' + t('redacted') + ')';
  return copy;
}

/** The variant every call sends: the preset and exactly the knobs changed from it. */
function variantSpec() {
  if (!state.preset) return undefined;
  const overrides = currentOverrides();
  if (Object.keys(overrides).length === 0) return state.preset;
  return { preset: state.preset, overrides };
}

function withVariant(body) {
  const variant = variantSpec();
  if (variant !== undefined) body.variant = variant;
  return body;
}

// ------------------------------------------------------------- request log

/** Replace the requests shown for a section with those of its latest action. */
function logRequests(section, entries) {
  state.logs[section] = entries.filter(Boolean);
  renderLog(section);
}

function renderLog(section) {
  const box = byId('log-' + section);
  if (!box) return;
  clear(box);
  const entries = state.logs[section] || [];
  box.hidden = !byId('show-requests').checked || entries.length === 0;
  if (entries.length === 0) return;
  box.append(el('p', { class: 'requests-title', text: t('requestsTitle') }));
  entries.forEach((entry) => box.append(renderEntry(entry)));
}

function renderEntry(entry) {
  const statusClass = entry.status >= 200 && entry.status < 300 ? 'status-ok' : 'status-bad';
  const statusText = entry.status === 0 ? entry.statusText : entry.status + ' ' + entry.statusText;
  const lines = [entry.method + ' ' + entry.url];
  for (const [name, value] of Object.entries(entry.headers)) lines.push(name + ': ' + value);
  if (entry.body !== undefined) lines.push('', JSON.stringify(entry.body, null, 2));
  const copy = el('button', { type: 'button', class: 'copy-curl small', text: t('copyCurl') });
  copy.addEventListener('click', () => copyText(curlCommand(entry), copy));
  return el('div', { class: 'request' }, [
    el('p', { class: 'request-line' }, [
      el('code', { text: entry.method + ' ' + new URL(entry.url).pathname }),
      ' → ',
      el('span', { class: 'request-status ' + statusClass, text: statusText }),
      entry.ms === null ? null : el('span', { class: 'request-time', text: ' (' + entry.ms + ' ms)' }),
    ]),
    el('pre', { class: 'request-body' }, [el('code', { text: lines.join('\n') })]),
    copy,
  ]);
}

/** Copy, and say so on the button itself (seen) and to a screen reader (heard). */
function copyText(text, button) {
  const done = () => {
    announce(t('copied'));
    flash(button, t('copiedShort'));
  };
  const failed = () => {
    announce(t('copyFailed'));
    flash(button, t('copyFailedShort'));
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => copyWithTextarea(text, done, failed));
  } else {
    copyWithTextarea(text, done, failed);
  }
}

/** A button's own words for a moment (then its label again). */
function flash(button, text) {
  button.textContent = text;
  button.classList.add('flashed');
  clearTimeout(button.flashTimer);
  button.flashTimer = setTimeout(() => {
    button.textContent = t('copyCurl');
    button.classList.remove('flashed');
  }, 2500);
}

/** Where the Clipboard API is missing or refused (plain http, old browsers). */
function copyWithTextarea(text, done, failed) {
  const area = el('textarea', { class: 'copy-buffer', readonly: true, 'aria-hidden': 'true', tabindex: '-1' });
  area.value = text;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch (error) {
    copied = false;
  }
  area.remove();
  if (copied) done();
  else failed();
}

// ------------------------------------------------------------------ errors

/**
 * Record what a failed call says, next to the fields its pointers name.  ``where`` maps a
 * pointer of this request to a field ('card:front:2', 'seat:1', 'bet', 'knob:rake', ...).
 */
function fail(source, section, result, where) {
  const found = [];
  const problem = result.data && typeof result.data === 'object' ? result.data : null;
  if (result.network) {
    found.push({ field: 'general:' + section, detail: t('networkError') });
  } else if (problem && Array.isArray(problem.errors) && problem.errors.length > 0) {
    for (const error of problem.errors) {
      const field = (where && where(error.pointer)) || commonField(error.pointer) || 'general:' + section;
      found.push({ field, detail: error.detail });
    }
  } else if (result.status === 401) {
    found.push({ field: 'apiKey', detail: problem ? problem.detail : t('needsKey') });
  } else {
    const detail = problem && problem.detail ? problem.detail : t('httpError', { status: result.status });
    found.push({ field: 'general:' + section, detail });
  }
  state.errors[source] = found;
  renderErrors();
  return found;
}

function clearErrors(source) {
  if (state.errors[source] && state.errors[source].length) {
    state.errors[source] = [];
    renderErrors();
  }
}

/** Fields any request may name: the bet, the number of opponents and the variant's knobs. */
function commonField(pointer) {
  if (pointer === '/bet') return 'bet';
  if (pointer === '/opponents') return 'seats';
  const knob = /^\/variant\/overrides\/(.+)$/.exec(pointer);
  if (knob) return knobField(knob[1].split('/').map(unescapePointer));
  if (pointer === '/variant' || pointer.indexOf('/variant/') === 0) return 'preset';
  return null;
}

function unescapePointer(segment) {
  return segment.split('~1').join('/').split('~0').join('~');
}

/** The innermost knob input a pointer reaches ('bonuses/front.trips', else 'bonuses'). */
function knobField(segments) {
  for (let length = segments.length; length > 0; length -= 1) {
    const field = 'knob:' + segments.slice(0, length).join('/');
    if (errorBox(field)) return field;
  }
  return 'preset';
}

/** The pointers of an arrangement in a request body: '/arrangement/front/2' is a card slot. */
function arrangementField(prefix) {
  return function (pointer) {
    if (pointer.indexOf(prefix) !== 0) return null;
    const match = /^\/(back|middle|front)(?:\/(\d+))?/.exec(pointer.slice(prefix.length));
    if (!match) return 'general:arrange';
    return match[2] === undefined ? 'row:' + match[1] : 'card:' + match[1] + ':' + match[2];
  };
}

/** '/cards/7' of a request that sent the hand flattened back, middle, front. */
function flatCardField(pointer) {
  const match = /^\/cards\/(\d+)/.exec(pointer);
  if (!match) return null;
  let index = Number(match[1]);
  for (const position of POSITIONS) {
    if (index < SIZE[position]) return 'card:' + position + ':' + index;
    index -= SIZE[position];
  }
  return 'general:arrange';
}

function errorBox(field) {
  return document.querySelector('[data-error-for="' + CSS.escape(field) + '"]');
}

/** Show every recorded error next to its field (and nothing else: old errors disappear). */
function renderErrors() {
  document.querySelectorAll('[data-error-for]').forEach((box) => {
    box.textContent = '';
    box.hidden = true;
  });
  document.querySelectorAll('[aria-invalid="true"]').forEach((node) => node.removeAttribute('aria-invalid'));
  document.querySelectorAll('#hand .card.has-error').forEach((node) => node.classList.remove('has-error'));
  const byField = new Map();
  for (const list of Object.values(state.errors)) {
    for (const error of list) {
      const details = byField.get(error.field) || [];
      if (details.indexOf(error.detail) < 0) details.push(error.detail);
      byField.set(error.field, details);
    }
  }
  byField.forEach((details, field) => showError(field, details));
}

function showError(field, details) {
  let box;
  let texts = details;
  if (field.indexOf('card:') === 0) {
    const [, position, index] = field.split(':');
    const card = state.rows[position][Number(index)];
    const node = card && handCardNode(card);
    if (node) node.classList.add('has-error');
    box = errorBox('row:' + position);
    const where = card ? cardName(card) : t('slot', { number: Number(index) + 1 });
    texts = details.map((detail) => where + ': ' + detail);
  } else {
    box = errorBox(field) || errorBox('general:page');
  }
  if (!box) return;
  const previous = box.textContent ? box.textContent + ' ' : '';
  box.textContent = previous + texts.join(' ');
  box.hidden = false;
  const input = document.querySelector('[data-field="' + CSS.escape(field) + '"]');
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    linkDescription(input, box);
  }
}

/** Make sure a field's error is part of its accessible description. */
function linkDescription(input, box) {
  if (!box.id) box.id = 'error-' + Math.random().toString(36).slice(2, 10);
  const ids = (input.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
  if (ids.indexOf(box.id) < 0) input.setAttribute('aria-describedby', ids.concat(box.id).join(' '));
}

// ---------------------------------------------------------- announcements

function announce(text) {
  const region = byId('announcer');
  region.textContent = '';
  // A new text node a moment later is announced even when the words are the same as before.
  setTimeout(() => {
    region.textContent = text;
  }, 50);
}

function setStatus(id, text) {
  const node = byId(id);
  if (node) node.textContent = text || '';
  delete state.statuses[id];
}

/** A status from the texts table, kept as a key so that a language switch translates it too. */
function say(id, key, params) {
  setStatus(id, t(key, params));
  state.statuses[id] = { key, params };
}

function translateStatuses() {
  for (const [id, status] of Object.entries(state.statuses)) say(id, status.key, status.params);
}

function setBusy(id, busy) {
  const node = byId(id);
  if (node) node.setAttribute('aria-busy', busy ? 'true' : 'false');
}

// --------------------------------------------------------------- the hand

function handCards() {
  return POSITIONS.reduce((all, position) => all.concat(state.rows[position]), []);
}

function handComplete() {
  return POSITIONS.every((position) => state.rows[position].length === SIZE[position]);
}

function positionOf(card) {
  return POSITIONS.find((position) => state.rows[position].indexOf(card) >= 0) || null;
}

function arrangementBody() {
  return { back: state.rows.back.slice(), middle: state.rows.middle.slice(), front: state.rows.front.slice() };
}

/** "As Kd 9c 9h 2s|...|...": which arrangement a result describes (its box's data-for). */
function arrangementKey(arrangement) {
  return POSITIONS.map((position) => arrangement[position].join(' ')).join('|');
}

function markFor(box, key) {
  if (key) box.dataset.for = key;
  else delete box.dataset.for;
}

function handCardNode(card) {
  return document.querySelector('#hand .card[data-card="' + card + '"]');
}

function positionName(position) {
  return t('pos.' + position);
}

/** The chi as named inside a sentence ("the back (chi đầu)"). */
function positionWord(position) {
  return t('posWord.' + position);
}

/** Draw the three chi: each card a focusable button, empty places as dashed slots. */
function renderHand() {
  const hand = byId('hand');
  const active = document.activeElement;
  const hadFocus = active && hand.contains(active) && active.dataset.card ? active.dataset.card : null;
  const cards = handCards();
  if (cards.indexOf(state.focusCard) < 0) state.focusCard = cards[0] || null;
  clear(hand);
  for (const position of POSITIONS) hand.append(renderRow(position));
  if (hadFocus && handCardNode(hadFocus)) handCardNode(hadFocus).focus();
  updateRowLabels();
  renderPicker();
  renderErrors();
}

/** Each chi's category (from the last validation) next to its name, without redrawing the cards. */
function updateRowLabels() {
  const chi = state.results.validate ? state.results.validate.chi : null;
  for (const position of POSITIONS) {
    const node = document.querySelector('#hand .row[data-position="' + position + '"] .row-category');
    if (node) node.textContent = chi ? label(chi[position].category.label) : '';
  }
}

function renderRow(position) {
  const titleId = 'row-' + position + '-title';
  const cards = state.rows[position];
  const row = el('div', { class: 'row', role: 'group', 'aria-labelledby': titleId, dataset: { position } });
  row.append(el('h3', { class: 'row-title', id: titleId }, [
    el('span', { class: 'row-name', text: positionName(position) }),
    el('span', { class: 'row-count', text: t('rowCount', { count: cards.length, size: SIZE[position] }) }),
    el('span', { class: 'row-category' }),
  ]));
  const slots = el('div', { class: 'row-cards' });
  cards.forEach((card) => slots.append(renderHandCard(card)));
  for (let index = cards.length; index < SIZE[position]; index += 1) {
    slots.append(el('span', { class: 'slot', 'aria-hidden': 'true' }));
  }
  row.append(slots);
  row.append(el('p', { class: 'field-error', hidden: true, id: 'row-' + position + '-error',
    dataset: { errorFor: 'row:' + position } }));
  return row;
}

function renderHandCard(card) {
  const picked = state.picked === card;
  const button = el('button', {
    type: 'button',
    class: 'card suit-' + card[1] + (picked ? ' picked' : ''),
    'aria-pressed': picked ? 'true' : null,
    'aria-describedby': 'row-' + positionOf(card) + '-error',
    tabindex: card === state.focusCard ? '0' : '-1',
    dataset: { card },
  }, cardFace(card, true));
  return button;
}

/** Something moved: redraw, say so, and check the new arrangement. */
function handChanged(message) {
  state.picked = null;
  state.asDealt = false;
  for (const source of ['validate', 'analysis', 'optimal', 'table']) state.errors[source] = [];
  // The chi labels of the old arrangement must not stay next to the new one while it is checked.
  state.results.validate = null;
  clearTable();
  renderHand();
  renderOptimal();
  if (message) announce(message);
  scheduleChecks();
}

function swapCards(first, second) {
  const from = positionOf(first);
  const to = positionOf(second);
  if (!from || !to || first === second) return;
  const i = state.rows[from].indexOf(first);
  const j = state.rows[to].indexOf(second);
  state.rows[from][i] = second;
  state.rows[to][j] = first;
  state.focusCard = first;
  handChanged(t('swapped', { first: cardName(first), second: cardName(second) }));
}

/** Move a card to a chi; into a full chi it trades places with that chi's last card. */
function moveCard(card, target) {
  const from = positionOf(card);
  if (!from) return;
  if (from === target) {
    announce(t('alreadyThere', { card: cardName(card), position: positionWord(target) }));
    return;
  }
  const row = state.rows[target];
  if (row.length < SIZE[target]) {
    state.rows[from].splice(state.rows[from].indexOf(card), 1);
    row.push(card);
    state.focusCard = card;
    handChanged(t('moved', { card: cardName(card), position: positionWord(target) }));
    return;
  }
  const other = row[row.length - 1];
  const i = state.rows[from].indexOf(card);
  state.rows[from][i] = other;
  row[row.length - 1] = card;
  state.focusCard = card;
  handChanged(t('movedSwapped', {
    card: cardName(card), position: positionWord(target), other: cardName(other), from: positionWord(from),
  }));
}

/** Put the cards as an answer of the API laid them out. */
function placeArrangement(arrangement, message) {
  state.rows = { back: arrangement.back.slice(), middle: arrangement.middle.slice(), front: arrangement.front.slice() };
  state.focusCard = state.rows.back[0];
  handChanged(message);
}

// Click (or Enter / Space, which click a button): pick a card up, then click another to swap.
function onHandClick(event) {
  if (state.suppressClick) return;
  const node = event.target.closest('.card[data-card]');
  const row = event.target.closest('.row');
  if (node) {
    const card = node.dataset.card;
    if (!state.picked) {
      state.picked = card;
      renderHand();
      announce(t('pickedUp', { card: cardName(card) }));
    } else if (state.picked === card) {
      state.picked = null;
      renderHand();
      announce(t('putDown', { card: cardName(card) }));
    } else {
      swapCards(state.picked, card);
    }
  } else if (row && state.picked) {
    moveCard(state.picked, row.dataset.position);
  }
}

const MOVE_KEYS = { 1: 'back', b: 'back', 2: 'middle', m: 'middle', 3: 'front', f: 'front' };

function onHandKey(event) {
  const node = event.target.closest('.card[data-card]');
  if (!node || event.ctrlKey || event.metaKey || event.altKey) return;
  const card = node.dataset.card;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (MOVE_KEYS[key]) {
    event.preventDefault();
    moveCard(card, MOVE_KEYS[key]);
  } else if (key === 'Escape' && state.picked) {
    event.preventDefault();
    const picked = state.picked;
    state.picked = null;
    renderHand();
    announce(t('putDown', { card: cardName(picked) }));
  } else if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].indexOf(key) >= 0) {
    event.preventDefault();
    focusCard(neighbour(card, key));
  }
}

/** The card an arrow key goes to: left/right through all 13, up/down to the chi above/below. */
function neighbour(card, key) {
  const cards = handCards();
  const index = cards.indexOf(card);
  if (key === 'Home') return cards[0];
  if (key === 'End') return cards[cards.length - 1];
  if (key === 'ArrowLeft') return cards[Math.max(0, index - 1)];
  if (key === 'ArrowRight') return cards[Math.min(cards.length - 1, index + 1)];
  const position = positionOf(card);
  const step = key === 'ArrowUp' ? -1 : 1;
  for (let p = POSITIONS.indexOf(position) + step; p >= 0 && p < POSITIONS.length; p += step) {
    const row = state.rows[POSITIONS[p]];
    if (row.length) return row[Math.min(row.length - 1, state.rows[position].indexOf(card))];
  }
  return card;
}

function focusCard(card) {
  const node = card && handCardNode(card);
  if (!node) return;
  state.focusCard = card;
  document.querySelectorAll('#hand .card[data-card]').forEach((other) => {
    other.tabIndex = other === node ? 0 : -1;
  });
  node.focus();
}

// ---------------------------------------------------------------- dragging

// Pointer events, not HTML5 drag and drop: the same code serves a mouse, a pen and a finger.
const drag = { node: null, card: null, pointerId: null, x: 0, y: 0, active: false, over: null };

function onPointerDown(event) {
  const node = event.target.closest('#hand .card[data-card]');
  if (!node || event.button !== 0 || drag.node) return;
  Object.assign(drag, { node, card: node.dataset.card, pointerId: event.pointerId, active: false });
  drag.x = event.clientX;
  drag.y = event.clientY;
  document.addEventListener('pointermove', onPointerMove);
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('pointercancel', endDrag);
}

function onPointerMove(event) {
  if (event.pointerId !== drag.pointerId) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.active && Math.hypot(dx, dy) < 6) return; // a click, not a drag, so far
  if (!drag.active) {
    drag.active = true;
    drag.node.classList.add('dragging');
    document.body.classList.add('is-dragging');
  }
  event.preventDefault();
  drag.node.style.transform = 'translate(' + dx + 'px, ' + dy + 'px)';
  highlightDrop(dropTargetAt(event.clientX, event.clientY));
}

function onPointerUp(event) {
  if (event.pointerId !== drag.pointerId) return;
  const card = drag.card;
  const target = drag.active ? dropTargetAt(event.clientX, event.clientY) : null;
  const wasDrag = drag.active;
  endDrag();
  if (!wasDrag) return;
  // The click that follows a drag must not pick the card up.
  state.suppressClick = true;
  setTimeout(() => {
    state.suppressClick = false;
  }, 0);
  if (target && target.card) swapCards(card, target.card);
  else if (target && target.position) moveCard(card, target.position);
  else announce(t('dropCancelled', { card: cardName(card) }));
}

function endDrag() {
  if (drag.node) {
    drag.node.classList.remove('dragging');
    drag.node.style.transform = '';
  }
  highlightDrop(null);
  document.body.classList.remove('is-dragging');
  document.removeEventListener('pointermove', onPointerMove);
  document.removeEventListener('pointerup', onPointerUp);
  document.removeEventListener('pointercancel', endDrag);
  Object.assign(drag, { node: null, card: null, pointerId: null, active: false });
}

/** What lies under the pointer: another card (swap) or a chi (move). */
function dropTargetAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  if (!hit) return null;
  const card = hit.closest('#hand .card[data-card]');
  if (card && card !== drag.node) return { node: card, card: card.dataset.card };
  const row = hit.closest('#hand .row');
  if (row) return { node: row, position: row.dataset.position };
  return null;
}

function highlightDrop(target) {
  const node = target ? target.node : null;
  if (drag.over && drag.over !== node) drag.over.classList.remove('drop-target');
  if (node) node.classList.add('drop-target');
  drag.over = node;
}

// ------------------------------------------------------------ deal & pick

function readSeed() {
  const text = byId('seed').value.trim();
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_SEED) return null;
  return Number(text);
}

/** Shuffle the 52 cards with the seed; the user gets the first 13, laid out high to low. */
function deal() {
  const seed = readSeed();
  state.errors.seed = seed === null ? [{ field: 'seed', detail: t('badSeed', { max: MAX_SEED }) }] : [];
  if (seed === null) {
    renderErrors();
    byId('seed').focus();
    return;
  }
  state.seed = seed;
  state.deck = shuffledDeck(seed);
  const cards = sortCards(state.deck.slice(0, HAND_SIZE));
  state.declare = true;
  state.results.optimal = null;
  renderOptimal();
  placeArrangement({ back: cards.slice(0, 5), middle: cards.slice(5, 10), front: cards.slice(10) },
    t('dealt', { seed }));
  // Laid out high to low, not set by anyone yet: a foul is shown as what to mend, not as a mistake.
  state.asDealt = true;
  renderSeats();
}

function newSeed() {
  byId('seed').value = String(randomSeed());
  deal();
}

/** The 52-card picker: a toggle per card, grouped by suit. */
function buildPicker() {
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

function renderPicker() {
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

function onPick(event) {
  const button = event.target.closest('.pick[data-card]');
  if (!button) return;
  const card = button.dataset.card;
  const position = positionOf(card);
  if (position) {
    state.rows[position].splice(state.rows[position].indexOf(card), 1);
    handChanged(t('takenOut', { card: cardName(card) }));
    return;
  }
  const room = POSITIONS.find((candidate) => state.rows[candidate].length < SIZE[candidate]);
  if (!room) {
    say('picker-count', 'handFull'); // shown beside the picker, and read out (a status)
    return;
  }
  state.rows[room].push(card);
  handChanged(t('added', { card: cardName(card), position: positionWord(room) }));
}

function clearHand() {
  state.rows = { back: [], middle: [], front: [] };
  state.results.optimal = null;
  renderOptimal();
  handChanged(t('handCleared'));
}

/** The cards of bot seat ``seat`` (1-3): the shuffled deck without the user's cards, 13 each. */
function botCards(seat) {
  const mine = new Set(handCards());
  const rest = state.deck.filter((card) => !mine.has(card));
  return rest.slice(HAND_SIZE * (seat - 1), HAND_SIZE * seat);
}

// ------------------------------------------------------------ live checks

/** After any change: validate and analyse the arrangement once it holds 13 cards. */
function scheduleChecks() {
  if (!handComplete()) {
    begin('validate');
    begin('analysis');
    state.results.validate = null;
    state.results.analysis = null;
    renderValidation();
    renderAnalysis();
    const count = handCards().length;
    say('check-status', 'needThirteen', { count });
    say('analysis-status', 'needThirteen', { count });
    return;
  }
  debounce('checks', 150, runChecks);
}

function runChecks() {
  if (!state.variantReady) {
    // The rules never loaded (no network, no key yet): try again now that the user acts.
    if (!state.variantsLoading) loadVariants();
    return;
  }
  if (!handComplete()) return;
  validate();
  analyse();
}

// One call about the arrangement on the table (validate or analysis): its answer, or its
// errors and no answer; false when a newer call of the same kind has taken its place.
async function checkArrangement(kind, path, resultBox, statusBox, busyText, extra) {
  const number = begin(kind);
  setBusy(resultBox, true);
  say(statusBox, busyText);
  const arrangement = arrangementBody();
  const result = await call('POST', path, withVariant({ arrangement, ...extra }));
  if (!isCurrent(kind, number)) return false;
  setBusy(resultBox, false);
  logRequests(kind, [result.entry]);
  if (result.ok) {
    state.results[kind] = result.data;
    state.results[kind + 'Key'] = arrangementKey(arrangement);
    clearErrors(kind);
    noteVariant(result.data.variant);
  } else {
    state.results[kind] = null;
    fail(kind, kind, result, arrangementField('/arrangement'));
  }
  return true;
}

async function validate() {
  if (!(await checkArrangement('validate', PATHS.validate, 'check-result', 'check-status', 'checking', {}))) return;
  renderValidation();
  updateRowLabels();
  renderErrors();
}

function renderValidation() {
  const box = clear(byId('check-result'));
  const answer = state.results.validate;
  const naturalBox = byId('natural-box');
  markFor(box, answer ? state.results.validateKey : null);
  if (!answer) {
    naturalBox.hidden = true;
    if (state.errors.validate && state.errors.validate.length) {
      say('check-status', 'checkFailed', { detail: firstDetail('validate') });
    }
    else if (!handComplete()) box.append(waiting());
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

function renderNatural(natural) {
  const box = byId('natural-box');
  box.hidden = !natural;
  byId('declare-natural').checked = state.declare;
  if (!natural) return;
  const parts = [t('naturalHeld', { label: label(natural.label), payout: natural.payout })];
  if (natural.split) {
    parts.push(t('naturalSplit', {
      back: cardsText(natural.split.back), middle: cardsText(natural.split.middle), front: cardsText(natural.split.front),
    }));
  }
  byId('natural-text').textContent = parts.join(' ');
}

async function analyse() {
  const extra = { declare_natural: state.declare, opponents: state.seats - 1 };
  if (!(await checkArrangement('analysis', PATHS.analysis, 'analysis-result', 'analysis-status', 'analysing', extra))) {
    return;
  }
  renderAnalysis();
}

/** What a check waits for, on the page (not only in the status a screen reader hears). */
function waiting() {
  return el('p', { class: 'note waiting', text: t('needThirteen', { count: handCards().length }) });
}

function renderAnalysis() {
  const box = clear(byId('analysis-result'));
  const answer = state.results.analysis;
  markFor(box, answer ? state.results.analysisKey : null);
  if (!answer) {
    if (state.errors.analysis && state.errors.analysis.length) say('analysis-status', 'analysisFailed');
    else if (!handComplete()) box.append(waiting());
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
  box.append(el('h3', { text: t('changesHeading') }));
  box.append(el('ul', { class: 'changes', id: 'analysis-changes' },
    answer.changes.lines[state.lang].map((line) => el('li', { text: line }))));
  if (answer.ev_loss > 0) {
    const place = el('button', { type: 'button', class: 'small', text: t('placeBest') });
    place.addEventListener('click', () => placeBest(answer));
    box.append(place);
  }
  box.append(el('h3', { text: t('oddsHeading') }));
  box.append(renderPositions(answer));
  box.append(renderScoops(answer));
  if (answer.natural) box.append(renderNaturalReview(answer.natural));
  setStatus('analysis-status', t('analysisSummary', {
    verdict: label(answer.verdict.label), loss: number(answer.ev_loss), ev: signed(answer.ev),
  }));
}

function placeBest(answer) {
  state.declare = answer.best.declare_natural || !answer.natural;
  placeArrangement(answer.best.arrangement, t('placedBest'));
}

/** Win / tie / lose of each chi as bars, with the numbers written out too. */
function renderPositions(answer) {
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
  return list;
}

function renderScoops(answer) {
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

function renderNaturalReview(natural) {
  return el('p', { class: 'natural-review' }, t('naturalReview', {
    label: label(natural.held.label),
    payout: natural.held.payout,
    collected: natural.collected ? t('yes') : t('no'),
    ev: signed(natural.ev),
    givenUp: number(natural.given_up),
  }));
}

// --------------------------------------------------------------- optimal

async function optimise(objective) {
  flushKnobEdits();
  const number = begin('optimal');
  if (handCards().length !== HAND_SIZE) {
    state.results.optimal = null;
    state.errors.optimal = [{ field: 'general:optimal', detail: t('needHand') }];
    renderErrors();
    renderOptimal();
    return;
  }
  setBusy('optimal-result', true);
  say('optimal-status', 'optimising');
  const body = withVariant({ cards: handCards(), objective, top: 5, opponents: state.seats - 1 });
  const result = await call('POST', PATHS.optimal, body);
  if (!isCurrent('optimal', number)) return;
  setBusy('optimal-result', false);
  logRequests('optimal', [result.entry]);
  if (!result.ok) {
    state.results.optimal = null;
    fail('optimal', 'optimal', result, flatCardField);
    renderOptimal();
    say('optimal-status', 'optimalFailed');
    return;
  }
  noteVariant(result.data.variant);
  state.results.optimal = { objective, data: result.data };
  const best = result.data.best;
  if (best.natural) state.declare = best.declare_natural;
  placeArrangement(best.arrangement, t(objective === 'ev' ? 'placedBest' : 'placedStrongest'));
  clearErrors('optimal');
  renderOptimal();
}

/** Under other rules or another table size the arrangements listed are stale: drop them (and any on the way). */
function dropOptimal() {
  begin('optimal');
  state.results.optimal = null;
  state.errors.optimal = [];
  setBusy('optimal-result', false);
  setStatus('optimal-status', '');
  renderOptimal();
  renderErrors();
}

/** The best arrangement and the alternatives, each a button that places it. */
function renderOptimal() {
  const box = clear(byId('optimal-result'));
  const result = state.results.optimal;
  if (!result) return;
  const data = result.data;
  box.append(el('h3', { text: t(result.objective === 'ev' ? 'bestHeading' : 'strongestHeading') }));
  const choices = [data.best].concat(data.alternatives);
  const list = el('ol', { class: 'choices' });
  choices.forEach((choice, index) => list.append(renderChoice(choice, index, result.objective)));
  box.append(list);
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

/** The same three chi, whatever the order of the cards within each. */
function sameArrangement(first, second) {
  return POSITIONS.every((position) => first[position].slice().sort().join() === second[position].slice().sort().join());
}

/** Auto-arrange ranks by strength, not by points: its first choice is the strongest, not the best. */
function renderChoice(choice, index, objective) {
  const chi = POSITIONS.map((position) => label(choice.chi[position].category.label)).join(' / ');
  const onTable = handComplete() && sameArrangement(choice.arrangement, state.rows);
  const button = el('button', { type: 'button', class: 'small', text: t('place') });
  const first = objective === 'ev' ? 'bestChoice' : 'strongestChoice';
  const title = index === 0 ? t(first) : t('alternative', { number: index });
  button.setAttribute('aria-label', t('placeChoice', { choice: title }));
  button.addEventListener('click', () => {
    if (choice.natural) state.declare = choice.declare_natural;
    placeArrangement(choice.arrangement, t('placedChoice', { choice: title }));
  });
  return el('li', { class: 'choice' + (onTable ? ' on-table' : ''), 'aria-current': onTable ? 'true' : null,
    dataset: { choice: String(index) } }, [
    el('span', { class: 'choice-title', text: title }),
    onTable ? el('span', { class: 'badge badge-small badge-ok', text: t('onTable') }) : null,
    el('span', { class: 'choice-ev', text: t('evShort', { ev: signed(choice.ev) }) }),
    el('span', { class: 'choice-chi', text: chi }),
    el('span', { class: 'choice-cards', text: POSITIONS.map((position) => cardsText(choice.arrangement[position])).join(' | ') }),
    button,
  ]);
}

// ---------------------------------------------------------------- variants

const KNOB_ORDER = [
  'wheel', 'foul_on_equal', 'majority_bonus', 'scoop_multiplier', 'foul_multiplier', 'foul_pays_bonuses',
  'sap_lang', 'sap_lang_multiplier', 'sap_lang_min_players', 'foul_counts_as_scoop', 'natural_vs_natural',
  'natural_tie_breaks', 'rake', 'draw_fee', 'amount_decimals', 'bonuses', 'naturals', 'table',
];

async function loadVariants() {
  const number = begin('variants');
  state.variantReady = false;
  state.variantsLoading = true;
  say('variant-status', 'loadingRules');
  const result = await call('GET', PATHS.variants);
  if (!isCurrent('variants', number)) return;
  state.variantsLoading = false;
  logRequests('variant', [result.entry]);
  if (!result.ok) {
    fail('variant', 'variant', result);
    say('variant-status', 'rulesFailed');
    return;
  }
  state.presets = result.data.variants;
  state.defaultPreset = result.data.default;
  const select = clear(byId('preset'));
  for (const preset of state.presets) {
    select.append(el('option', { value: preset.name, text: label(preset.title) + ' · ' + preset.name }));
  }
  const wanted = state.presets.some((preset) => preset.name === state.preset) ? state.preset : state.defaultPreset;
  select.value = wanted;
  await loadPreset(wanted, [result.entry]);
}

/** GET /v1/variants/{name}: the preset's resolved knobs, one input each. */
async function loadPreset(name, earlier) {
  const number = begin('preset');
  say('variant-status', 'loadingRules');
  const result = await call('GET', fillPath(PATHS.variant, { name }));
  if (!isCurrent('preset', number)) return;
  logRequests('variant', (earlier || []).concat([result.entry]));
  if (!result.ok) {
    fail('variant', 'variant', result);
    byId('preset').value = state.preset || '';
    say('variant-status', 'rulesFailed');
    return;
  }
  // The rules the requests so far were sent with (none named: the service's default).
  const before = JSON.stringify(variantSpec() === undefined ? state.defaultPreset : variantSpec());
  clearErrors('variant');
  state.preset = name;
  state.presetDetail = result.data;
  renderPresetDescription();
  renderKnobs(result.data.rules);
  state.variantReady = true;
  noteVariant({ preset: name, overrides: {}, fingerprint: result.data.fingerprint });
  say('variant-status', 'rulesLoaded', { title: label(result.data.title) });
  // The same rules (the default preset, loaded once a key was given): what was asked with them
  // still holds, and a request in flight (the button just clicked) is not dropped.
  if (JSON.stringify(variantSpec()) === before) runChecks();
  else variantChanged(false);
}

function renderPresetDescription() {
  const node = byId('preset-description');
  const detail = state.presetDetail;
  node.textContent = detail ? label(detail.description) : '';
  // The service describes its presets in English only.
  if (state.lang !== 'en') node.setAttribute('lang', 'en');
  else node.removeAttribute('lang');
}

/** The variant changed (preset or knob): the fingerprint, the checks and stale results follow. */
function variantChanged(check) {
  state.variantDirty = false;
  renderChangedCount();
  dropOptimal();
  clearTable();
  if (check !== false) checkVariant();
  if (handComplete()) runChecks();
}

/** POST /v1/hands/classify with a 3-card chi: the service's word on the rules and their fingerprint. */
async function checkVariant() {
  const number = begin('variantCheck');
  say('variant-status', 'checkingRules');
  const result = await call('POST', PATHS.classify, withVariant({ cards: PROBE }));
  if (!isCurrent('variantCheck', number)) return;
  logRequests('variant', [result.entry]);
  if (result.ok) {
    clearErrors('variant');
    noteVariant(result.data.variant);
    say('variant-status', 'rulesAccepted');
  } else {
    state.variantRef = null;
    renderFingerprint();
    fail('variant', 'variant', result);
    say('variant-status', 'rulesRefused');
    // The knob it names is inside "Edit the rules": open it, so the mark can be seen.
    if ((state.errors.variant || []).some((error) => /^knob:/.test(error.field))) byId('knobs-details').open = true;
  }
}

/** The first message a section's failed call left (what its status line says, whatever the field). */
function firstDetail(section) {
  const errors = state.errors[section] || [];
  return errors.length ? errors[0].detail : '';
}

function noteVariant(reference) {
  state.variantRef = reference;
  renderFingerprint();
}

function renderFingerprint() {
  const reference = state.variantRef;
  byId('fingerprint').textContent = reference ? reference.fingerprint : '—';
  const changed = reference ? Object.keys(reference.overrides) : [];
  byId('overridden').textContent = reference ? (changed.length ? changed.join(', ') : t('noneChanged')) : '—';
}

function renderKnobs(rules) {
  const box = clear(byId('knobs'));
  state.knobs = [];
  const names = KNOB_ORDER.filter((name) => name in rules)
    .concat(Object.keys(rules).filter((name) => KNOB_ORDER.indexOf(name) < 0));
  for (const name of names) {
    const knob = buildKnob(name, rules[name]);
    state.knobs.push(knob);
    box.append(knob.wrapper);
  }
  renderChangedCount();
}

function knobTitle(name) {
  const key = 'knob.' + name;
  return el('span', { class: 'knob-title' }, [el('span', { 'data-i18n': key, text: t(key) }), ' ', el('code', { text: name })]);
}

function knobError(field) {
  return el('p', { class: 'field-error', hidden: true, id: 'error-' + field.replace(/[^\w-]/g, '-'),
    dataset: { errorFor: field } });
}

/** One input per knob, by the JSON type of its value. */
function buildKnob(name, value) {
  const id = 'knob-' + name;
  const field = 'knob:' + name;
  const error = knobError(field);
  if (name === 'table' || (value !== null && typeof value === 'object' && TABLE_FIELDS.every((f) => f in value))) {
    return buildLimits(name, value, error);
  }
  if (value !== null && typeof value === 'object') return buildMap(name, value, error);
  let node;
  let kind;
  if (typeof value === 'boolean') {
    kind = 'boolean';
    node = el('input', { type: 'checkbox', id, dataset: { field }, 'aria-describedby': error.id });
    node.checked = value;
    const wrapper = el('div', { class: 'knob knob-boolean', dataset: { knob: name } }, [
      el('label', { class: 'check', for: id }, [node, ' ', knobTitle(name)]), error,
    ]);
    return watchKnob({ name, kind, node, original: value, wrapper });
  }
  if (KNOB_CHOICES[name]) {
    kind = 'choice';
    node = el('select', { id, dataset: { field }, 'aria-describedby': error.id },
      KNOB_CHOICES[name].map((choice) => el('option', { value: choice, 'data-i18n': 'choice.' + choice,
        text: t('choice.' + choice) })));
    node.value = value;
  } else if (typeof value === 'number') {
    kind = 'integer';
    node = el('input', { type: 'number', step: '1', id, inputmode: 'numeric', dataset: { field },
      'aria-describedby': error.id });
    node.value = String(value);
  } else {
    kind = 'text';
    node = el('input', { type: 'text', id, spellcheck: 'false', autocomplete: 'off', dataset: { field },
      'aria-describedby': error.id });
    node.value = value === null ? '' : String(value);
  }
  const wrapper = el('div', { class: 'knob', dataset: { knob: name } }, [
    el('label', { for: id }, knobTitle(name)), node, error,
  ]);
  return watchKnob({ name, kind, node, original: value, wrapper });
}

/** bonuses / naturals: a small table, one number per entry; empty means "not in the table". */
function buildMap(name, value, error) {
  const keys = (MAP_KEYS[name] || []).concat(Object.keys(value).filter((key) => (MAP_KEYS[name] || []).indexOf(key) < 0));
  const entries = {};
  const body = el('tbody');
  for (const key of keys) {
    const id = 'knob-' + name + '-' + key.replace(/\W/g, '-');
    const field = 'knob:' + name + '/' + key;
    const entryError = knobError(field);
    const input = el('input', { type: 'number', step: '1', min: '1', id, inputmode: 'numeric', dataset: { field },
      'aria-describedby': entryError.id });
    input.value = key in value ? String(value[key]) : '';
    entries[key] = input;
    const labelKey = name === 'bonuses' ? 'bonus.' + key : 'natural.' + key;
    body.append(el('tr', {}, [
      el('th', { scope: 'row' }, el('label', { for: id }, [
        el('span', { 'data-i18n': labelKey, text: t(labelKey) }), ' ', el('code', { text: key }),
      ])),
      el('td', {}, [input, entryError]),
    ]));
  }
  const table = el('table', { class: 'map-table' }, [
    el('thead', {}, el('tr', {}, [
      el('th', { scope: 'col', 'data-i18n': 'mapEntry', text: t('mapEntry') }),
      el('th', { scope: 'col', 'data-i18n': name === 'bonuses' ? 'mapUnits' : 'mapPayout',
        text: t(name === 'bonuses' ? 'mapUnits' : 'mapPayout') }),
    ])),
    body,
  ]);
  const wrapper = el('fieldset', { class: 'knob knob-map', dataset: { knob: name } }, [
    el('legend', {}, knobTitle(name)),
    el('p', { class: 'hint', 'data-i18n': 'mapHint', text: t('mapHint') }),
    table, error,
  ]);
  return watchKnob({ name, kind: 'map', entries, original: value, wrapper });
}

/** table: the limits object (all three numbers) or null. */
function buildLimits(name, value, error) {
  const toggle = el('input', { type: 'checkbox', id: 'knob-' + name + '-on', dataset: { field: 'knob:' + name } });
  toggle.checked = value !== null;
  const fields = {};
  const inputs = TABLE_FIELDS.map((key) => {
    const id = 'knob-' + name + '-' + key;
    const field = 'knob:' + name + '/' + key;
    const fieldError = knobError(field);
    const input = el('input', { type: 'number', step: '1', min: '0', id, inputmode: 'numeric', dataset: { field },
      'aria-describedby': fieldError.id });
    input.value = value ? String(value[key]) : '0';
    input.disabled = value === null;
    fields[key] = input;
    return el('div', { class: 'knob-limit' }, [
      el('label', { for: id }, [el('span', { 'data-i18n': 'limit.' + key, text: t('limit.' + key) }), ' ',
        el('code', { text: key })]),
      input, fieldError,
    ]);
  });
  toggle.addEventListener('change', () => {
    Object.values(fields).forEach((input) => {
      input.disabled = !toggle.checked;
    });
  });
  const wrapper = el('fieldset', { class: 'knob knob-limits', dataset: { knob: name } }, [
    el('legend', {}, knobTitle(name)),
    el('label', { class: 'check', for: toggle.id }, [toggle, ' ',
      el('span', { 'data-i18n': 'limitsOn', text: t('limitsOn') })]),
    el('div', { class: 'limits' }, inputs), error,
  ]);
  return watchKnob({ name, kind: 'limits', toggle, fields, original: value, wrapper });
}

function watchKnob(knob) {
  knob.wrapper.addEventListener('input', onKnobEdit);
  knob.wrapper.addEventListener('change', onKnobEdit);
  return knob;
}

function onKnobEdit() {
  renderChangedCount();
  state.variantDirty = true;
  debounce('variant', 400, () => variantChanged(true));
}

/**
 * A knob edit still waiting for its debounce is applied now: an action started meanwhile must use
 * the new rules (and must not be cancelled a moment later when the debounce fires).
 */
function flushKnobEdits() {
  if (!state.variantDirty) return;
  clearTimeout(state.timers.variant);
  variantChanged(true);
}

/** A number typed as digits is sent as a number; anything else as typed, for the service to judge. */
function parseInteger(text) {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : text;
}

function readKnob(knob) {
  if (knob.kind === 'boolean') return knob.node.checked;
  if (knob.kind === 'integer') return parseInteger(knob.node.value);
  if (knob.kind === 'choice') return knob.node.value;
  if (knob.kind === 'text') return decimalInput(knob.node.value); // the text knobs are decimals
  if (knob.kind === 'limits') {
    if (!knob.toggle.checked) return null;
    const limits = {};
    TABLE_FIELDS.forEach((key) => {
      limits[key] = parseInteger(knob.fields[key].value);
    });
    return limits;
  }
  return null;
}

/** What to send for a knob: undefined when it still has the preset's value. */
function knobOverride(knob) {
  if (knob.kind === 'map') {
    const patch = {};
    for (const [key, input] of Object.entries(knob.entries)) {
      const text = input.value.trim();
      const now = text === '' ? null : parseInteger(input.value);
      const before = knob.original && key in knob.original ? knob.original[key] : null;
      if (now !== before) patch[key] = now;
    }
    return Object.keys(patch).length ? patch : undefined;
  }
  const now = readKnob(knob);
  const before = knob.kind === 'limits' && knob.original
    ? TABLE_FIELDS.reduce((limits, key) => Object.assign(limits, { [key]: knob.original[key] }), {})
    : knob.original;
  return JSON.stringify(now) === JSON.stringify(before) ? undefined : now;
}

function currentOverrides() {
  const overrides = {};
  for (const knob of state.knobs) {
    const value = knobOverride(knob);
    if (value !== undefined) overrides[knob.name] = value;
  }
  return overrides;
}

function renderChangedCount() {
  const changed = state.knobs.filter((knob) => knobOverride(knob) !== undefined);
  state.knobs.forEach((knob) => knob.wrapper.classList.toggle('changed', changed.indexOf(knob) >= 0));
  byId('changed-count').textContent = changed.length ? t('changedCount', { count: changed.length }) : '';
}

function resetKnobs() {
  if (!state.presetDetail) return;
  clearTimeout(state.timers.variant); // the edit that blurred on the way to this button is undone anyway
  renderKnobs(state.presetDetail.rules);
  state.errors.variant = [];
  renderErrors();
  variantChanged(true);
  announce(t('knobsReset'));
}

// ------------------------------------------------------------------ table

function seatName(seat) {
  return SEAT_NAMES[seat];
}

/** The seats: the user, then bots with a level each; after the reveal, everyone's chi. */
function renderSeats() {
  const list = clear(byId('seats'));
  const result = state.results.table;
  for (let seat = 0; seat < state.seats; seat += 1) {
    const played = result ? result.seats[seat] : null;
    const item = el('li', { class: 'seat', dataset: { seat: String(seat), player: seatName(seat) } });
    if (played) item.dataset.declare = played.declare ? 'true' : 'false';
    const title = seat === 0 ? t('seatYou', { name: seatName(seat) }) : t('seatBot', { name: seatName(seat) });
    item.append(el('h3', { class: 'seat-title', text: title }));
    if (seat > 0) item.append(levelField(seat));
    if (played) item.append(renderPlayedSeat(played, seat));
    else item.append(el('p', { class: 'hint', text: seat === 0 ? t('seatYourCards') : t('seatHidden') }));
    item.append(el('p', { class: 'field-error', hidden: true, id: 'seat-' + seat + '-error',
      dataset: { errorFor: 'seat:' + seat } }));
    list.append(item);
  }
  renderErrors();
}

function levelField(seat) {
  const id = 'level-' + seat;
  const select = el('select', { id, dataset: { field: 'seat:' + seat } },
    LEVELS.map((level) => el('option', { value: level, text: t('level.' + level) })));
  select.value = state.levels[seat - 1] || 'club';
  select.addEventListener('change', () => {
    state.levels[seat - 1] = select.value;
    clearTable();
  });
  return el('div', { class: 'field level-field' }, [el('label', { for: id, text: t('level') }), select]);
}

/** A seat after the reveal: its three chi (as mini cards), the bot's style, verdict and net. */
function renderPlayedSeat(played, seat) {
  const rows = el('div', { class: 'seat-rows' });
  for (const position of POSITIONS) {
    const cards = played.arrangement[position];
    const category = played.labels ? played.labels[position] : null;
    rows.append(el('div', { class: 'seat-row', dataset: { position } }, [
      el('span', { class: 'seat-row-name', text: positionName(position) }),
      el('span', { class: 'seat-row-cards' }, cards.map(miniCard)),
      category ? el('span', { class: 'seat-row-category', text: label(category) }) : null,
    ]));
  }
  const notes = [];
  if (played.style) notes.push(el('li', { class: 'seat-style', text: t('styleText', { style: label(played.style.label) }) }));
  if (played.verdict) {
    notes.push(el('li', {}, [t('verdict') + ': ', el('span', { class: 'badge verdict verdict-' + played.verdict.key,
      text: label(played.verdict.label) }), ' ', t('lossText', { loss: number(played.ev_loss) })]));
  }
  if (seat > 0) notes.push(el('li', { class: 'hint', text: t('botSeed', { seed: played.seed }) }));
  if (played.declare && played.natural) notes.push(el('li', { text: t('declaresNatural') }));
  return el('div', { class: 'seat-played' }, [rows, el('ul', { class: 'seat-notes' }, notes)]);
}

function clearTable() {
  begin('table');
  // A settlement under way is dropped: say so rather than leave "settling…" standing.
  setBusy('table-result', false);
  setStatus('table-status', '');
  if (state.results.table) {
    state.results.table = null;
    renderTable();
    renderSeats();
  }
  state.errors.table = [];
}

function readBet() {
  return decimalInput(byId('bet').value);
}

/** The bots set their cards (POST /v1/arrangements/play), then the table is settled. */
async function settle() {
  flushKnobEdits();
  const number = begin('table');
  state.results.table = null;
  state.errors.table = [];
  renderTable();
  renderSeats();
  if (!handComplete()) {
    state.errors.table = [{ field: 'general:table', detail: t('needHand') }];
    renderErrors();
    setStatus('table-status', ''); // the message is the one beside the button, said once
    return;
  }
  setBusy('table-result', true);
  say('table-status', 'botsPlaying');
  const opponents = state.seats - 1;
  const plays = [];
  for (let seat = 1; seat < state.seats; seat += 1) {
    const level = state.levels[seat - 1] || 'club';
    // A seed per deal and seat: the same deal replays the same bots.
    const body = withVariant({ cards: botCards(seat), level, seed: state.seed * 4 + seat, opponents });
    plays.push(call('POST', PATHS.play, body));
  }
  const answers = await Promise.all(plays);
  if (!isCurrent('table', number)) return;
  const entries = answers.map((answer) => answer.entry);
  const failed = answers.findIndex((answer) => !answer.ok);
  if (failed >= 0) {
    return tableFailed(entries, answers[failed], (pointer) => (/^\/cards/.test(pointer) ? 'seat:' + (failed + 1) : null));
  }
  const players = [{ id: seatName(0), arrangement: arrangementBody(), declare_natural: state.declare }];
  answers.forEach((answer, index) => {
    // A bot's answer posts straight back: its arrangement is the settlement's.
    players.push({ id: seatName(index + 1), arrangement: answer.data.arrangement, declare_natural: answer.data.declare_natural });
  });
  say('table-status', 'settling');
  const result = await call('POST', PATHS.settle, withVariant({ bet: readBet(), players }));
  if (!isCurrent('table', number)) return;
  entries.push(result.entry);
  if (!result.ok) return tableFailed(entries, result, settlementField);
  setBusy('table-result', false);
  logRequests('table', entries);
  clearErrors('table');
  noteVariant(result.data.variant);
  state.results.table = { settlement: result.data, seats: seatsOf(players, answers) };
  renderSeats();
  renderTable();
}

function tableFailed(entries, result, where) {
  setBusy('table-result', false);
  logRequests('table', entries);
  state.results.table = null;
  fail('table', 'table', result, where);
  renderTable();
  say('table-status', 'tableFailed', { detail: firstDetail('table') });
}

/** '/players/0/arrangement/front/2' is the user's card slot; another seat's pointer is that seat. */
function settlementField(pointer) {
  const match = /^\/players\/(\d+)(\/.*)?$/.exec(pointer);
  if (!match) return null;
  const seat = Number(match[1]);
  if (seat === 0 && match[2] && match[2].indexOf('/arrangement') === 0) return arrangementField('/arrangement')(match[2]);
  return 'seat:' + seat;
}

function seatsOf(players, answers) {
  const validation = state.results.validate;
  const seats = [{
    arrangement: players[0].arrangement,
    declare: players[0].declare_natural,
    natural: validation ? validation.natural : null,
    labels: validation ? mapLabels(validation.chi) : null,
    verdict: state.results.analysis ? state.results.analysis.verdict : null,
    ev_loss: state.results.analysis ? state.results.analysis.ev_loss : null,
  }];
  answers.forEach((answer, index) => {
    const data = answer.data;
    seats.push({
      arrangement: players[index + 1].arrangement,
      declare: data.declare_natural,
      natural: data.natural,
      labels: mapLabels(data.chi),
      style: data.style,
      verdict: data.verdict,
      ev_loss: data.ev_loss,
      seed: data.seed,
    });
  });
  return seats;
}

function mapLabels(chi) {
  const labels = {};
  POSITIONS.forEach((position) => {
    labels[position] = chi[position].category.label;
  });
  return labels;
}

/** The settlement: money per player, then every pair chi by chi with its explanation. */
function renderTable() {
  const box = clear(byId('table-result'));
  const result = state.results.table;
  if (!result) return;
  const settlement = result.settlement;
  box.append(el('h3', { text: t('moneyHeading', { bet: settlement.bet }) }));
  box.append(el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': t('moneyHeading', {
    bet: settlement.bet,
  }) }, moneyTable(settlement)));
  box.append(el('h3', { text: t('pairsHeading') }));
  box.append(el('div', { class: 'pairs' }, settlement.pairs.map(renderPair)));
  box.append(el('h3', { text: t('playerLinesHeading') }));
  box.append(el('div', { class: 'pairs' }, settlement.players.map((player) => el('div', { class: 'player-lines' }, [
    el('h4', { text: player.id }),
    el('ol', { class: 'lines', dataset: { playerLines: player.id } }, player.lines.map(lineItem)),
  ]))));
  const me = settlement.players[0];
  say('table-status', 'tableSummary', { name: me.id, net: decimalText(me.net), points: me.points });
}

function moneyTable(settlement) {
  const columns = ['points', 'amount', 'rake', 'draw_fee', 'net'];
  const head = el('tr', {}, [el('th', { scope: 'col', text: t('player') })]
    .concat(columns.map((column) => el('th', { scope: 'col', class: 'num', text: t('col.' + column) }))));
  const body = el('tbody');
  for (const player of settlement.players) {
    const flags = playerFlags(player).map((flag) => el('span', { class: 'badge badge-small', text: flag }));
    const row = el('tr', { dataset: { player: player.id } }, [el('th', { scope: 'row' }, [player.id, ' '].concat(flags))]);
    for (const column of columns) {
      const value = column === 'points' ? (player.points > 0 ? '+' : '') + player.points : decimalText(player[column]);
      row.append(el('td', { class: 'num', dataset: { money: column }, text: value }));
    }
    body.append(row);
  }
  const take = settlement.house_take;
  const foot = el('tfoot', {}, el('tr', {}, [
    el('th', { scope: 'row', text: t('houseTake') }),
    el('td', { class: 'num', text: '' }),
    el('td', { class: 'num', text: '' }),
    el('td', { class: 'num', dataset: { money: 'house-rake' }, text: decimalText(take.rake) }),
    el('td', { class: 'num', dataset: { money: 'house-draw-fee' }, text: decimalText(take.draw_fee) }),
    el('td', { class: 'num', dataset: { money: 'house-total' }, text: decimalText(take.total) }),
  ]));
  return el('table', { class: 'money' }, [el('thead', {}, head), body, foot]);
}

function playerFlags(player) {
  const flags = [];
  if (player.natural) flags.push(t('flagNatural', { label: label(player.natural.label) }));
  if (player.forfeit) flags.push(t('flagForfeit'));
  else if (player.fouled) flags.push(t('flagFouled'));
  if (player.sap_lang_result) flags.push(label(player.sap_lang_result.label));
  return flags;
}

function renderPair(pair) {
  const [first, second] = pair.players;
  const title = t('pairTitle', { first, second, points: (pair.points > 0 ? '+' : '') + pair.points });
  const chi = el('dl', { class: 'pair-chi' });
  for (const position of POSITIONS) {
    const result = pair.positions[position];
    chi.append(el('dt', { text: positionName(position) }));
    chi.append(el('dd', { text: positionText(result) }));
  }
  const badges = [];
  if (pair.natural_outcome) badges.push(t('pairNatural', { winner: pair.natural_outcome.winner || t('nobody') }));
  if (pair.scooper) badges.push(t('pairScoop', { winner: pair.scooper }));
  for (const multiplier of pair.multipliers) {
    badges.push(t('mult.' + multiplier.kind.key, { factor: multiplier.factor, player: multiplier.player }));
  }
  if (pair.majority) badges.push(t('pairMajority', { winner: pair.majority.winner, units: pair.majority.units }));
  return el('div', { class: 'pair', dataset: { pair: first + '|' + second } }, [
    el('h4', { text: title }),
    chi,
    badges.length ? el('p', { class: 'pair-badges' },
      badges.map((badge) => el('span', { class: 'badge badge-small', text: badge }))) : null,
    el('ol', { class: 'lines', dataset: { pairLines: first + '|' + second } }, pair.lines.map(lineItem)),
  ]);
}

function positionText(result) {
  if (!result.winner) return label(result.reason.label);
  const bonus = result.bonus ? ' · ' + t('bonusKey', { key: t('bonus.' + result.bonus) }) : '';
  return t('positionWon', { winner: result.winner, value: result.value, reason: label(result.reason.label) }) + bonus;
}

function lineItem(line) {
  return el('li', { text: label(line) });
}

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
