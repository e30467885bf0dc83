/* The field errors of the state shown next to the field each names, in the page's language (the
 * calls find them: api.mjs reads a problem's pointers as fields of the page). */

import { cardName, detailText, errorBox, handCardNode, t } from './page.mjs';
import { state } from './state.mjs';

// ------------------------------------------------------------------ errors

/** Show every recorded error next to its field (and nothing else: old errors disappear). */
export function renderErrors() {
  document.querySelectorAll('[data-error-for]').forEach((box) => {
    box.textContent = '';
    box.hidden = true;
  });
  document.querySelectorAll('[aria-invalid="true"]').forEach((node) => node.removeAttribute('aria-invalid'));
  document.querySelectorAll('#hand .card.has-error').forEach((node) => node.classList.remove('has-error'));
  const byField = new Map();
  // A knob the page cannot read says so alone: the service's word on its value before is stale.
  const unread = new Set(state.errors.knobs.map((error) => error.field));
  for (const [source, list] of Object.entries(state.errors)) {
    for (const error of list) {
      if (source !== 'knobs' && unread.has(error.field)) continue;
      const details = byField.get(error.field) || [];
      const text = detailText(error.detail); // the page's own words in the language now shown
      if (details.indexOf(text) < 0) details.push(text);
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
