// Numbers in each of the page's languages (numbers.mjs): written as the language writes them, read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  decimalInput, decimalText, integer, isDecimal, number, percent, relocalised, signed,
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

test('a Vietnamese bet in thousands reads as thousands, not as a decimal (issue 30, defect 3)', () => {
  assert.equal(decimalInput('vi', '1.000.000'), '1000000');
  // Points every three digits are thousands in Vietnamese, even where the API would read a decimal:
  // a Vietnamese player who types 1.500 means fifteen hundred.
  assert.equal(decimalInput('vi', '1.500'), '1500');
  assert.equal(decimalInput('vi', '10.50'), '10.50'); // not thousands: the API's own decimal
  assert.equal(decimalInput('en', '1,000,000'), '1000000');
  // A comma that groups no thousands is no English number: "10,5" is refused, never read as 105.
  assert.equal(decimalInput('en', '10,5'), '10,5');
  assert.ok(!isDecimal(decimalInput('en', '10,5')));
  assert.ok(isDecimal(decimalInput('vi', '1.000.000,5')) && !isDecimal(decimalInput('vi', '1,2,3')));
  assert.ok(!isDecimal('ten') && !isDecimal('') && isDecimal('-1'));
});

test('a field typed in one language is rewritten for the other, or left as typed', () => {
  assert.equal(relocalised('vi', 'en', '0,02'), '0.02');
  assert.equal(relocalised('en', 'vi', '1,000.5'), '1.000,5');
  assert.equal(relocalised('vi', 'en', '1.000.000'), '1,000,000');
  assert.equal(relocalised('en', 'vi', 'ten'), 'ten');
});
