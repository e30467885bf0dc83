// A practice run's figures (tally.mjs), under Node's own test runner: the batch tool's formulas
// (batch/grading.py's interval, batch/players.py's "plays like") and its hand-history rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  biggestMistakes, hintedApart, historyJsonl, historyRows, lossSummary, playsLike, verdictCounts,
} from '../../../maubinh_api/web/static/playground/tally.mjs';

const verdict = (key) => ({ key, label: { en: key, vi: key } });
const graded = (loss, key) => ({ ev_loss: loss, verdict: verdict(key) });

test('the mean loss has its 95% interval from two deals on, never below 0', () => {
  assert.deepEqual(lossSummary([]), { deals: 0, mean: null, sd: null, low: null, high: null });
  assert.deepEqual(lossSummary([0.5]), { deals: 1, mean: 0.5, sd: 0, low: null, high: null });
  const { mean, sd, low, high } = lossSummary([0, 1]);
  // mean 0.5, sample sd sqrt(0.5) = 0.7071; half-width 1.959964 * 0.7071 / sqrt(2) = 0.98: low clipped to 0.
  assert.equal(mean, 0.5);
  assert.ok(Math.abs(sd - Math.SQRT1_2) < 1e-12);
  assert.equal(low, 0);
  assert.ok(Math.abs(high - (0.5 + 1.959964 * 0.5)) < 1e-12);
});

test('verdicts are counted in the batch tool\'s order, the absent ones at 0', () => {
  const counts = verdictCounts([graded(0, 'best'), graded(2, 'foul'), graded(0, 'best')]);
  assert.deepEqual(counts, { best: 2, good: 0, inaccuracy: 0, mistake: 0, blunder: 0, foul: 1 });
});

test('a run plays like the level nearest in the level\'s own standard errors, on loss and best share', () => {
  const yardsticks = {
    beginner: { mean: 2.0, sd: 1.5, best_share: 0.1 },
    casual: { mean: 1.0, sd: 1.0, best_share: 0.2 },
    club: { mean: 0.5, sd: 0.8, best_share: 0.3 },
    expert: { mean: 0.2, sd: 0.5, best_share: 0.45 },
    best: { mean: 0, sd: 0, best_share: 1 },
  };
  // Mean 0.5 and 1 best play in 5 (0.2). Club: loss gap 0, best gap (0.2 - 0.3) / (sqrt(5 * 0.21) / 5)
  // = -0.49; casual: loss gap (0.5 - 1) / (sqrt(5 * 1) / 5) = -1.12, best gap 0; expert: loss gap
  // 0.3 / (sqrt(5 * 0.25) / 5) = 1.34 and more: club is nearest.
  const run = [graded(0.4, 'mistake'), graded(0.6, 'mistake'), graded(0, 'best'), graded(0.5, 'mistake'), graded(1.0, 'blunder')];
  assert.equal(playsLike(run, yardsticks), 'club');
  // Every deal the best play: "best" (its spread floored at 0.02 per hand), not expert.
  assert.equal(playsLike([graded(0, 'best'), graded(0, 'best')], yardsticks), 'best');
  assert.equal(playsLike([], yardsticks), null);
  assert.equal(playsLike(run, null), null);
});

test('the biggest mistakes come first, deals that gave up nothing left out', () => {
  const run = [graded(0.2, 'inaccuracy'), graded(0, 'best'), graded(3, 'foul'), graded(0.2, 'inaccuracy'), graded(1, 'blunder')];
  assert.deepEqual(biggestMistakes(run).map(({ index }) => index), [2, 4, 0]);
  assert.deepEqual(biggestMistakes([graded(0, 'best')]), []);
});

test('the run exports as the hand-history rows the batch tool reads', () => {
  const arrangement = { back: ['As', 'Ad', 'Kc', 'Kd', '7h'], middle: ['9s', '9h', '8c', '5d', '3c'], front: ['Qs', 'Jh', '2s'] };
  const run = {
    started: 1700000000000, variant: { preset: 'online', overrides: { rake: '0.05' } }, opponents: 2,
    theme: { key: 'foul_trap', label: { en: 'One swap from binh lủng', vi: 'Dễ binh lủng' } },
    results: [{ arrangement, declare_natural: false, ev_loss: 0, verdict: verdict('best') }],
  };
  // The theme goes with each row: batch grade judges the run by that theme's yardsticks, as the page does.
  assert.deepEqual(historyRows(run), [{
    deal_id: 'practice-1700000000000-01', player_id: 'you', variant: run.variant,
    back: 'As Ad Kc Kd 7h', middle: '9s 9h 8c 5d 3c', front: 'Qs Jh 2s', declare_natural: false, seats: 3,
    theme: 'foul_trap', hint: false,
  }]);
  const lines = historyJsonl(run).split('\n');
  assert.equal(lines.length, 2); // one row, and the newline that ends it
  assert.deepEqual(JSON.parse(lines[0]), historyRows(run)[0]);
});

test('deals graded after a hint are counted apart, and marked in the hand history (a column batch grade ignores)', () => {
  const hinted = (loss, key) => ({ ...graded(loss, key), hinted: true });
  const results = [graded(0.4, 'mistake'), hinted(0, 'best'), graded(0.2, 'inaccuracy'), hinted(1.5, 'blunder')];
  const { hinted: count, unhinted } = hintedApart(results);
  assert.equal(count, 2);
  assert.deepEqual(unhinted, lossSummary([0.4, 0.2])); // the run as played without help
  assert.deepEqual(hintedApart([graded(0.1, 'good')]), { hinted: 0, unhinted: lossSummary([0.1]) });
  assert.equal(hintedApart([hinted(0, 'best')]).unhinted.deals, 0);
  const arrangement = { back: ['As', 'Ad', 'Kc', 'Kd', '7h'], middle: ['9s', '9h', '8c', '5d', '3c'], front: ['Qs', 'Jh', '2s'] };
  const run = { started: 1, variant: null, opponents: 3, results: results.map((result) => ({ ...result, arrangement })) };
  assert.deepEqual(historyRows(run).map((row) => row.hint), [false, true, false, true]);
});
