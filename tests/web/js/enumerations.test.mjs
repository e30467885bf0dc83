// Reading the API's enumerations (enumerations.mjs), under Node's own test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { inPageWords, keysOf, knobNames, labelOf, mapKeys, members } from '../../../maubinh_api/web/static/playground/enumerations.mjs';

// A part of GET /v1/enumerations as the service answers it (tests/web/test_enumerations_api.py).
const ANSWER = {
  levels: [
    { key: 'beginner', label: { en: 'Beginner', vi: 'Mới chơi' } },
    { key: 'casual', label: { en: 'Casual', vi: 'Chơi vui' } },
  ],
  knobs: [
    { key: 'wheel', label: { en: 'Where A-2-3-4-5 ranks', vi: 'Vị trí của sảnh A-2-3-4-5' } },
    { key: 'bonuses', label: { en: 'Bonus table', vi: 'Bảng thưởng (mậu binh đặc biệt)' } },
  ],
  knob_values: {
    wheel: [{ key: 'low', label: { en: 'The lowest straight', vi: 'Sảnh nhỏ nhất' } }],
    bonuses: [
      { key: 'front.trips', label: { en: 'Three of a kind in the front', vi: 'Sám chi cuối' } },
      { key: 'middle.full_house', label: { en: 'Full house in the middle', vi: 'Cù lũ chi giữa' } },
    ],
  },
};

test('an enumeration is read by its path, in the service order', () => {
  assert.deepEqual(keysOf(ANSWER, 'levels'), ['beginner', 'casual']);
  assert.deepEqual(keysOf(ANSWER, 'knob_values.wheel'), ['low']);
  assert.equal(members(ANSWER, 'knob_values.wheel')[0].label.vi, 'Sảnh nhỏ nhất');
});

test('a key has its labels, and an unknown key or enumeration none', () => {
  assert.deepEqual(labelOf(ANSWER, 'levels', 'casual'), { en: 'Casual', vi: 'Chơi vui' });
  assert.equal(labelOf(ANSWER, 'levels', 'grandmaster'), null);
  assert.equal(labelOf(ANSWER, 'knob_values.styles', 'best'), null);
});

test('before the answer has come every list is empty', () => {
  assert.deepEqual(members(null, 'levels'), []);
  assert.deepEqual(keysOf(undefined, 'knob_values.wheel'), []);
  assert.equal(labelOf(null, 'levels', 'club'), null);
});

test('a map shows every listed key first, then the keys only the value holds', () => {
  const value = { 'middle.full_house': 2, 'back.quads': 4 };
  assert.deepEqual(mapKeys(ANSWER, 'bonuses', value), ['front.trips', 'middle.full_house', 'back.quads']);
  assert.deepEqual(mapKeys(null, 'bonuses', value), ['middle.full_house', 'back.quads']);
});

test('a preset shows its knobs in the service order, any the enumeration lacks last', () => {
  const rules = { bonuses: {}, future_knob: 1, wheel: 'low' };
  assert.deepEqual(knobNames(ANSWER, rules), ['wheel', 'bonuses', 'future_knob']);
  assert.deepEqual(knobNames(null, rules), ['bonuses', 'future_knob', 'wheel']);
});

test('a sentence of the service names the knobs and themes in the page\'s words, not by their API keys', () => {
  const named = {
    knobs: [
      { key: 'scoop_multiplier', label: { en: 'Scoop multiplier (sập hầm)', vi: 'Hệ số sập hầm' } },
      { key: 'amount_decimals', label: { en: 'Decimal places of money', vi: 'Số chữ số thập phân của tiền' } },
      { key: 'sap_lang', label: { en: 'Sập làng', vi: 'Sập làng' } },
      { key: 'sap_lang_min_players', label: { en: 'Fewest players for sập làng', vi: 'Số người ít nhất để sập làng' } },
    ],
    drill_themes: [{ key: 'natural_call', label: { en: 'Declare or not', vi: 'Báo hay không báo' } }],
  };
  // The service's words (maubinh_api/rules/knob_checks.py, money.py, strategy/drills.py).
  assert.equal(inPageWords(named, 'vi', 'scoop_multiplier phải từ 1 đến 100, không phải 500'),
    'Hệ số sập hầm phải từ 1 đến 100, không phải 500');
  assert.equal(
    inPageWords(named, 'vi', 'mức cược 0,005 có nhiều chữ số thập phân hơn luật chơi này cho phép (amount_decimals = 2)'),
    'mức cược 0,005 có nhiều chữ số thập phân hơn luật chơi này cho phép (Số chữ số thập phân của tiền = 2)');
  assert.equal(inPageWords(named, 'en', '(knobs sap_lang and sap_lang_min_players)'),
    '(knobs Sập làng and Fewest players for sập làng)');
  assert.equal(inPageWords(named, 'vi', 'chỉ tìm được 0/2 bài luyện chủ đề natural_call trong 300 ván'),
    'chỉ tìm được 0/2 bài luyện chủ đề Báo hay không báo trong 300 ván');
  // A key inside another word, or a card's name, is left alone; without the enumerations, the text as it came.
  assert.equal(inPageWords(named, 'en', 'my_scoop_multiplier_x'), 'my_scoop_multiplier_x');
  assert.equal(inPageWords(null, 'en', 'scoop_multiplier must be'), 'scoop_multiplier must be');
});
