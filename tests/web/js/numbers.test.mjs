// Numbers in each of the page's languages (numbers.mjs): written as the language writes them, read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  decimalInput, decimalText, integer, number, percent, signed,
} from '../../../maubinh_api/web/static/playground/numbers.mjs';

test('money from the API is written digit for digit in each language', () => {
  assert.equal(decimalText('en', '-1234.50'), '-1,234.50');
  assert.equal(decimalText('vi', '-1234.50'), '-1.234,50');
  assert.equal(decimalText('vi', '70.00'), '70,00');
  // Beyond a binary float's 15-16 digits, still exact.
  assert.equal(decimalText('en', '12345678901234567.89'), '12,345,678,901,234,567.89');
  assert.equal(decimalText('vi', 'not a number'), 'not a number');
});

test('what the page writes it reads back, and the API notation too', () => {
  for (const lang of ['en', 'vi']) {
    for (const api of ['0.02', '10.5', '1234.50', '-70.00', '10']) {
      assert.equal(decimalInput(lang, decimalText(lang, api)), api, lang + ' ' + api);
      assert.equal(decimalInput(lang, api), api, lang + ' ' + api); // "0.02" as the API writes it
    }
  }
  assert.equal(decimalInput('vi', ' 0,02 '), '0.02');
  assert.equal(decimalInput('en', '1,234.5'), '1234.5');
});

test('the other figures follow the language', () => {
  assert.equal(number('en', -1.5432), '-1.54');
  assert.equal(number('vi', -1.5432), '-1,54');
  assert.equal(signed('en', 0.25), '+0.25');
  assert.equal(signed('vi', 0), '0,00');
  assert.equal(percent('en', 0.1234), '12.3%');
  assert.equal(integer('vi', 1234567), '1.234.567');
});
