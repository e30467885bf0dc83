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

test('undo takes back each change of the hand in turn, redo makes it again, and a deal starts anew', () => {
  const dealt = { back: ['As', 'Ks', 'Qs', 'Js', 'Ts'], middle: ['9h', '8h', '7h', '6h', '5h'], front: ['4d', '3d', '2d'] };
  const swapped = { back: ['9h', 'Ks', 'Qs', 'Js', 'Ts'], middle: ['As', '8h', '7h', '6h', '5h'], front: ['4d', '3d', '2d'] };
  const moved = { back: ['9h', 'Ks', 'Qs', 'Js', '4d'], middle: ['As', '8h', '7h', '6h', '5h'], front: ['Ts', '3d', '2d'] };
  const say = (word) => (what) => word + ' ' + what;
  actions.deal(8, [], dealt, 'dealt');
  assert.equal(actions.undo(say('undone')), false, 'nothing to undo after a deal');
  actions.changeHand(swapped, 'As', 'As and 9h swapped');
  actions.moveHand(moved, '4d', '4d moved to the back');
  assert.equal(state.undo.length, 2);
  events.length = 0;
  assert.equal(actions.undo(say('undone')), true);
  assert.deepEqual(state.rows, swapped);
  assert.deepEqual(events, [['hand', { message: 'undone 4d moved to the back' }]]);
  assert.equal(actions.undo(say('undone')), true);
  assert.deepEqual(state.rows, dealt);
  assert.equal(state.asDealt, true, 'back to the cards as dealt: nobody has set them');
  assert.equal(actions.undo(say('undone')), false);
  assert.equal(actions.redo(say('redone')), true);
  assert.deepEqual(state.rows, swapped);
  assert.equal(state.asDealt, false);
  assert.deepEqual(events.at(-1), ['hand', { message: 'redone As and 9h swapped' }]);
  assert.equal(actions.redo(say('redone')), true);
  assert.deepEqual(state.rows, moved);
  assert.deepEqual(state.placed, ['4d'], 'the card placed is still the one a full chi keeps');
  assert.equal(actions.redo(say('redone')), false);
  actions.undo(say('undone'));
  actions.changeHand(dealt, 'As', 'a new change'); // a new change after an undo: the undone one is gone
  assert.equal(actions.redo(say('redone')), false);
  actions.deal(9, [], dealt, 'dealt');
  assert.deepEqual([state.undo.length, state.redo.length], [0, 0]);
});

test('the table size, a bot level, the choice to declare and the optimal answer each tell the page', () => {
  events.length = 0;
  actions.setSeats(3);
  actions.setLevel(2, 'expert');
  actions.setDeclare(false, true);
  actions.setOptimal(null);
  assert.deepEqual(events, [['seats', {}], ['level', { seat: 2 }], ['declare', { byPlayer: true }], ['optimal', {}]]);
  assert.equal(state.seats, 3);
  assert.equal(state.levels[1], 'expert');
  assert.equal(state.declare, false);
  actions.setSeats(4);
  actions.setDeclare(true);
});

test('an optimal answer placed on the table is one change of the hand, drawn once', () => {
  const arrangement = { back: ['As', 'Ks', 'Qs', 'Js', 'Ts'], middle: ['9h', '8h', '7h', '6h', '5h'], front: ['4d', '3d', '2d'] };
  const result = { objective: 'ev', data: { best: { arrangement } } };
  events.length = 0;
  const undoBefore = state.undo.length;
  actions.placeOptimal(result, arrangement, 'placed');
  assert.deepEqual(events, [['hand', { message: 'placed' }]]); // no separate 'optimal': the hand's reaction draws it
  assert.equal(state.results.optimal.objective, 'ev');
  assert.deepEqual(state.rows.front, ['4d', '3d', '2d']);
  assert.equal(state.undo.length, undoBefore + 1); // the player can take it back in one step
});
