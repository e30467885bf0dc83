/* Small helpers every part of the page uses: elements, storage, request numbering, words and numbers in
 * the page's language, cards as drawn and named, the nodes the parts look up, and the status lines
 * and announcements.  It imports no part of the page: every part may use it. */

import { TEXTS as I18N, translate } from './i18n.mjs';
import * as numbers from './numbers.mjs';
import { POSITIONS, SUIT_SYMBOL } from './constants.mjs';
import { actions, firstDetail, state } from './state.mjs';

// ---------------------------------------------------------------- utilities

export function byId(id) {
  return document.getElementById(id);
}

/** An element with attributes and children; text always goes in as text nodes. */
export function el(tag, attributes, children) {
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

/** A button with the words of ``key``, doing ``action`` when pressed; ``kind`` its class ('primary',
 * 'small'), if any. */
export function button(id, key, action, kind) {
  const node = el('button', { type: 'button', id, class: kind || null, text: t(key) });
  node.addEventListener('click', action);
  return node;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

export function store(kind, key, value) {
  try {
    const storage = kind === 'session' ? window.sessionStorage : window.localStorage;
    if (value === null || value === '') storage.removeItem(key);
    else storage.setItem(key, value);
  } catch (error) {
    // Storage can be switched off; the page still works, it just forgets.
  }
}

export function recall(kind, key) {
  try {
    return (kind === 'session' ? window.sessionStorage : window.localStorage).getItem(key);
  } catch (error) {
    return null;
  }
}

export function begin(kind) {
  return actions.nextCall(kind);
}

export function isCurrent(kind, number) {
  return state.seq[kind] === number;
}

// The debounces' timers: handles of this page's setTimeout, not state any part draws.
const timers = {};

export function debounce(name, delay, action) {
  clearTimeout(timers[name]);
  timers[name] = setTimeout(action, delay);
}

/** A debounced action that has not fired yet does not fire. */
export function cancel(name) {
  clearTimeout(timers[name]);
}

/** The text for ``key`` in the current language, with {placeholders} filled in. */
export function t(key, params) {
  return translate(state.lang, key, params);
}

/** The API's own {en, vi} labels, in the current language. */
export function label(pair) {
  if (!pair) return '';
  return state.lang === 'vi' ? pair.vi : pair.en;
}

/** The dataset of a node showing an API label (``prefix`` before it): a language switch rewrites it. */
export function labelled(pair, prefix) {
  const before = prefix || '';
  return { labelEn: before + (pair ? pair.en : ''), labelVi: before + (pair ? pair.vi : '') };
}

export function locale() {
  return numbers.locale(state.lang);
}

// Numbers as the page's language writes them (numbers.mjs), and decimals read back from it.
export const number = (value, digits) => numbers.number(state.lang, value, digits);
export const signed = (value) => numbers.signed(state.lang, value);
export const percent = (value) => numbers.percent(state.lang, value);
export const integer = (value) => numbers.integer(state.lang, value);
export const decimalText = (text) => numbers.decimalText(state.lang, text);
/** What a numeric field holds, read in the page's language (numbers.readNumber): {value} or {refused, params}. */
export const readNumber = (text, options) => numbers.readNumber(state.lang, text, options);
export const isRefused = numbers.isRefused;
export const decimalInput = (text) => numbers.decimalInput(state.lang, text);
export const isDecimal = numbers.isDecimal;
/** Money from the API in ``currency`` (null: not known; ``places``: its column's), and a share ("0.02") as a percentage. */
export const money = (text, currency, places) => numbers.money(state.lang, text, currency, places);
/** A large whole sum as players write it ("1,5 triệu"), or null: written in full. */
export const compactMoney = (text) => numbers.compactMoney(state.lang, text);
export const moneyPlaces = numbers.moneyPlaces;
export const shareText = (text) => numbers.shareText(state.lang, text);
/** A field's number as typed in ``from``, rewritten for the page's language now. */
export const relocalised = (from, text, options) => numbers.relocalised(from, state.lang, text, options);

// -------------------------------------------------------------------- cards

export function rankText(card) {
  return card[0] === 'T' ? '10' : card[0];
}

/** "Ace of spades" / "Át bích": what a screen reader says for a card. */
export function cardName(card) {
  const names = I18N[state.lang].cardNames;
  const rank = names.ranks[card[0]];
  const suit = names.suits[card[1]];
  return names.pattern.replace('{rank}', rank).replace('{suit}', suit);
}

/**
 * Rank and suit as drawn; with ``named``, the spoken name too, as hidden text, so that a button's
 * accessible name comes from its content (an aria-label would not contain the visible "J♣").
 */
export function cardFace(card, named) {
  return [
    el('span', { class: 'card-rank', 'aria-hidden': 'true', text: rankText(card) }),
    el('span', { class: 'card-suit', 'aria-hidden': 'true', text: SUIT_SYMBOL[card[1]] }),
    named ? el('span', { class: 'card-name visually-hidden', text: cardName(card) }) : null,
  ];
}

/** A card drawn for reading only (seats, alternatives): rank, suit symbol and a spoken name. */
export function miniCard(card) {
  return el('span', { class: 'mini-card suit-' + card[1], role: 'img', 'aria-label': cardName(card), dataset: { card } },
    cardFace(card));
}

/** The text of cards for sentences: "A♠ K♦ 7♥". */
export function cardsText(cards) {
  return cards.map((card) => rankText(card) + SUIT_SYMBOL[card[1]]).join(' ');
}

/** The same text as :func:`cardsText`, each card in its suit's colour (red hearts and diamonds). */
export function cardsColoured(cards) {
  const nodes = [];
  cards.forEach((card, index) => {
    if (index) nodes.push(' ');
    nodes.push(el('span', { class: 'suit-' + card[1], text: rankText(card) + SUIT_SYMBOL[card[1]] }));
  });
  return nodes;
}

/** Each sideways-scrolling table that does not fit says so under it (a phone cuts its last columns off). */
export function showScrollHints() {
  document.querySelectorAll('.table-scroll').forEach((scroll) => {
    const hint = scroll.nextElementSibling;
    if (hint && hint.classList.contains('scroll-hint')) hint.hidden = scroll.scrollWidth <= scroll.clientWidth + 1;
  });
}

/** The node a card of the hand is drawn as. */
export function handCardNode(card) {
  return document.querySelector('#hand .card[data-card="' + card + '"]');
}

/** Take the player to a field an error names: open what folds it away, show it and put the focus in it. */
export function revealField(field) {
  const input = document.querySelector('[data-field="' + CSS.escape(field) + '"]');
  if (!input) return;
  for (let node = input.parentElement; node; node = node.parentElement) {
    if (node.tagName === 'DETAILS') node.open = true;
  }
  input.scrollIntoView({ block: 'center' });
  input.focus();
}

/** Where the errors of a field are shown. */
export function errorBox(field) {
  return document.querySelector('[data-error-for="' + CSS.escape(field) + '"]');
}

/** A result box says which arrangement its answer is about. */
export function markFor(box, key) {
  if (key) box.dataset.for = key;
  else delete box.dataset.for;
}

export function positionName(position) {
  return t('pos.' + position);
}

/** The chi as named inside a sentence ("the back (chi đầu)"). */
export function positionWord(position) {
  return t('posWord.' + position);
}

// ------------------------------------------------------------ seeded deal

export function randomSeed() {
  const values = new Uint32Array(1);
  window.crypto.getRandomValues(values);
  return values[0];
}


// ---------------------------------------------------------- announcements

export function announce(text) {
  const region = byId('announcer');
  region.textContent = '';
  // A new text node a moment later is announced even when the words are the same as before.
  setTimeout(() => {
    region.textContent = text;
  }, 50);
}

export function setStatus(id, text) {
  const node = byId(id);
  if (node) node.textContent = text || '';
  actions.noteStatus(id, null);
}

/**
 * A status from the texts table, kept as a key so that a language switch translates it too.  A
 * parameter may be words that follow the language as well: the API's {en, vi} label, the page's own
 * {key, params}, or {source}, the first error a section's call left (as it reads now).
 */
export function say(id, key, params) {
  setStatus(id, t(key, resolved(params)));
  actions.noteStatus(id, { key, params });
}

function resolved(params) {
  if (!params) return params;
  const out = {};
  for (const [name, value] of Object.entries(params)) {
    if (value && typeof value === 'object' && 'source' in value) out[name] = detailText(firstDetail(value.source));
    else if (value && typeof value === 'object') out[name] = detailText(value);
    else out[name] = value;
  }
  return out;
}

/** Why a section's call came to nothing, as a status says it: the service could not be reached (its
 * error is the network's), or it refused the request; a {key} that follows the language. */
export function failedWhy(source) {
  const unreachable = state.errors[source].some((error) => error.detail && error.detail.key === 'networkError');
  return { key: unreachable ? 'whyUnreachable' : 'whyRefused' };
}

/** An error's words: the API's text as it came, the API's {en, vi} label, or the page's own {key, params}. */
export function detailText(detail) {
  if (detail === null || detail === undefined) return '';
  if (typeof detail === 'string') return detail;
  if ('en' in detail && 'vi' in detail) return label(detail);
  return t(detail.key, resolved(detail.params));
}

export function translateStatuses() {
  for (const [id, status] of Object.entries(state.statuses)) {
    if (status) say(id, status.key, status.params);
  }
}

export function setBusy(id, busy) {
  const node = byId(id);
  if (node) node.setAttribute('aria-busy', busy ? 'true' : 'false');
}

// ------------------------------------------------------------ chi as rows

/* Three chi drawn as rows (the hand, the plays compared, the seats after the reveal), in the order and
 * with the names the player chose: chi 3 (the front) on top and chi 1 (the back, the strongest five)
 * at the bottom, numbered as players number them and as game apps show them; or the back first, as
 * the page drew them before (issue 54). */

/** The chi from the top row down. */
export function displayPositions() {
  return state.chiOrder === 'back-first' ? POSITIONS.slice() : POSITIONS.slice().reverse();
}

/** A row's name: "Chi 1 · chi đầu" (numbered, as players say it) or the page's own "Chi đầu". */
export function rowName(position) {
  return state.chiOrder === 'back-first' ? positionName(position) : t('chiNumbered.' + position);
}

/** One chi as a row: its name, its cards and its category ({en, vi}, or null when not known). */
export function chiRow(position, cards, category) {
  return el('div', { class: 'seat-row', dataset: { position } }, [
    el('span', { class: 'seat-row-name', text: rowName(position) }),
    el('span', { class: 'seat-row-cards' }, cards.map(miniCard)),
    category ? el('span', { class: 'seat-row-category', text: label(category) }) : null,
  ]);
}

/** A play's three chi as rows, under a heading: ``chi`` as the service answers them ({cards, category}). */
export function playRows(id, heading, chi) {
  return el('section', { class: 'play-rows', id, 'aria-labelledby': id + '-heading' }, [
    el('h4', { id: id + '-heading', text: heading }),
    el('div', { class: 'seat-rows' }, displayPositions().map((position) =>
      chiRow(position, chi[position].cards, chi[position].category.label))),
  ]);
}
