// The page's store (state.mjs): a read-only view, every key declared, actions that write and tell
// their subscribers, under Node's own test runner (the store touches no DOM).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { actions, handCards, handComplete, state, subscribe } from '../../../maubinh_api/web/static/playground/state.mjs';

const events = [];
subscribe((type, detail) => events.push([type, detail]));

test('the state read from outside the store refuses every write, however deep', () => {
  assert.throws(() => { state.lang = 'vi'; }, TypeError);
  assert.throws(() => { state.results.validate = {}; }, TypeError);
  assert.throws(() => { state.errors.seed.push({ field: 'seed', detail: 'no' }); }, TypeError);
  assert.throws(() => { delete state.statuses['check-status']; }, TypeError);
  assert.throws(() => Object.assign(state.results, { table: null }), TypeError);
  assert.equal(state.lang, 'en');
  assert.equal(state.results, state.results); // the same view each time
});

test('no key is added at run time: every map has its keys from the start', () => {
  assert.deepEqual(Object.keys(state.results), ['validate', 'analysis', 'optimal', 'table']);
  assert.deepEqual(Object.keys(state.answeredFor), ['validate', 'analysis']);
  assert.throws(() => actions.setErrors('nowhere', []), TypeError);
  assert.throws(() => actions.nextCall('nothing'), TypeError);
  assert.throws(() => actions.noteStatus('no-such-status', null), TypeError);
});

test('an action writes the state and tells the subscribers what changed', () => {
  events.length = 0;
  actions.setLanguage('vi');
  assert.equal(state.lang, 'vi');
  actions.setErrors('seed', [{ field: 'seed', detail: 'bad' }]);
  actions.clearErrors('seed');
  actions.clearErrors('seed'); // nothing left to clear: nothing to draw
  assert.deepEqual(events.map(([type]) => type), ['language', 'errors', 'errors']);
  assert.equal(actions.nextCall('table'), 1);
  assert.equal(actions.nextCall('table'), 2);
  actions.setLanguage('en');
});

test('a new arrangement keeps the tab stop on a card of the hand and drops what was said of the old one', () => {
  const rows = { back: ['As', 'Ks', 'Qs', 'Js', 'Ts'], middle: ['9h', '8h', '7h', '6h', '5h'], front: ['4d', '3d', '2d'] };
  events.length = 0;
  actions.deal(7, ['As'], rows, 'dealt');
  assert.equal(state.focusCard, 'As');
  assert.ok(state.asDealt && handComplete() && handCards().length === 13);
  assert.deepEqual(events.map(([type]) => type), ['hand', 'dealt']);
  actions.answer('validate', { fouled: false }, 'key');
  assert.equal(state.answeredFor.validate, 'key');
  actions.pick('Ks', 'picked up');
  actions.changeHand({ back: ['Ks'], middle: [], front: [] }, undefined, 'taken out');
  assert.equal(state.focusCard, 'Ks'); // the card that held it went: the first card takes it
  assert.equal(state.picked, null);
  assert.equal(state.asDealt, false);
  assert.equal(state.results.validate, null);
  assert.deepEqual(events.at(-1), ['hand', { message: 'taken out' }]);
  actions.clearHand('cleared');
  assert.equal(state.focusCard, null);
});
