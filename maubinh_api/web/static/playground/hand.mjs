/* The hand on the table: three chi drawn as cards, moved by click, keyboard or drag.  A move is an
 * action of the store; what follows it elsewhere on the page (the checks, the table) is the wiring's. */

import { POSITIONS, SIZE } from './constants.mjs';
import {
  announce, byId, cardFace, cardName, clear, displayPositions, el, handCardNode, label, positionWord, rowName, t,
} from './page.mjs';
import { moved, neighbour, rowOf, swapped } from './rows.mjs';
import { actions, state } from './state.mjs';

// --------------------------------------------------------------- the hand

export function positionOf(card) {
  return rowOf(state.rows, card);
}

/** Draw the three chi: each card a focusable button, empty places as dashed slots. */
export function renderHand() {
  const hand = byId('hand');
  const active = document.activeElement;
  const hadFocus = active && hand.contains(active) && active.dataset.card ? active.dataset.card : null;
  clear(hand);
  for (const position of displayPositions()) hand.append(renderRow(position)); // top row first, as drawn
  if (hadFocus && handCardNode(hadFocus)) handCardNode(hadFocus).focus();
  updateRowLabels();
}

/** Each chi's category (from the last validation) next to its name, without redrawing the cards. */
export function updateRowLabels() {
  const chi = state.results.validate ? state.results.validate.chi : null;
  for (const position of POSITIONS) {
    const node = document.querySelector('#hand .row[data-position="' + position + '"] .row-category');
    if (node) node.textContent = chi ? label(chi[position].category.label) : '';
  }
}

export function renderRow(position) {
  const titleId = 'row-' + position + '-title';
  const cards = state.rows[position];
  const row = el('div', { class: 'row', role: 'group', 'aria-labelledby': titleId, dataset: { position } });
  row.append(el('h3', { class: 'row-title', id: titleId }, [
    el('span', { class: 'row-name', text: rowName(position) }),
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

export function renderHandCard(card) {
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

export function swapCards(first, second) {
  const next = swapped(state.rows, first, second);
  if (!next) return;
  actions.changeHand(next, first, t('swapped', { first: cardName(first), second: cardName(second) }));
}

/** Move a card to a chi; into a full chi it trades places with a card the player did not just put there. */
export function moveCard(card, target) {
  const from = positionOf(card);
  if (from === target) announce(t('alreadyThere', { card: cardName(card), position: positionWord(target) }));
  const change = moved(state.rows, card, target, state.placed);
  if (!change) return;
  if (!change.other) {
    actions.moveHand(change.rows, card, t('moved', { card: cardName(card), position: positionWord(target) }));
    return;
  }
  actions.moveHand(change.rows, card, t('movedSwapped', {
    card: cardName(card), position: positionWord(target), other: cardName(change.other), from: positionWord(from),
  }));
}

// Click (or Enter / Space, which click a button): pick a card up, then click another to swap.
export function onHandClick(event) {
  if (suppressClick) return;
  const node = event.target.closest('.card[data-card]');
  const row = event.target.closest('.row');
  if (node) {
    const card = node.dataset.card;
    if (!state.picked) {
      actions.pick(card, t('pickedUp', { card: cardName(card) }));
    } else if (state.picked === card) {
      actions.pick(null, t('putDown', { card: cardName(card) }));
    } else {
      swapCards(state.picked, card);
    }
  } else if (row && state.picked) {
    moveCard(state.picked, row.dataset.position);
  }
}

export const MOVE_KEYS = { 1: 'back', b: 'back', 2: 'middle', m: 'middle', 3: 'front', f: 'front' };

export function onHandKey(event) {
  const node = event.target.closest('.card[data-card]');
  if (!node || event.ctrlKey || event.metaKey || event.altKey) return;
  const card = node.dataset.card;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (MOVE_KEYS[key]) {
    event.preventDefault();
    moveCard(card, MOVE_KEYS[key]);
  } else if (key === 'Escape' && state.picked) {
    event.preventDefault();
    actions.pick(null, t('putDown', { card: cardName(state.picked) }));
  } else if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].indexOf(key) >= 0) {
    event.preventDefault();
    focusCard(neighbour(state.rows, card, key, displayPositions())); // up is the row drawn above
  }
}

// ------------------------------------------------------------ undo and redo

/** Undo (``back``) or redo the last change of the hand, saying what it was; nothing left is said too. */
export function undoMove(back = true) {
  const done = back
    ? actions.undo((what) => t('undone', { what }))
    : actions.redo((what) => t('redone', { what }));
  if (!done) announce(t(back ? 'nothingToUndo' : 'nothingToRedo'));
}

/** The buttons say whether there is a change to undo or redo (aria-disabled: a focused button keeps
 * the focus when it runs out, where a disabled one would drop it to the page). */
export function renderUndo() {
  for (const [id, stack] of [['undo', state.undo], ['redo', state.redo]]) {
    byId(id).setAttribute('aria-disabled', stack.length ? 'false' : 'true');
  }
}

/** Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac) anywhere but in a text field, which undoes its own typing. */
export function onUndoKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const target = event.target;
  if (target && target.closest && target.closest('input, textarea, select, [contenteditable="true"]')) return;
  const key = event.key.toLowerCase();
  if (key !== 'z' && key !== 'y') return;
  event.preventDefault();
  undoMove(key === 'z' && !event.shiftKey);
}

export function focusCard(card) {
  const node = card && handCardNode(card);
  if (!node) return;
  actions.setFocus(card);
  document.querySelectorAll('#hand .card[data-card]').forEach((other) => {
    other.tabIndex = other === node ? 0 : -1;
  });
  node.focus();
}

// ---------------------------------------------------------------- dragging

// True for a moment after a drag (see onPointerUp).
let suppressClick = false;

// Pointer events, not HTML5 drag and drop: the same code serves a mouse, a pen and a finger.
export const drag = { node: null, card: null, pointerId: null, x: 0, y: 0, active: false, over: null };

export function onPointerDown(event) {
  const node = event.target.closest('#hand .card[data-card]');
  if (!node || event.button !== 0 || drag.node) return;
  Object.assign(drag, { node, card: node.dataset.card, pointerId: event.pointerId, active: false });
  drag.x = event.clientX;
  drag.y = event.clientY;
  document.addEventListener('pointermove', onPointerMove);
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('pointercancel', endDrag);
}

export function onPointerMove(event) {
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

export function onPointerUp(event) {
  if (event.pointerId !== drag.pointerId) return;
  const card = drag.card;
  const target = drag.active ? dropTargetAt(event.clientX, event.clientY) : null;
  const wasDrag = drag.active;
  endDrag();
  if (!wasDrag) return;
  // The click that follows a drag must not pick the card up.
  suppressClick = true;
  setTimeout(() => {
    suppressClick = false;
  }, 0);
  if (target && target.card) swapCards(card, target.card);
  else if (target && target.position) moveCard(card, target.position);
  else announce(t('dropCancelled', { card: cardName(card) }));
}

export function endDrag() {
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
export function dropTargetAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  if (!hit) return null;
  const card = hit.closest('#hand .card[data-card]');
  if (card && card !== drag.node) return { node: card, card: card.dataset.card };
  const row = hit.closest('#hand .row');
  if (row) return { node: row, position: row.dataset.position };
  return null;
}

export function highlightDrop(target) {
  const node = target ? target.node : null;
  if (drag.over && drag.over !== node) drag.over.classList.remove('drop-target');
  if (node) node.classList.add('drop-target');
  drag.over = node;
}
