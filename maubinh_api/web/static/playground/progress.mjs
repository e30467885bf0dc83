/* The runs this browser kept, drawn: per theme the runs and deals, the mean loss per deal with its
 * 95% interval and a chart of each run's mean, run after run; a replay of the worst deals; every
 * run as one hand history.  The figures are runs.mjs's. */

import { variantSpec } from './api.mjs';
import { byId, button, clear, el, integer, label, number, t } from './page.mjs';
import { mistakesElsewhere, mistakesToReplay, progressByTheme, runsJsonl } from './runs.mjs';
import { actions, state } from './state.mjs';

const SVG = 'http://www.w3.org/2000/svg';
// A theme's chart: its drawing box (it scales to the panel's width).
const CHART = { width: 240, height: 64, pad: 8 };

/** The table the page would deal a run at now: its rules and its number of opponents. */
function tableNow() {
  const variant = variantSpec();
  return { variant: variant === undefined ? null : variant, opponents: state.seats - 1 };
}

/** The kept runs' panel (empty while none is kept). */
export function renderProgress() {
  const box = clear(byId('practice-progress'));
  box.hidden = !state.runs.length;
  if (!state.runs.length) return;
  box.append(el('h3', { text: t('progressHeading') }));
  const themes = progressByTheme(state.runs);
  box.append(el('table', { class: 'progress-table', id: 'progress-table' }, [
    el('caption', { class: 'hint', text: t(state.runs.length === 1 ? 'progressCaptionOne' : 'progressCaption',
      { runs: integer(state.runs.length) }) }),
    el('thead', {}, el('tr', {}, ['progressTheme', 'progressRuns', 'progressMean', 'progressChart']
      .map((key) => el('th', { scope: 'col', text: t(key) })))),
    el('tbody', {}, themes.map(themeRow)),
  ]));
  const replay = mistakesToReplay(state.runs, tableNow(), undefined, state.defaultPreset);
  const count = replay.length;
  const again = el('button', { type: 'button', id: 'progress-replay', class: 'primary',
    text: count ? t(count === 1 ? 'progressReplayOne' : 'progressReplay', { count: integer(count) }) : t('progressReplayNone') });
  again.disabled = !count;
  again.addEventListener('click', () => actions.wantReplay());
  const link = el('a', { id: 'progress-export', class: 'button-link', text: t('progressExport'),
    download: 'maubinh-practice-runs.jsonl' });
  link.href = 'data:application/x-ndjson;charset=utf-8,' + encodeURIComponent(runsJsonl(state.runs));
  box.append(el('p', { class: 'progress-actions' }, [again, ' ', link]));
  const elsewhere = mistakesElsewhere(state.runs, tableNow(), state.defaultPreset);
  if (!count) box.append(elsewhere.length ? renderElsewhere(elsewhere) : el('p', { class: 'hint', text: t('progressNoReplay') }));
}

/**
 * Nothing to replay here, though runs at other tables gave something up: a deal is replayed under the rules
 * and at the table it was graded at (its grade holds there only), so the page says so, and offers the table
 * with the most of them.
 */
function renderElsewhere([most, ...others]) {
  const deals = [most, ...others].reduce((sum, found) => sum + found.deals, 0);
  const variant = most.variant === null ? state.defaultPreset : most.variant;
  const name = typeof variant === 'string' ? variant : variant.preset;
  const preset = state.presets.find((one) => one.name === name);
  const title = preset ? label(preset.title) : name;
  const edited = typeof variant === 'object' && Object.keys(variant.overrides || {}).length > 0;
  const rules = edited ? t('progressRulesEdited', { rules: title }) : title;
  const players = most.opponents + 1;
  const back = button('progress-rules-back', 'progressRulesBack', () => {
    if (typeof variant === 'object') actions.wantVariant(variant); // its knobs come with the preset
    actions.wantPreset(name, players);
  });
  back.textContent = t('progressRulesBack', { rules, players: integer(players) });
  return el('div', { class: 'note', id: 'progress-elsewhere-note' }, [
    el('p', { id: 'progress-elsewhere', text: t(deals === 1 ? 'progressElsewhereOne' : 'progressElsewhere',
      { count: integer(deals) }) }),
    back,
  ]);
}

function themeRow(found) {
  const name = found.theme.key === 'mistakes' ? t('themeMistakes') : label(found.theme.label);
  const mean = found.low === null ? number(found.mean)
    : t('practiceInterval', { mean: number(found.mean), low: number(found.low), high: number(found.high) });
  return el('tr', { dataset: { theme: found.theme.key } }, [
    el('th', { scope: 'row', text: name }),
    el('td', { class: 'num', text: t('progressRunsDeals', { runs: integer(found.runs.length), deals: integer(found.deals) }) }),
    el('td', { class: 'num progress-mean', text: mean }),
    el('td', {}, chart(found, name)),
  ]);
}

/** Each run's mean loss per deal, oldest first, as points on a line; its figures are its text. */
function chart(found, name) {
  const { width, height, pad } = CHART;
  const means = found.runs.map((run) => run.mean);
  const top = Math.max(0.5, ...means);
  const step = means.length > 1 ? (width - 2 * pad) / (means.length - 1) : 0;
  const x = (index) => (means.length > 1 ? pad + index * step : width / 2);
  const y = (value) => height - pad - (value / top) * (height - 2 * pad);
  const svg = document.createElementNS(SVG, 'svg');
  const titleId = 'progress-chart-' + found.theme.key;
  for (const [attribute, value] of [['viewBox', '0 0 ' + width + ' ' + height], ['role', 'img'],
    ['aria-labelledby', titleId], ['class', 'progress-chart']]) svg.setAttribute(attribute, value);
  const title = document.createElementNS(SVG, 'title');
  title.id = titleId;
  title.textContent = t('progressChartSummary', { theme: name, means: means.map((mean) => number(mean)).join('; ') });
  svg.append(title);
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', means.map((mean, index) => x(index) + ',' + y(mean)).join(' '));
  line.setAttribute('class', 'mean');
  svg.append(line);
  means.forEach((mean, index) => {
    const dot = document.createElementNS(SVG, 'circle');
    for (const [attribute, value] of [['cx', x(index)], ['cy', y(mean)], ['r', 3], ['class', 'run']]) {
      dot.setAttribute(attribute, String(value));
    }
    svg.append(dot);
  });
  return svg;
}
