/* Problem details shown next to the field each pointer names, in the page's language. */

import { POSITIONS, SIZE } from './constants.mjs';
import { handCardNode } from './hand.mjs';
import { cardName, t } from './page.mjs';
import { state } from './state.mjs';

// ------------------------------------------------------------------ errors

/**
 * Record what a failed call says, next to the fields its pointers name.  ``where`` maps a
 * pointer of this request to a field ('card:front:2', 'seat:1', 'bet', 'knob:rake', ...).
 */
export function fail(source, section, result, where) {
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

export function clearErrors(source) {
  if (state.errors[source] && state.errors[source].length) {
    state.errors[source] = [];
    renderErrors();
  }
}

/** Fields any request may name: the bet, the number of opponents and the variant's knobs. */
export function commonField(pointer) {
  if (pointer === '/bet') return 'bet';
  if (pointer === '/opponents') return 'seats';
  const knob = /^\/variant\/overrides\/(.+)$/.exec(pointer);
  if (knob) return knobField(knob[1].split('/').map(unescapePointer));
  if (pointer === '/variant' || pointer.indexOf('/variant/') === 0) return 'preset';
  return null;
}

export function unescapePointer(segment) {
  return segment.split('~1').join('/').split('~0').join('~');
}

/** The innermost knob input a pointer reaches ('bonuses/front.trips', else 'bonuses'). */
export function knobField(segments) {
  for (let length = segments.length; length > 0; length -= 1) {
    const field = 'knob:' + segments.slice(0, length).join('/');
    if (errorBox(field)) return field;
  }
  return 'preset';
}

/** The pointers of an arrangement in a request body: '/arrangement/front/2' is a card slot. */
export function arrangementField(prefix) {
  return function (pointer) {
    if (pointer.indexOf(prefix) !== 0) return null;
    const match = /^\/(back|middle|front)(?:\/(\d+))?/.exec(pointer.slice(prefix.length));
    if (!match) return 'general:arrange';
    return match[2] === undefined ? 'row:' + match[1] : 'card:' + match[1] + ':' + match[2];
  };
}

/** '/cards/7' of a request that sent the hand flattened back, middle, front. */
export function flatCardField(pointer) {
  const match = /^\/cards\/(\d+)/.exec(pointer);
  if (!match) return null;
  let index = Number(match[1]);
  for (const position of POSITIONS) {
    if (index < SIZE[position]) return 'card:' + position + ':' + index;
    index -= SIZE[position];
  }
  return 'general:arrange';
}

export function errorBox(field) {
  return document.querySelector('[data-error-for="' + CSS.escape(field) + '"]');
}

/** Show every recorded error next to its field (and nothing else: old errors disappear). */
export function renderErrors() {
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

export function showError(field, details) {
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
export function linkDescription(input, box) {
  if (!box.id) box.id = 'error-' + Math.random().toString(36).slice(2, 10);
  const ids = (input.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
  if (ids.indexOf(box.id) < 0) input.setAttribute('aria-describedby', ids.concat(box.id).join(' '));
}
