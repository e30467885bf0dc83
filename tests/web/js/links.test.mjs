// A deal as a link (links.mjs), under Node's own test runner: what the address says and reads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { dealQuery, readDeal } from '../../../maubinh_api/web/static/playground/links.mjs';

const CARDS = ['As', 'Kd', 'Qh', 'Jc', 'Ts', '9d', '8h', '7c', '6s', '5d', '4h', '3c', '2s'];

test('a deal written as a query reads back the same, rules included', () => {
  for (const variant of ['classic', { preset: 'online', overrides: { rake: '0.05', bonuses: { 'front.trips': null } } }]) {
    const query = dealQuery({ seed: 42, cards: CARDS, variant });
    const read = readDeal(query);
    assert.deepEqual(read, { seed: 42, cards: CARDS, variant, arrangement: null, lang: null, problems: [] });
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
    { seed: null, cards: null, variant: 'classic', arrangement: null, lang: null, problems: ['seed', 'cards'] });
  const twice = CARDS.slice(0, 12).concat(['As']).join(',');
  assert.deepEqual(readDeal('?seed=5&cards=' + twice).problems, ['cards']);
  assert.deepEqual(readDeal('?seed=5&variant=%7Bnot%20json').problems, ['variant']);
  assert.deepEqual(readDeal('?seed=5&variant=' + encodeURIComponent('{"overrides":{}}')).problems, ['variant']);
});

const SET = { back: ['As', 'Kd', 'Qh', 'Jc', 'Ts'], middle: ['9d', '8h', '7c', '6s', '5d'], front: ['4h', '3c', '2s'] };

test('an arrangement as set and the language it was shared in read back from its link', () => {
  const query = dealQuery({ seed: 9, cards: CARDS, variant: 'classic', arrangement: SET, lang: 'vi' });
  assert.deepEqual(readDeal(query), { seed: 9, cards: CARDS, variant: 'classic', arrangement: SET, lang: 'vi', problems: [] });
  // Its three chi alone name the cards too.
  const alone = '?back=' + SET.back.join(',') + '&middle=' + SET.middle.join(',') + '&front=' + SET.front.join(',');
  assert.deepEqual(readDeal(alone).cards, [...SET.back, ...SET.middle, ...SET.front]);
  assert.equal(readDeal('?seed=9&lang=xx').lang, null);
});

test('an arrangement a link names badly is left out and said; its cards are still dealt', () => {
  const rows = (back, middle, front) => '&back=' + back.join(',') + '&middle=' + middle.join(',') + '&front=' + front.join(',');
  const cards = '?seed=9&cards=' + CARDS.join(',');
  // A chi of the wrong size, a card twice, a card the deal does not hold, a chi missing.
  for (const search of [
    cards + rows(SET.back.slice(0, 4), SET.middle, SET.front.concat(['Ts'])),
    cards + rows(SET.back, SET.middle, ['4h', '3c', 'As']),
    cards + rows(SET.back, SET.middle, ['4h', '3c', '2c']),
    cards + '&back=' + SET.back.join(','),
  ]) {
    const read = readDeal(search);
    assert.deepEqual([read.arrangement, read.cards, read.problems], [null, CARDS, ['arrangement']], search);
  }
});
