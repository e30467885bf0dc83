/* A practice run's figures, drawn (practice.mjs draws the rest of the panel): the tally as the run goes
 * (the mean loss with its interval, the verdicts, a chart of each deal's loss and the running mean) and
 * the review at the end (the level the run plays like, the biggest mistakes, every deal, the run as a
 * hand history).  The figures are tally.mjs's; what the review's buttons do (a new run, a deal opened
 * again) is practice.mjs's, passed in. */

import { POSITIONS } from './constants.mjs';
import { chiOrder } from './deck.mjs';
import { members } from './enumerations.mjs';
import { button, cardsColoured, el, integer, label, number, t } from './page.mjs';
import { actions, state } from './state.mjs';
import {
  biggestMistakes, hintedApart, historyJsonl, lossSummary, playsLike, verdictCounts, VERDICTS,
} from './tally.mjs';

const SVG = 'http://www.w3.org/2000/svg';
// The chart's drawing box (it scales to the panel's width).
const CHART = { width: 320, height: 120, pad: 22 };

/** The tally of the deals graded so far: how many, the mean loss with its interval (apart, that of the
 * deals graded without a hint), the verdicts, and the chart. */
export function renderTally(run) {
  const losses = run.results.map((result) => result.ev_loss);
  const summary = lossSummary(losses);
  const mean = summary.low === null
    ? number(summary.mean)
    : t('practiceInterval', { mean: number(summary.mean), low: number(summary.low), high: number(summary.high) });
  const counts = verdictCounts(run.results);
  const verdicts = VERDICTS.filter((verdict) => counts[verdict]).map((verdict) =>
    verdictName(verdict, run) + ' ' + integer(counts[verdict])).join(', ');
  // Deals graded after a hint are counted apart: how many, and the mean of the others.
  const { hinted, unhinted } = hintedApart(run.results);
  const deals = hinted ? t('practiceDealsHinted', { deals: integer(summary.deals), hinted: integer(hinted) })
    : integer(summary.deals);
  const alone = !hinted || unhinted.deals === 0 ? null : unhinted.low === null ? number(unhinted.mean)
    : t('practiceInterval', { mean: number(unhinted.mean), low: number(unhinted.low), high: number(unhinted.high) });
  return el('div', { class: 'practice-tally', id: 'practice-tally' }, [
    el('h3', { text: t(run.phase === 'review' ? 'practiceTallyDone' : 'practiceTally') }), // over once reviewed
    el('dl', { class: 'figures' }, [
      el('div', {}, [el('dt', { text: t('practiceDeals') }), el('dd', { id: 'practice-deals', text: deals })]),
      el('div', {}, [el('dt', { text: t('practiceMean') }), el('dd', { id: 'practice-mean', text: mean })]),
      alone === null ? null : el('div', {}, [
        el('dt', { text: t('practiceMeanUnhinted') }), el('dd', { id: 'practice-mean-unhinted', text: alone }),
      ]),
      el('div', {}, [el('dt', { text: t('practiceVerdicts') }), el('dd', { id: 'practice-verdicts', text: verdicts })]),
    ]),
    summary.low === null ? null : el('details', { class: 'explained', id: 'practice-explained' }, [
      el('summary', { text: t('explainSummary') }),
      el('p', { text: t('explainInterval', { mean: number(summary.mean), low: number(summary.low),
        high: number(summary.high), deals: integer(summary.deals) }) }),
    ]),
    renderChart(losses, run.results.map((result) => Boolean(result.hinted))),
  ]);
}

function verdictName(key, run) {
  const found = run.results.find((result) => result.verdict.key === key);
  return found ? label(found.verdict.label) : key;
}

/** Each deal's loss as a bar (``hinted[i]``: deal i was graded after a hint, its bar marked), and the
 * running mean as a line; its summary is the chart's text. */
export function renderChart(losses, hinted = []) {
  const { width, height, pad } = CHART;
  const top = Math.max(1, ...losses);
  const step = (width - 2 * pad) / Math.max(losses.length, 1);
  const y = (value) => height - pad - (value / top) * (height - 2 * pad);
  const svg = document.createElementNS(SVG, 'svg');
  const titleId = 'practice-chart-title';
  for (const [name, value] of [['viewBox', '0 0 ' + width + ' ' + height], ['role', 'img'], ['aria-labelledby', titleId],
    ['class', 'practice-chart'], ['id', 'practice-chart']]) svg.setAttribute(name, value);
  const running = losses.map((loss, index) => losses.slice(0, index + 1).reduce((sum, one) => sum + one, 0) / (index + 1));
  const title = document.createElementNS(SVG, 'title');
  title.id = titleId;
  const helped = hinted.flatMap((used, index) => (used ? [integer(index + 1)] : []));
  title.textContent = t('practiceChartSummary', { losses: losses.map((loss) => number(loss)).join('; '),
    mean: number(running[running.length - 1]) }) +
    (helped.length ? ' ' + t('practiceChartHinted', { deals: helped.join(', ') }) : '');
  svg.append(title);
  svg.append(shape('line', { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, class: 'axis' }));
  losses.forEach((loss, index) => {
    svg.append(shape('rect', { x: pad + index * step + step * 0.15, y: y(loss), width: step * 0.7,
      height: Math.max(height - pad - y(loss), 1), class: hinted[index] ? 'loss hinted' : 'loss' }));
  });
  const points = running.map((mean, index) => (pad + (index + 0.5) * step) + ',' + y(mean)).join(' ');
  svg.append(shape('polyline', { points, class: 'mean' }));
  const axis = shape('text', { x: 2, y: pad - 6, class: 'scale' });
  axis.textContent = number(top);
  svg.append(axis);
  return el('figure', { class: 'practice-figure' }, [svg, el('figcaption', { text: t('practiceChart') })]);
}

function shape(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** The review at the end of a run: the level it plays like, its biggest mistakes (each opened again by
 * ``openDeal(index)``), every deal, its export, and a new run (``newRun``), asked first. */
export function renderReview(run, { newRun, openDeal }) {
  const part = el('div', { class: 'practice-review', id: 'practice-review' }, [el('h3', { text: t('practiceReview') })]);
  if (!run.results.length) {
    part.append(el('p', { text: t('practiceNoDeals') }));
    part.append(button('practice-new', 'practiceNew', () => newRun(), 'primary')); // nothing to lose
    return part;
  }
  const level = playsLike(run.results, run.yardsticks);
  if (level) {
    part.append(el('p', { id: 'practice-plays-like' }, [
      t('practicePlaysLike') + ' ', el('strong', { text: levelName(level) }), ' ', el('span', { class: 'hint', text: t('practicePlaysLikeHint') }),
    ]));
  }
  part.append(el('h4', { text: t('practiceMistakes') }));
  const mistakes = biggestMistakes(run.results);
  part.append(mistakes.length
    ? el('ol', { class: 'practice-mistakes', id: 'practice-mistakes' }, mistakes.map(({ result, index }) => mistakeItem(result, index, openDeal)))
    : el('p', { text: t('practiceNoMistakes') }));
  part.append(renderHistory(run));
  part.append(el('p', {}, [exportLink(run), ' ', el('span', { class: 'hint', text: t('practiceExportHint') })]));
  part.append(run.askingNew ? renderAskNew(newRun) : button('practice-new', 'practiceNew', () => actions.askNewPractice(true), 'primary'));
  return part;
}

/** A new run replaces this review: the player says so first, and may download the run before. */
function renderAskNew(newRun) {
  return el('div', { class: 'practice-ask', id: 'practice-ask', role: 'group', 'aria-labelledby': 'practice-ask-text' }, [
    el('p', { id: 'practice-ask-text', text: t('practiceAskNew') }),
    button('practice-new-confirm', 'practiceNewConfirm', () => newRun(), 'primary'),
    ' ',
    button('practice-new-cancel', 'practiceNewCancel', () => actions.askNewPractice(false)),
  ]);
}

function levelName(level) {
  const found = members(state.enumerations, 'levels').find((member) => member.key === level);
  return found ? label(found.label) : level;
}

function mistakeItem(result, index, openDeal) {
  const open = button('practice-open-' + (index + 1), 'practiceOpen', () => openDeal(index), 'small');
  open.textContent = t('practiceOpen', { number: index + 1 });
  return el('li', { dataset: { deal: String(index + 1) } }, [
    t('practiceMistake', { number: index + 1, verdict: label(result.verdict.label), loss: number(result.ev_loss) }) + ' ',
    open,
  ]);
}

/** The three chi as set, back first, apart, each laid out as a player lays it and kept on one line
 * (a phone wraps between chi, never inside one): "A♠ A♥ Q♦ Q♣ 6♣ | J♦ 10♦ 9♥ 8♠ 3♠ | J♥ 5♦ 4♣". */
function arrangementColoured(arrangement) {
  return POSITIONS.flatMap((position, index) => (index ? [' | '] : []).concat(
    el('span', { class: 'history-chi' }, cardsColoured(chiOrder(arrangement[position])))));
}

function renderHistory(run) {
  const rows = run.results.map((result, index) => el('tr', {}, [
    el('th', { scope: 'row', text: integer(index + 1) }),
    el('td', { class: 'history-cards' }, arrangementColoured(result.arrangement)),
    el('td', {}, [label(result.verdict.label), result.hinted
      ? el('span', { class: 'history-hinted', text: ' · ' + t('historyHinted') }) : null]),
    el('td', { class: 'num', text: number(result.ev_loss) }),
  ]));
  // The cards wrap within their cell: the table fits a phone without scrolling sideways.
  return el('table', { class: 'practice-history', id: 'practice-history' }, [
    el('caption', { text: t('practiceHistory') }),
    el('thead', {}, [el('tr', {}, ['historyDeal', 'historyCards', 'verdict', 'evLoss'].map((key) => el('th', { scope: 'col', text: t(key) })))]),
    el('tbody', {}, rows),
  ]);
}

/** The run as a hand history: a download, and the text kept on the link (JSON Lines). */
function exportLink(run) {
  const text = historyJsonl(run);
  const link = el('a', { id: 'practice-export', class: 'button-link', text: t('practiceExport'),
    download: 'maubinh-practice-' + run.started + '.jsonl' });
  // A data: address, not a blob: one: the text is the link itself (a few kilobytes for a run), nothing
  // to revoke, and the page's Content-Security-Policy has no reason to refuse it.
  link.href = 'data:application/x-ndjson;charset=utf-8,' + encodeURIComponent(text);
  return link;
}
