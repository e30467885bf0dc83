// A deal as a link (links.mjs), under Node's own test runner: what the address says and reads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { dealQuery, readDeal } from '../../../maubinh_api/web/static/playground/links.mjs';

const CARDS = ['As', 'Kd', 'Qh', 'Jc', 'Ts', '9d', '8h', '7c', '6s', '5d', '4h', '3c', '2s'];

test('a deal written as a query reads back the same, rules included', () => {
  for (const variant of ['classic', { preset: 'online', overrides: { rake: '0.05', bonuses: { 'front.trips': null } } }]) {
    const query = dealQuery({ seed: 42, cards: CARDS, variant });
    const read = readDeal(query);
    assert.deepEqual(read, { seed: 42, cards: CARDS, variant, problems: [] });
  }
  assert.equal(dealQuery({ seed: 7, cards: CARDS, variant: undefined }).indexOf('variant'), -1);
});

test('an address that names no deal reads as none', () => {
  assert.equal(readDeal(''), null);
  assert.equal(readDeal('?lang=vi'), null);
});

test('what a link names badly is left out and said, the rest still opens', () => {
  const twelve = CARDS.slice(0, 12).join(',');
  assert.deepEqual(readDeal('?seed=99999999999&cards=' + twelve + '&variant=classic'),
    { seed: null, cards: null, variant: 'classic', problems: ['seed', 'cards'] });
  const twice = CARDS.slice(0, 12).concat(['As']).join(',');
  assert.deepEqual(readDeal('?seed=5&cards=' + twice).problems, ['cards']);
  assert.deepEqual(readDeal('?seed=5&variant=%7Bnot%20json').problems, ['variant']);
  assert.deepEqual(readDeal('?seed=5&variant=' + encodeURIComponent('{"overrides":{}}')).problems, ['variant']);
});
