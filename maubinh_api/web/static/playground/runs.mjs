/* The practice runs a browser keeps: each finished run, bounded in number, the seed each of its deals
 * was dealt from, their progress theme by theme, the worst deals to replay, and all of them as one
 * hand history.  Pure functions of the kept runs (tests/web/js/runs.test.mjs); the page keeps them in
 * local storage and draws them (practice.mjs). */

import { MAX_DEAL_SEED } from './constants.mjs';
import { historyRows, lossSummary } from './tally.mjs';

/** The most runs a browser keeps: the oldest goes first (a few hundred KB, at the most drills a run has). */
export const MAX_RUNS = 50;
/** The most deals a replay of mistakes deals: the page's own bound (a replay asks the service for no
 * drills, so the service's bound on a request's drills does not hold it). */
export const MAX_REPLAY = 20;

/** What a kept run holds: what its figures, its history and its replay need, not the page's working
 * state (the deal being set, the timer, the question asked). */
export function keptRun(run) {
  return {
    started: run.started, theme: run.theme, variant: run.variant, opponents: run.opponents,
    yardsticks: run.yardsticks || null, results: run.results,
    // Each deal with the seed it was dealt from (the bots' cards at the table come from it).
    drills: run.drills.slice(0, run.results.length).map((drill, index) => ({ ...drill, seed: drillSeed(run, index) })),
  };
}

/** The seed deal ``index`` of a run is dealt from (the bots' cards at the table come from it): its own
 * (a kept deal's), else the run's seed and its place; a seed of the page's deal (0 to MAX_DEAL_SEED)
 * whatever the storage held, so that the bots' seeds made from it stay inside the API's range. */
export function drillSeed(run, index) {
  const own = run.drills[index].seed;
  if (Number.isInteger(own) && own >= 0 && own <= MAX_DEAL_SEED) return own;
  const next = (run.seed + index) % (MAX_DEAL_SEED + 1);
  return Number.isInteger(next) && next >= 0 ? next : index;
}

/** The kept runs with ``run`` added (a run kept twice, as a reload may, is kept once), at most
 * ``limit``, the newest last. */
export function keepRun(runs, run, limit = MAX_RUNS) {
  if (!run.results.length) return runs;
  const others = runs.filter((kept) => kept.started !== run.started);
  return others.concat([keptRun(run)]).slice(-limit);
}

/** The kept runs read back from storage: a list of runs whose shape holds, the rest forgotten. */
export function readRuns(text) {
  let runs = null;
  try {
    runs = JSON.parse(text || '[]');
  } catch (error) {
    return [];
  }
  if (!Array.isArray(runs)) return [];
  return runs.filter((run) => run && Number.isFinite(run.started) && run.theme && typeof run.theme.key === 'string' &&
    Array.isArray(run.results) && Array.isArray(run.drills) && run.results.length === run.drills.length &&
    run.results.every((result) => result && Number.isFinite(result.ev_loss) && result.arrangement));
}

/** Per theme (``{key, label}``), in the order first practised: the runs, the deals and the mean loss per deal with its
 * 95% interval over all of them, and each run's own mean (the points of its progress chart). */
export function progressByTheme(runs) {
  const themes = new Map();
  for (const run of runs) {
    if (!themes.has(run.theme.key)) themes.set(run.theme.key, { theme: run.theme, runs: [], losses: [] });
    const found = themes.get(run.theme.key);
    const losses = run.results.map((result) => result.ev_loss);
    found.runs.push({ started: run.started, mean: lossSummary(losses).mean, deals: losses.length });
    found.losses.push(...losses);
  }
  return [...themes.values()].map(({ theme, runs: kept, losses }) => ({ theme, runs: kept, ...lossSummary(losses) }));
}

/** The rules a run names, one way for each: none named is the service's default preset, a preset
 * with no knob changed is its name. */
function rulesOf(variant, defaultPreset) {
  if (variant === undefined || variant === null) return JSON.stringify(defaultPreset || null);
  if (typeof variant === 'object' && !Object.keys(variant.overrides || {}).length) return JSON.stringify(variant.preset);
  return JSON.stringify(variant);
}

/** Whether two runs were played under the same rules at the same table (their deals grade alike). */
export function sameTable(one, other, defaultPreset = null) {
  return rulesOf(one.variant, defaultPreset) === rulesOf(other.variant, defaultPreset) && one.opponents === other.opponents;
}

/**
 * The drills of a replay of mistakes: the deals of the kept runs played under ``table``'s rules and
 * table (``defaultPreset``: the rules of a run that named none) that gave up most (more than nothing), worst first, at most ``count``, each as it was
 * dealt (its cards, its seed, its theme), with where it came from.
 */
export function mistakesToReplay(runs, table, count = MAX_REPLAY, defaultPreset = null) {
  const deals = [];
  for (const run of runs.filter((kept) => sameTable(kept, table, defaultPreset))) {
    run.results.forEach((result, index) => {
      if (result.ev_loss > 0) deals.push({ loss: result.ev_loss, drill: run.drills[index], from: run.started, index });
    });
  }
  deals.sort((one, other) => other.loss - one.loss || one.from - other.from || one.index - other.index);
  return deals.slice(0, count).map(({ drill, from, index }) => ({ ...drill, replay_of: 'practice-' + from + '-' +
    String(index + 1).padStart(2, '0') }));
}

/**
 * The deals that gave something up under other rules or at another table than ``table``, which a replay
 * here leaves out (a deal's grade holds under its own rules and table only): per table, ``{variant,
 * opponents, deals}``, the table with the most first (the one played last on a tie).
 */
export function mistakesElsewhere(runs, table, defaultPreset = null) {
  const tables = new Map();
  runs.forEach((run, order) => {
    if (sameTable(run, table, defaultPreset)) return;
    const deals = run.results.filter((result) => result.ev_loss > 0).length;
    if (!deals) return;
    const key = rulesOf(run.variant, defaultPreset) + '|' + run.opponents;
    const found = tables.get(key) || { variant: run.variant, opponents: run.opponents, deals: 0, order };
    tables.set(key, { ...found, deals: found.deals + deals, order });
  });
  return [...tables.values()].sort((one, other) => other.deals - one.deals || other.order - one.order)
    .map(({ variant, opponents, deals }) => ({ variant, opponents, deals }));
}

/** Every kept run as one hand history (JSON Lines, the form `batch grade` reads): each deal keeps the
 * id it had in its own run's export. */
export function runsJsonl(runs) {
  return runs.flatMap((run) => historyRows(run)).map((row) => JSON.stringify(row)).join('\n') + '\n';
}
