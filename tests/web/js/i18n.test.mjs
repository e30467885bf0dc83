// The page's two languages (i18n.mjs, texts-en.mjs, texts-vi.mjs): every key in both, with the
// same placeholders, so that a switch of language never shows a key or drops a figure.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { TEXTS, placeholders, translate } from '../../../maubinh_api/web/static/playground/i18n.mjs';

function flatten(table, prefix = '') {
  const found = {};
  for (const [key, value] of Object.entries(table)) {
    if (value && typeof value === 'object') Object.assign(found, flatten(value, prefix + key + '.'));
    else found[prefix + key] = value;
  }
  return found;
}

test('every key is in both languages', () => {
  const en = Object.keys(flatten(TEXTS.en)).sort();
  const vi = Object.keys(flatten(TEXTS.vi)).sort();
  assert.deepEqual(vi.filter((key) => !en.includes(key)), []);
  assert.deepEqual(en.filter((key) => !vi.includes(key)), []);
});

test('both languages fill in the same placeholders, and no text is empty', () => {
  const en = flatten(TEXTS.en);
  const vi = flatten(TEXTS.vi);
  for (const key of Object.keys(en)) {
    assert.deepEqual(placeholders(vi[key]), placeholders(en[key]), key);
    assert.ok(String(en[key]).trim() && String(vi[key]).trim(), key);
  }
});

test('a text is translated with its placeholders filled', () => {
  assert.equal(translate('en', 'pickedCount', { count: 12 }), '12 of 13 cards in your hand.');
  assert.equal(translate('vi', 'pickedCount', { count: 12 }), 'Bạn đang có 12/13 lá.');
  assert.equal(translate('fr', 'pickedCount', { count: 1 }), '1 of 13 cards in your hand.'); // English by default
  assert.equal(translate('en', 'no.such.key'), 'no.such.key');
});
