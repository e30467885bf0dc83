/* A practice run's figures, as the batch tool computes them for a hand history
 * (maubinh_api/batch/grading.py and players.py): the mean loss per deal with its 95% interval, the
 * verdicts counted, the level the run plays like, the biggest mistakes, and the run written as a
 * hand history that `python -m maubinh_api.batch grade` reads.  Pure functions of the run
 * (tests/web/js/tally.test.mjs); the page draws them (practice.mjs). */

// The batch tool's order of levels and verdicts (Level and Verdict in the strategy): a tie in
// "plays like" goes to the first, as there.
export const LEVELS = ['beginner', 'casual', 'club', 'expert', 'best'];
export const VERDICTS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'foul'];
// batch/players.py's SD_FLOOR: a level that never loses (the best play) still has this spread per
// hand on both counts, so a player near it is not infinitely far.
const SD_FLOOR = 0.02;
// The normal's two-sided 95% point, as batch/grading.py's interval() uses.
const Z95 = 1.959964;

/** Mean, sample standard deviation and 95% interval of the losses (no interval under 2 deals). */
export function lossSummary(losses) {
  const deals = losses.length;
  if (!deals) return { deals, mean: null, sd: null, low: null, high: null };
  const mean = losses.reduce((sum, loss) => sum + loss, 0) / deals;
  const squares = losses.reduce((sum, loss) => sum + (loss - mean) ** 2, 0);
  const sd = Math.sqrt(squares / Math.max(deals - 1, 1));
  if (deals < 2) return { deals, mean, sd, low: null, high: null };
  const half = Z95 * sd / Math.sqrt(deals);
  return { deals, mean, sd, low: Math.max(0, mean - half), high: mean + half };
}

/** The deals graded after a hint (asked before the deal was submitted) counted apart: how many, and the
 * loss summary of the others, the run as played without help. */
export function hintedApart(results) {
  const alone = results.filter((result) => !result.hinted);
  return { hinted: results.length - alone.length, unhinted: lossSummary(alone.map((result) => result.ev_loss)) };
}

/** How many graded deals got each verdict, in the batch tool's order. */
export function verdictCounts(results) {
  const counts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, 0]));
  for (const result of results) counts[result.verdict.key] += 1;
  return counts;
}

/**
 * The level a run plays like, as batch/players.py says it of a player: per level, how many of the
 * level's own standard errors the run's mean loss and its share of best plays lie from the
 * level's yardstick; the nearest level (the root of the two squared) wins.  ``yardsticks``:
 * {level: {mean, sd, best_share}}, the yardsticks of the variant's preset at the run's table.
 */
export function playsLike(results, yardsticks) {
  const hands = results.length;
  if (!hands || !yardsticks) return null;
  const mean = results.reduce((sum, result) => sum + result.ev_loss, 0) / hands;
  const bestShare = results.filter((result) => result.verdict.key === 'best').length / hands;
  const floor = hands * SD_FLOOR ** 2;
  let nearest = null;
  for (const level of LEVELS) {
    const line = yardsticks[level];
    if (!line) continue;
    const lossSe = Math.sqrt(Math.max(hands * line.sd ** 2, floor)) / hands;
    const bestSe = Math.sqrt(Math.max(hands * line.best_share * (1 - line.best_share), floor)) / hands;
    const distance = Math.hypot((mean - line.mean) / lossSe, (bestShare - line.best_share) / bestSe);
    if (nearest === null || distance < nearest.distance) nearest = { level, distance };
  }
  return nearest && nearest.level;
}

/** The deals that gave up most (more than nothing), the biggest first: at most ``count``. */
export function biggestMistakes(results, count = 3) {
  return results
    .map((result, index) => ({ result, index }))
    .filter(({ result }) => result.ev_loss > 0)
    .sort((one, other) => other.result.ev_loss - one.result.ev_loss || one.index - other.index)
    .slice(0, count);
}

/** The run as hand-history rows (docs/batch.md's schema): one per graded deal, the player "you", the
 * run's rules, table size and theme (its yardsticks are the theme's, as the page's); ``hint``
 * (whether a hint was asked for the deal) is a column the batch tool does not read. */
export function historyRows(run) {
  return run.results.map((result, index) => ({
    deal_id: 'practice-' + run.started + '-' + String(index + 1).padStart(2, '0'),
    player_id: 'you',
    variant: run.variant,
    back: result.arrangement.back.join(' '),
    middle: result.arrangement.middle.join(' '),
    front: result.arrangement.front.join(' '),
    declare_natural: result.declare_natural,
    seats: run.opponents + 1,
    // The drills' theme: batch grade judges the run against the levels on that theme's drills.
    theme: run.theme ? run.theme.key : 'random',
    hint: Boolean(result.hinted),
  }));
}

/** The hand history as JSON Lines, the form `batch grade` reads. */
export function historyJsonl(run) {
  return historyRows(run).map((row) => JSON.stringify(row)).join('\n') + '\n';
}
