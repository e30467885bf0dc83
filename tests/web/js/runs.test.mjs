// The practice runs a browser keeps (runs.mjs), under Node's own test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { MAX_DEAL_SEED } from '../../../maubinh_api/web/static/playground/constants.mjs';
import {
  MAX_RUNS, drillSeed, keepRun, mistakesElsewhere, mistakesToReplay, progressByTheme, readRuns, runsJsonl, sameTable,
} from '../../../maubinh_api/web/static/playground/runs.mjs';

const SET = { back: ['As', 'Ad', 'Kc', 'Kd', '7h'], middle: ['9s', '9h', '8c', '5d', '3c'], front: ['Qs', 'Jh', '2s'] };
const verdict = { key: 'mistake', label: { en: 'Mistake', vi: 'Sai' } };
const theme = (key) => ({ key, label: { en: key, vi: key } });

/** A finished run of ``losses``, started at ``started``. */
function run(started, losses, extra = {}) {
  return {
    started, theme: theme('random'), variant: null, opponents: 3, yardsticks: null, phase: 'review', seed: 1000 * started,
    index: losses.length - 1, drills: losses.map(() => ({ cards: [], theme: theme('random') })).concat([{ cards: [] }]),
    results: losses.map((loss) => ({ ev_loss: loss, verdict, arrangement: SET, declare_natural: true })),
    deadline: 123, askingNew: true, ...extra,
  };
}

test('a finished run is kept once, without the page\'s working state, the oldest going first', () => {
  let runs = keepRun([], run(1, [0.5, 0]));
  runs = keepRun(runs, run(1, [0.5, 0])); // a reload on the review keeps it again: once
  assert.equal(runs.length, 1);
  assert.deepEqual(Object.keys(runs[0]).sort(), ['drills', 'opponents', 'results', 'started', 'theme', 'variant', 'yardsticks']);
  assert.equal(runs[0].drills.length, 2); // only the deals played
  assert.deepEqual(keepRun(runs, run(2, [])), runs); // a run with no deal graded is nothing to keep
  for (let started = 2; started < MAX_RUNS + 5; started += 1) runs = keepRun(runs, run(started, [0.1]));
  assert.equal(runs.length, MAX_RUNS);
  assert.equal(runs[0].started, 5); // 1..4 went first
});

test('what storage gives back is kept only when its shape holds', () => {
  const good = keepRun([], run(7, [0.25]));
  assert.deepEqual(readRuns(JSON.stringify(good)), good);
  assert.deepEqual(readRuns('not json'), []);
  assert.deepEqual(readRuns('{"runs": 1}'), []);
  assert.deepEqual(readRuns(JSON.stringify([{ started: 1 }, ...good])), good);
  assert.deepEqual(readRuns(null), []);
});

test('progress per theme: every deal counted once, each run a point of its chart', () => {
  const runs = [run(1, [1, 0]), run(2, [0.5], { theme: theme('foul_trap') }), run(3, [0, 0.5])];
  const [random, trap] = progressByTheme(runs);
  assert.equal(random.theme.key, 'random');
  assert.deepEqual(random.runs.map((point) => [point.started, point.mean, point.deals]), [[1, 0.5, 2], [3, 0.25, 2]]);
  assert.equal(random.deals, 4);
  assert.equal(random.mean, 0.375); // (1 + 0 + 0 + 0.5) / 4
  assert.ok(random.low >= 0 && random.low < random.mean && random.high > random.mean);
  assert.deepEqual([trap.theme.key, trap.deals, trap.mean, trap.low], ['foul_trap', 1, 0.5, null]); // one deal: no interval
});

test('a replay of mistakes deals the worst deals played at the same table under the same rules', () => {
  const online = { preset: 'online', overrides: {} };
  const runs = [run(1, [0.2, 0, 1.5]), run(2, [0.9, 3], { variant: online }), run(3, [0.7], { opponents: 1 }),
    run(4, [0.4, 0.2])].reduce((kept, one) => keepRun(kept, one), []);
  const replay = mistakesToReplay(runs, { variant: null, opponents: 3 });
  // Runs 2 (other rules) and 3 (another table) are left out; no deal that gave up nothing.
  assert.deepEqual(replay.map((drill) => drill.replay_of),
    ['practice-1-03', 'practice-4-01', 'practice-1-01', 'practice-4-02']);
  assert.equal(replay[0].seed, 1002); // the deal as it was dealt: its run's seed, and its place in the run
  assert.equal(mistakesToReplay(runs, { variant: null, opponents: 3 }, 2).length, 2);
  assert.ok(sameTable({ variant: online, opponents: 3 }, { variant: 'online', opponents: 3 }));
  // A run that named no rules played the default preset's.
  assert.ok(sameTable({ variant: null, opponents: 3 }, { variant: 'classic', opponents: 3 }, 'classic'));
  assert.ok(!sameTable({ variant: null, opponents: 3 }, { variant: 'online', opponents: 3 }, 'classic'));
  assert.equal(mistakesToReplay(runs, { variant: 'classic', opponents: 3 }, 20, 'classic').length, 4);
});

test('a deal is dealt from its own seed, else its run\'s and its place: always a seed of the page\'s deal', () => {
  const dealt = (seed, own) => drillSeed({ seed, drills: [{ cards: [] }, { cards: [], seed: own }] }, 1);
  assert.equal(dealt(1000, undefined), 1001);
  assert.equal(dealt(1000, 7), 7); // a kept deal's own
  assert.equal(dealt(MAX_DEAL_SEED, undefined), 0); // round past the last seed
  // What storage held out of the page's range (an edited or older store) is not dealt from: the bots'
  // seeds made from a deal's (seed * 4 + seat) stay whole numbers JSON readers keep exact.
  for (const own of [-1, MAX_DEAL_SEED + 1, 2 ** 53, 1.5, '12']) assert.equal(dealt(1000, own), 1001);
  for (const seed of [-5, NaN, undefined, 'x']) {
    const found = dealt(seed, 2 ** 60);
    assert.ok(Number.isInteger(found) && found >= 0 && found <= MAX_DEAL_SEED, String(seed));
  }
  assert.ok(MAX_DEAL_SEED * 4 + 3 <= Number.MAX_SAFE_INTEGER);
});

test('every kept run is one hand history, each deal with its own run\'s id', () => {
  const text = runsJsonl([run(1, [0.2]), run(2, [0, 0.1])]);
  const rows = text.trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(rows.map((row) => row.deal_id), ['practice-1-01', 'practice-2-01', 'practice-2-02']);
  assert.ok(rows.every((row) => row.player_id === 'you' && row.back === 'As Ad Kc Kd 7h' && row.seats === 4));
});

test('the mistakes a replay here leaves out are counted per table, the table with the most first', () => {
  const online = { preset: 'online', overrides: {} };
  const runs = [run(1, [0.2, 0, 1.5]), run(2, [0.9, 3], { variant: online }), run(3, [0.7], { opponents: 1 }),
    run(4, [0, 0], { variant: 'classic' }), run(5, [0.1], { variant: 'online' })].reduce((kept, one) => keepRun(kept, one), []);
  // At the page's table (classic, the default, at 4): run 1's two deals are replayable here, run 4 lost nothing;
  // online (named two ways) holds 2 + 1 deals, classic at a table of 2 holds 1.
  assert.deepEqual(mistakesElsewhere(runs, { variant: null, opponents: 3 }, 'classic'), [
    { variant: online, opponents: 3, deals: 3 }, { variant: null, opponents: 1, deals: 1 },
  ]);
  assert.deepEqual(mistakesElsewhere(runs, { variant: 'online', opponents: 3 }, 'classic'), [
    { variant: null, opponents: 3, deals: 2 }, { variant: null, opponents: 1, deals: 1 },
  ]);
  assert.deepEqual(mistakesElsewhere([], { variant: null, opponents: 3 }, 'classic'), []);
});
