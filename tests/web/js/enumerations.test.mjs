// Reading the API's enumerations (enumerations.mjs), under Node's own test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { keysOf, knobNames, labelOf, mapKeys, members } from '../../../maubinh_api/web/static/playground/enumerations.mjs';

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
