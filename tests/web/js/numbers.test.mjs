// Numbers in each of the page's languages (numbers.mjs): written as the language writes them, read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import fc from 'fast-check';

import {
  compactMoney, currencyDigits, decimalInput, decimalText, integer, isDecimal, money, moneyPlaces, number, percent, readNumber,
  relocalised, shareText, signed,
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

// ------------------------------------------------------------------ one reading of every field (issue 41)

const LANGS = ['en', 'vi'];
const lang = fc.constantFrom(...LANGS);
// A decimal in the API's notation: a sign, a whole part with no leading zero, maybe a fraction.
const wholeDigits = fc.stringMatching(/^(0|[1-9]\d{0,17})$/);
const fractionDigits = fc.stringMatching(/^\d{1,8}$/);
const apiDecimal = fc.tuple(fc.boolean(), wholeDigits, fc.option(fractionDigits, { nil: undefined }))
  .map(([minus, whole, fraction]) => (minus ? '-' : '') + whole + (fraction === undefined ? '' : '.' + fraction));

/** The same decimal with no trailing zero in its fraction ("0.020" is "0.02", "1.0" is "1"). */
function canonical(text) {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A decimal as every notation writes it: each language's way (grouped), the API's, each language's ungrouped. */
function everyNotation(whole, fraction) {
  const api = whole + '.' + fraction;
  return [decimalText('vi', api), decimalText('en', api), api, whole + ',' + fraction];
}

test('a whole-number field refuses "1,5" and "1.5" in both languages, and never reads 15 (issue 41, defect 1)', () => {
  for (const lang of LANGS) {
    for (const typed of ['1,5', '1.5', ' 1,5 ', '2,5', '1.000,5', '1,000.5', '-1,5', '3,0', '1.50', '0,5']) {
      assert.deepEqual(readNumber(lang, typed, { whole: true }), { refused: 'notWhole', params: { typed: typed.trim() } },
        lang + ' ' + typed);
    }
    for (const typed of ['', 'abc', '1,2,3', '1..5', '--1', '1e3', '%']) {
      assert.equal(readNumber(lang, typed, { whole: true }).refused, 'badWhole', lang + ' ' + typed);
    }
    assert.equal(readNumber(lang, '15', { whole: true }).value, 15);
    assert.equal(readNumber(lang, ' -3 ', { whole: true }).value, -3);
    assert.equal(readNumber(lang, '99999999999999999999', { whole: true }).refused, 'tooManyDigits');
  }
  // Thousands the language's way, where they are unambiguous.
  assert.equal(readNumber('vi', '1.000', { whole: true }).value, 1000);
  assert.equal(readNumber('vi', '1.000.000', { whole: true }).value, 1000000);
  assert.equal(readNumber('en', '1,000', { whole: true }).value, 1000);
  assert.equal(readNumber('vi', '1 000 000', { whole: true }).value, 1000000);
  // "1,000" is one (a decimal) in Vietnamese and "1.000" one in English: neither is read as a thousand.
  assert.equal(readNumber('vi', '1,000', { whole: true }).refused, 'notWhole');
  assert.equal(readNumber('en', '1.000', { whole: true }).refused, 'notWhole');
  // A first group of thousands starts with a digit other than 0: "0.500" is no thousands.
  assert.equal(readNumber('vi', '0.500', { whole: true }).refused, 'notWhole');
});

test('the decimals, the bet and the rake are read the language\'s way, the API\'s too, and "2%" as a share', () => {
  assert.deepEqual(readNumber('vi', '0,02'), { value: '0.02' });
  assert.deepEqual(readNumber('vi', '0.02'), { value: '0.02' });
  assert.deepEqual(readNumber('vi', '0.020'), { value: '0.020' }); // not twenty: no thousands start with 0
  assert.deepEqual(readNumber('en', '1,234.5'), { value: '1234.5' });
  assert.equal(readNumber('vi', '1,234.5').refused, 'badDecimal'); // English thousands: refused, never 1.2345
  assert.equal(readNumber('en', '1.234,5').refused, 'badDecimal');
  assert.equal(readNumber('en', '10,5').refused, 'badDecimal');
  assert.deepEqual(readNumber('vi', '2%', { percent: true }), { value: '0.02', percent: true });
  assert.deepEqual(readNumber('vi', '2,5 %', { percent: true }), { value: '0.025', percent: true });
  assert.deepEqual(readNumber('en', '0.5%', { percent: true }), { value: '0.005', percent: true });
  assert.deepEqual(readNumber('en', '150%', { percent: true }), { value: '1.5', percent: true });
  assert.equal(readNumber('en', '2%').refused, 'badDecimal'); // a share only where a share is asked for
  assert.equal(readNumber('en', '%', { percent: true }).refused, 'badDecimal');
});

test('a whole number written the language\'s way reads back as itself (property)', () => {
  fc.assert(fc.property(lang, fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -1e7, max: 1e7 })), (lang, n) => {
    assert.equal(readNumber(lang, integer(lang, n), { whole: true }).value, n);
    assert.equal(readNumber(lang, decimalText(lang, String(n)), { whole: true }).value, n);
    assert.equal(relocalised(lang, lang === 'vi' ? 'en' : 'vi', integer(lang, n), { whole: true }),
      integer(lang === 'vi' ? 'en' : 'vi', n));
  }), { numRuns: 500 });
});

test('a decimal part, in any notation, is refused for a whole number, never read as another (property)', () => {
  fc.assert(fc.property(lang, fc.boolean(), wholeDigits, fractionDigits, (lang, minus, whole, fraction) => {
    const own = decimalText(lang, (minus ? '-' : '') + whole + '.' + fraction);
    assert.equal(readNumber(lang, own, { whole: true }).refused, 'notWhole', lang + ' ' + own);
    const { group } = lang === 'vi' ? { group: '.' } : { group: ',' };
    for (const text of everyNotation(whole, fraction).map((written) => (minus ? '-' : '') + written)) {
      const reading = readNumber(lang, text, { whole: true });
      if (reading.refused) {
        assert.ok(['notWhole', 'tooManyDigits'].includes(reading.refused), lang + ' ' + text);
        continue;
      }
      // Read at all only as the language's own thousands ("1.000" on the Vietnamese page), and as those.
      assert.match(text, new RegExp('^-?[1-9]\\d{0,2}(\\' + group + '\\d{3})+$'), lang + ' ' + text);
      assert.equal(reading.value, Number(text.split(group).join('')), lang + ' ' + text);
    }
  }), { numRuns: 500 });
});

test('a decimal written the language\'s way reads back digit for digit, and so across a switch (property)', () => {
  fc.assert(fc.property(lang, apiDecimal, (lang, api) => {
    assert.equal(readNumber(lang, decimalText(lang, api)).value, api, lang + ' ' + api);
    const other = lang === 'vi' ? 'en' : 'vi';
    assert.equal(relocalised(other, lang, decimalText(other, api)), decimalText(lang, api));
  }), { numRuns: 500 });
});

test('a share written as a percentage reads back as the share (property)', () => {
  const share = fc.tuple(fc.stringMatching(/^(0|[1-9]\d{0,2})$/), fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }))
    .map(([whole, fraction]) => whole + (fraction === undefined ? '' : '.' + fraction));
  fc.assert(fc.property(lang, share, (lang, api) => {
    const shown = shareText(lang, api);
    assert.match(shown, /%/);
    assert.equal(readNumber(lang, shown, { percent: true }).value, canonical(api), lang + ' ' + api + ' ' + shown);
  }), { numRuns: 500 });
});

test('a rake is shown as a percentage the language\'s way (issue 41, defect 15)', () => {
  const vi = new Intl.NumberFormat('vi-VN', { style: 'percent' }).format(0.02);
  assert.equal(shareText('vi', '0.02'), vi);
  assert.equal(shareText('en', '0.02'), '2%');
  assert.equal(shareText('vi', '0.025'), vi.replace('2', '2,5'));
  assert.equal(shareText('en', '0.5'), '50%');
  assert.equal(shareText('en', '0'), '0%');
  assert.equal(relocalised('vi', 'en', '2,5%', { percent: true }), '2.5%');
  assert.equal(relocalised('en', 'vi', '1,5', { whole: true }), '1,5'); // refused: left as typed
});

test('money keeps the currency\'s own decimals, digit for digit (issue 41, defect 15)', () => {
  assert.equal(currencyDigits('VND'), 0);
  assert.equal(currencyDigits('USD'), 2);
  assert.equal(money('vi', '-2000000.00', 'VND'), '-2.000.000');
  assert.equal(money('en', '-2000000.00', 'VND'), '-2,000,000');
  assert.equal(money('vi', '1234.50', 'VND'), '1.234,50'); // a digit of the API's: kept
  assert.equal(money('vi', '-2000000.00', 'USD'), '-2.000.000,00');
  assert.equal(money('en', '12', 'USD'), '12.00');
  assert.equal(money('en', '1.230', 'USD'), '1.23');
  assert.equal(money('vi', '-2000000.00', null), '-2.000.000,00'); // not known: as the API wrote it
  assert.equal(money('en', '12345678901234567.00', 'VND'), '12,345,678,901,234,567');
  fc.assert(fc.property(lang, apiDecimal, fc.constantFrom(null, 'VND', 'USD', 'EUR'), (lang, api, currency) => {
    const shown = money(lang, api, currency);
    assert.equal(canonical(readNumber(lang, shown).value), canonical(api), lang + ' ' + api + ' ' + shown);
    if (currency === 'VND' && /^-?\d+(\.0+)?$/.test(api)) assert.doesNotMatch(shown, lang === 'vi' ? /,/ : /\./);
  }), { numRuns: 500 });
});

// ------------------------------------------------------------------ a bet the other language reads otherwise (issue 54, D2)

test('a bet one language reads as thousands and the other as a decimal is asked about, never taken', () => {
  const ask = { askThousands: true };
  // "1,000" is one đồng in Vietnamese notation and a thousand in English: neither is taken.
  assert.deepEqual(readNumber('vi', '1,000', ask),
    { refused: 'ambiguous', params: { typed: '1,000', thousands: '1000', decimal: '1' } });
  assert.deepEqual(readNumber('en', '1.000', ask),
    { refused: 'ambiguous', params: { typed: '1.000', thousands: '1000', decimal: '1' } });
  assert.deepEqual(readNumber('vi', '12,500', ask).params, { typed: '12,500', thousands: '12500', decimal: '12.5' });
  // Written the page's own way, each is one number.
  assert.deepEqual(readNumber('vi', '1.000', ask), { value: '1000' });
  assert.deepEqual(readNumber('en', '1,000', ask), { value: '1000' });
  assert.deepEqual(readNumber('vi', '1.000,500', ask), { value: '1000.500' }); // a group said first: a decimal after
  // Not three digits after the separator, or a 0 first: no other language groups it, so it is a decimal.
  for (const [lang, typed, value] of [['vi', '1,5', '1.5'], ['vi', '0,500', '0.500'], ['en', '1.0005', '1.0005'],
    ['en', '10.50', '10.50'], ['vi', '1234,500', '1234.500']]) {
    assert.deepEqual(readNumber(lang, typed, ask), { value }, lang + ' ' + typed);
  }
  // Without the option (the knobs), the reading is as before.
  assert.deepEqual(readNumber('vi', '1,000'), { value: '1.000' });
});

// ------------------------------------------------------------------ money in a column, as players write it (issue 54, D8)

test('a column of money has one number of places: whole đồng, or the service places where a figure has more', () => {
  // Whole đồng: the service's ".00" is no place of the đồng.
  assert.equal(moneyPlaces(['10.00', '-10.00', '0.00'], 'VND'), 0);
  // A 2% rake of 20 đồng is 0.40: the column takes the service's two places, "0,00" and "0,40".
  const rakes = ['0.00', '0.40', '4.00'];
  const places = moneyPlaces(rakes, 'VND');
  assert.equal(places, 2);
  assert.deepEqual(rakes.map((text) => money('vi', text, 'VND', places)), ['0,00', '0,40', '4,00']);
  // The dollar's own two places stay, whole or not.
  assert.equal(moneyPlaces(['12.00'], 'USD'), 2);
  // Never fewer places than a figure has: nothing is rounded.
  assert.equal(money('vi', '1.04', 'VND', moneyPlaces(['1.04', '1.00'], 'VND')), '1,04');
});

test('a large whole sum is shortened as players write it, exactly, or not at all', () => {
  assert.equal(compactMoney('vi', '1000000.00'), '1 triệu');
  assert.equal(compactMoney('vi', '-1500000.00'), '-1,5 triệu');
  assert.equal(compactMoney('vi', '980000'), '980 nghìn');
  assert.equal(compactMoney('vi', '12500'), '12,5 nghìn');
  assert.equal(compactMoney('vi', '1234000'), '1.234 nghìn'); // "1,234 triệu" would need three digits
  assert.equal(compactMoney('vi', '2000000000'), '2 tỷ');
  assert.equal(compactMoney('en', '1500000'), '1.5M');
  assert.equal(compactMoney('en', '500000'), '500k');
  // Below ten thousand, with a fraction, or not exact in two digits: written in full.
  for (const text of ['9800', '10000.50', '1234567', 'ten']) assert.equal(compactMoney('vi', text), null, text);
});
