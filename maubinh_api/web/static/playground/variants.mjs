/* The rules in use: presets, the knobs changed from them, and the fingerprint the service answers.
 * A change of the rules is an action of the store: what it drops and checks again is the wiring's. */

import { call, fail, fillPath, variantSpec, withVariant } from './api.mjs';
import { PATHS, PROBE } from './constants.mjs';
import { knobNames, labelOf, mapKeys, members } from './enumerations.mjs';
import {
  announce, begin, byId, cancel, clear, debounce, decimalText, el, integer, isCurrent, isRefused, label, labelled,
  readNumber, relocalised, say, shareText, t,
} from './page.mjs';
import { actions, state } from './state.mjs';

// The knobs' inputs as drawn, {name, kind, node, original, ...} each: read by this module only.
let knobs = [];

// ---------------------------------------------------------------- variants

export async function loadVariants() {
  const number = begin('variants');
  actions.rulesLoading();
  say('variant-status', 'loadingRules');
  // The presets, and the enumerations every select and table of knobs is built from.
  const [result, named] = await Promise.all([call('GET', PATHS.variants), call('GET', PATHS.enumerations)]);
  if (!isCurrent('variants', number)) return;
  // Loading until the preset's rules have come too: checks asked for meanwhile (a link's cards) must
  // not load them a second time, which would come after the link's overrides and drop them.
  try {
    actions.logRequests('variant', [result.entry, named.entry]);
    const failed = [result, named].find((answer) => !answer.ok);
    if (failed) {
      fail('variant', 'variant', failed);
      say('variant-status', 'rulesFailed');
      return;
    }
    actions.setEnumerations(named.data); // the bots' levels, now with their names
    actions.setPresets(result.data.variants, result.data.default); // its reaction lists them
    const select = byId('preset');
    const known = (name) => state.presets.some((preset) => preset.name === name);
    const linked = state.linkedVariant;
    const fromLink = linked && known(linked.preset) ? linked.preset : null;
    const wanted = fromLink || (known(state.preset) ? state.preset : state.defaultPreset);
    if (linked && !fromLink) { // named, not dropped: the player opened the link for those rules
      const title = state.presets.find((preset) => preset.name === wanted).title;
      linkProblem('linkPresetUnknown', { name: linked.preset, title });
    }
    select.value = wanted;
    await loadPreset(wanted, [result.entry, named.entry]);
  } finally {
    if (isCurrent('variants', number)) actions.rulesAnswered();
  }
}

/** The presets to choose from, named in the page's language. */
export function renderPresetOptions() {
  const select = byId('preset');
  const chosen = select.value;
  clear(select);
  for (const preset of state.presets) {
    // The preset's API name beside its title on the English page; the Vietnamese page says the title only.
    const text = label(preset.title) + (state.lang === 'vi' ? '' : ' · ' + preset.name);
    select.append(el('option', { value: preset.name, title: preset.name, text }));
  }
  if (chosen) select.value = chosen;
}

/** GET /v1/variants/{name}: the preset's resolved knobs, one input each. */
export async function loadPreset(name, earlier) {
  const number = begin('preset');
  say('variant-status', 'loadingRules');
  const result = await call('GET', fillPath(PATHS.variant, { name }));
  if (!isCurrent('preset', number)) return;
  actions.logRequests('variant', (earlier || []).concat([result.entry]));
  if (!result.ok) {
    fail('variant', 'variant', result);
    byId('preset').value = state.preset || '';
    say('variant-status', 'rulesFailed');
    return;
  }
  // The rules the requests so far were sent with (none named: the service's default).
  const before = JSON.stringify(variantSpec() === undefined ? state.defaultPreset : variantSpec());
  actions.clearErrors('variant');
  const linked = state.linkedVariant;
  const overrides = linked && linked.preset === name ? linkedOverrides(linked.overrides, result.data.rules) : {};
  actions.setPreset(name, result.data, overrides); // its reaction describes it and draws its knobs
  if (Object.keys(overrides).length) {
    // A link's knobs are the service's to judge: until it accepts them no fingerprint stands for them,
    // and the preset's would pass for the rules in force.
    actions.noteVariant(null);
    actions.variantChanged(true);
    return;
  }
  actions.noteVariant({ preset: name, overrides: {}, fingerprint: result.data.fingerprint });
  say('variant-status', 'rulesLoaded', { title: result.data.title }); // {en, vi}: it follows the language
  // The same rules (the default preset, loaded once a key was given): what was asked with them
  // still holds, and a request in flight (the button just clicked) is not dropped.
  if (JSON.stringify(variantSpec()) === before) actions.wantChecks();
  else actions.variantChanged(false);
}

/** The knobs a link changes that the preset has; each other one is named beside the rules and left out. */
function linkedOverrides(overrides, rules) {
  const known = {};
  for (const [name, value] of Object.entries(overrides)) {
    if (Object.prototype.hasOwnProperty.call(rules, name)) known[name] = value;
    else linkProblem('linkKnobUnknown', { name });
  }
  return known;
}

/** What a link named that the page could not use, said beside the preset until the next deal. */
function linkProblem(key, params) {
  actions.setErrors('seed', state.errors.seed.concat([{ field: 'preset', detail: { key, params } }]));
}

export function renderPresetDescription() {
  const detail = state.presetDetail;
  byId('preset').value = state.preset || ''; // chosen here, or asked for elsewhere (a practice theme)
  byId('preset-description').textContent = detail ? label(detail.description) : ''; // in both languages
}

/** POST /v1/hands/classify with a 3-card chi: the service's word on the rules and their fingerprint. */
export async function checkVariant() {
  const number = begin('variantCheck');
  if (state.errors.knobs.length) { // a knob that does not read is not sent: the service would refuse it
    actions.noteVariant(null);
    say('variant-status', 'rulesUnread');
    byId('knobs-details').open = true;
    return;
  }
  say('variant-status', 'checkingRules');
  const result = await call('POST', PATHS.classify, withVariant({ cards: PROBE }));
  if (!isCurrent('variantCheck', number)) return;
  actions.logRequests('variant', [result.entry]);
  if (state.errors.knobs.length) { // a knob edited meanwhile no longer reads: these rules are not the page's
    actions.noteVariant(null);
    say('variant-status', 'rulesUnread');
    return;
  }
  if (result.ok) {
    actions.clearErrors('variant');
    actions.noteVariant(result.data.variant);
    say('variant-status', 'rulesAccepted');
  } else {
    actions.noteVariant(null);
    fail('variant', 'variant', result);
    // Refused, or not checked at all: the service out of reach refuses nothing.
    say('variant-status', result.network ? 'rulesUnreachable' : 'rulesRefused');
    // The knob it names is inside "Edit the rules": open it, so the mark can be seen.
    if (state.errors.variant.some((error) => /^knob:/.test(error.field))) byId('knobs-details').open = true;
  }
}

export function renderFingerprint() {
  const reference = state.variantRef;
  byId('fingerprint').textContent = reference ? reference.fingerprint : '—';
  // Refused rules have no fingerprint, but the knobs changed are still the ones edited (those the page
  // cannot read too: nothing of them is sent, yet they are changed).
  const changed = new Set(reference ? Object.keys(reference.overrides) : Object.keys(state.overrides));
  if (!reference) state.errors.knobs.forEach((error) => changed.add(error.field.slice('knob:'.length).split('/')[0]));
  const box = clear(byId('overridden'));
  if (!changed.size) box.textContent = reference ? t('noneChanged') : '—';
  // Each by its name in the page's language, its API key (what the requests send) beside it as code.
  Array.from(changed).forEach((name, index) => {
    const named = labelOf(state.enumerations, 'knobs', name);
    box.append(index ? ', ' : '', el('span', { class: 'changed-knob' }, [
      named ? el('span', { dataset: labelled(named), text: label(named) }) : null, named ? ' ' : null,
      el('code', { text: name }),
    ]));
  });
}

/** The rules a link named: loaded with the presets in place of the default (or the preset in use). */
export function wantVariant(variant) {
  actions.wantVariant(typeof variant === 'string' ? { preset: variant, overrides: {} } : variant);
}

/** The preset's knobs, each showing its value with ``overrides`` (a link's) applied: what differs from
 * the preset is what the calls send. */
export function renderKnobs(rules, overrides = {}) {
  const box = clear(byId('knobs'));
  knobs = knobNames(state.enumerations, rules).map((name) => {
    const knob = buildKnob(name, withOverride(name, rules[name], overrides[name]));
    knob.original = rules[name];
    return knob;
  });
  knobs.forEach((knob) => box.append(knob.wrapper));
  actions.noteWrittenIn('knobs', state.lang);
  noteOverrides(false); // the count of knobs changed follows, drawn by the reaction to the overrides
}

function withOverride(name, value, override) {
  if (override === undefined) return value;
  // The table limits come whole; the maps (bonuses, naturals) as a patch of their entries.
  if (name === 'table' || !value || typeof value !== 'object' || !override || typeof override !== 'object') return override;
  const merged = { ...value }; // a map's patch: null takes an entry out
  for (const [key, entry] of Object.entries(override)) {
    if (entry === null) delete merged[key];
    else merged[key] = entry;
  }
  return merged;
}

export function knobTitle(name) {
  const named = labelOf(state.enumerations, 'knobs', name);
  return el('span', { class: 'knob-title' }, [
    named ? el('span', { dataset: labelled(named), text: label(named) }) : null, ' ', el('code', { text: name }),
  ]);
}

export function knobError(field) {
  return el('p', { class: 'field-error', hidden: true, id: 'error-' + field.replace(/[^\w-]/g, '-'),
    dataset: { errorFor: field } });
}

/** One input per knob, by the JSON type of its value. */
export function buildKnob(name, value) {
  const id = 'knob-' + name;
  const field = 'knob:' + name;
  const error = knobError(field);
  if (name === 'table') {
    return buildLimits(name, value, error);
  }
  if (value !== null && typeof value === 'object') return buildMap(name, value, error);
  let node;
  let kind;
  if (typeof value === 'boolean') {
    kind = 'boolean';
    node = el('input', { type: 'checkbox', id, dataset: { field }, 'aria-describedby': error.id });
    node.checked = value;
    const wrapper = el('div', { class: 'knob knob-boolean', dataset: { knob: name } }, [
      el('label', { class: 'check', for: id }, [node, ' ', knobTitle(name)]), error,
    ]);
    return watchKnob({ name, kind, node, original: value, wrapper });
  }
  const choices = members(state.enumerations, 'knob_values.' + name);
  if (choices.length) {
    kind = 'choice';
    // Each choice by its name; the English page puts the API's key before it ("low: Lowest straight").
    node = el('select', { id, dataset: { field }, 'aria-describedby': error.id },
      choices.map((choice) => el('option', { value: choice.key, title: choice.key,
        dataset: { labelEn: choice.key + ': ' + choice.label.en, labelVi: choice.label.vi },
        text: (state.lang === 'vi' ? '' : choice.key + ': ') + label(choice.label) })));
    node.value = value;
  } else if (typeof value === 'number') {
    kind = 'integer';
    node = numberInput(id, field, error.id, 'numeric');
    node.value = integer(value); // 1.000 in Vietnamese
  } else {
    // A decimal knob is a share (the rake, the draw fee): the API's decimal fraction, or a percentage.
    kind = 'text';
    const hint = el('p', { class: 'hint', id: 'hint-' + id, 'data-i18n': 'shareHint', text: t('shareHint') });
    const share = el('span', { class: 'share', id: 'share-' + id, dataset: { shareFor: field } });
    node = numberInput(id, field, [error.id, share.id, hint.id].join(' '), 'decimal');
    node.value = value === null ? '' : decimalText(String(value)); // 0,02 in Vietnamese
    const wrapper = el('div', { class: 'knob knob-share', dataset: { knob: name } }, [
      el('label', { for: id }, knobTitle(name)), node, ' ', share, hint, error,
    ]);
    return watchKnob({ name, kind, node, original: value, wrapper });
  }
  const wrapper = el('div', { class: 'knob', dataset: { knob: name } }, [
    el('label', { for: id }, knobTitle(name)), node, error,
  ]);
  return watchKnob({ name, kind, node, original: value, wrapper });
}

/** A numeric field: text, read by the page (numbers.readNumber), never by the browser's number input,
 * which reads "1,5" as 15 in some locales. */
function numberInput(id, field, describedBy, mode) {
  return el('input', { type: 'text', id, inputmode: mode, spellcheck: 'false', autocomplete: 'off', dataset: { field },
    'aria-describedby': describedBy });
}

/** bonuses / naturals: a small table, one number per entry; empty means "not in the table". */
export function buildMap(name, value, error) {
  const keys = mapKeys(state.enumerations, name, value);
  const entries = {};
  const body = el('tbody');
  for (const key of keys) {
    const id = 'knob-' + name + '-' + key.replace(/\W/g, '-');
    const field = 'knob:' + name + '/' + key;
    const entryError = knobError(field);
    const input = numberInput(id, field, entryError.id, 'numeric');
    input.value = key in value ? integer(value[key]) : '';
    entries[key] = input;
    const named = labelOf(state.enumerations, 'knob_values.' + name, key);
    body.append(el('tr', {}, [
      el('th', { scope: 'row' }, el('label', { for: id }, [
        named ? el('span', { dataset: labelled(named), text: label(named) }) : null, ' ', el('code', { text: key }),
      ])),
      el('td', {}, [input, entryError]),
    ]));
  }
  const table = el('table', { class: 'map-table' }, [
    el('thead', {}, el('tr', {}, [
      el('th', { scope: 'col', 'data-i18n': 'mapEntry', text: t('mapEntry') }),
      el('th', { scope: 'col', 'data-i18n': name === 'bonuses' ? 'mapUnits' : 'mapPayout',
        text: t(name === 'bonuses' ? 'mapUnits' : 'mapPayout') }),
    ])),
    body,
  ]);
  const wrapper = el('fieldset', { class: 'knob knob-map', dataset: { knob: name } }, [
    el('legend', {}, knobTitle(name)),
    el('p', { class: 'hint', 'data-i18n': 'mapHint', text: t('mapHint') }),
    table, error,
  ]);
  return watchKnob({ name, kind: 'map', entries, original: value, wrapper });
}

/** table: the limits object (all three numbers) or null. */
export function buildLimits(name, value, error) {
  const toggle = el('input', { type: 'checkbox', id: 'knob-' + name + '-on', dataset: { field: 'knob:' + name } });
  toggle.checked = value !== null;
  const fields = {};
  const inputs = members(state.enumerations, 'knob_values.table').map(({ key, label: named }) => {
    const id = 'knob-' + name + '-' + key;
    const field = 'knob:' + name + '/' + key;
    const fieldError = knobError(field);
    const input = numberInput(id, field, fieldError.id, 'numeric');
    input.value = integer(value ? value[key] : 0);
    input.disabled = value === null;
    fields[key] = input;
    return el('div', { class: 'knob-limit' }, [
      el('label', { for: id }, [el('span', { dataset: labelled(named), text: label(named) }), ' ',
        el('code', { text: key })]),
      input, fieldError,
    ]);
  });
  toggle.addEventListener('change', () => {
    Object.values(fields).forEach((input) => {
      input.disabled = !toggle.checked;
    });
  });
  const wrapper = el('fieldset', { class: 'knob knob-limits', dataset: { knob: name } }, [
    el('legend', {}, knobTitle(name)),
    el('label', { class: 'check', for: toggle.id }, [toggle, ' ',
      el('span', { 'data-i18n': 'limitsOn', text: t('limitsOn') })]),
    el('div', { class: 'limits' }, inputs), error,
  ]);
  return watchKnob({ name, kind: 'limits', toggle, fields, original: value, wrapper });
}

export function watchKnob(knob) {
  knob.wrapper.addEventListener('input', onKnobEdit);
  knob.wrapper.addEventListener('change', onKnobEdit);
  return knob;
}

export function onKnobEdit() {
  noteOverrides(true);
  debounce('variant', 400, () => actions.variantChanged(true));
}

/** The numeric inputs of a knob, each with the field its errors name and whether it takes a whole
 * number ({field, input, whole, optional}: an empty entry of a map is no entry); the limits only when
 * the variant has them, unless ``all``. */
function numericInputs(knob, all = false) {
  const field = 'knob:' + knob.name;
  if (knob.kind === 'integer') return [{ field, input: knob.node, whole: true }];
  if (knob.kind === 'text') return [{ field, input: knob.node, whole: false }];
  const entries = knob.kind === 'map' ? knob.entries : knob.kind === 'limits' && (all || knob.toggle.checked) ? knob.fields : {};
  return Object.entries(entries).map(([key, input]) => ({ field: field + '/' + key, input, whole: true,
    optional: knob.kind === 'map' }));
}

/** What a numeric input holds, read in the page's language: {value} or {refused, params} (numbers.readNumber). */
function readInput({ input, whole, optional }) {
  if (optional && input.value.trim() === '') return { value: null };
  return readNumber(input.value, whole ? { whole: true } : { percent: true });
}

/** The knobs as they now read (in the page's language) are what the calls send; a number that does not
 * read (or a decimal where a whole number goes) is said beside its field, in the page's words, and stops
 * the calls until it does: nothing of it is sent, and what was typed stays as it was typed. */
export function noteOverrides(edited) {
  const problems = [];
  for (const knob of knobs) {
    for (const entry of numericInputs(knob)) {
      const reading = readInput(entry);
      if (isRefused(reading)) problems.push({ field: entry.field, detail: { key: reading.refused, params: reading.params } });
    }
  }
  if (JSON.stringify(problems) !== JSON.stringify(state.errors.knobs)) actions.setErrors('knobs', problems);
  // Said at once, not after the debounce: the rules last accepted are not the ones on the page now.
  if (problems.length) say('variant-status', 'rulesUnread');
  actions.setOverrides(currentOverrides(), edited);
}

/** After a switch of language, the numbers of the knobs as the new language writes them (10,5 is 10.5);
 * what does not read stays as it was typed. */
export function relocaliseKnobs() {
  const written = state.writtenIn.knobs;
  if (written !== null && written !== state.lang) {
    for (const knob of knobs) {
      for (const { input, whole } of numericInputs(knob, true)) {
        input.value = relocalised(written, input.value, whole ? { whole: true } : { percent: true });
      }
    }
  }
  actions.noteWrittenIn('knobs', state.lang);
}

/**
 * A knob edit still waiting for its debounce is applied now: an action started meanwhile must use
 * the new rules (and must not be cancelled a moment later when the debounce fires).
 */
export function flushKnobEdits() {
  if (!state.variantDirty) return;
  cancel('variant');
  actions.variantChanged(true);
}

/** A knob's value as the API takes it; undefined while one of its fields does not read (nothing is sent). */
export function readKnob(knob) {
  if (knob.kind === 'boolean') return knob.node.checked;
  if (knob.kind === 'choice') return knob.node.value;
  if (knob.kind === 'limits' && !knob.toggle.checked) return null;
  const readings = numericInputs(knob).map(readInput);
  if (readings.some(isRefused)) return undefined;
  if (knob.kind === 'integer' || knob.kind === 'text') return readings[0].value;
  if (knob.kind === 'limits') {
    const limits = {};
    Object.keys(knob.fields).forEach((key, index) => {
      limits[key] = readings[index].value;
    });
    return limits;
  }
  return null;
}

/** Whether a field of the knob does not read (it is changed, though nothing of it is sent). */
function knobUnread(knob) {
  return numericInputs(knob).some((entry) => isRefused(readInput(entry)));
}

/** What to send for a knob: undefined when it still has the preset's value, or does not read. */
export function knobOverride(knob) {
  if (knob.kind === 'map') {
    const patch = {};
    for (const entry of numericInputs(knob)) {
      const reading = readInput(entry);
      if (isRefused(reading)) continue; // said beside it; the other entries still count
      const key = entry.field.slice(('knob:' + knob.name + '/').length);
      const before = knob.original && key in knob.original ? knob.original[key] : null;
      if (reading.value !== before) patch[key] = reading.value;
    }
    return Object.keys(patch).length ? patch : undefined;
  }
  const now = readKnob(knob);
  if (now === undefined) return undefined;
  const before = knob.kind === 'limits' && knob.original
    ? Object.keys(knob.fields).reduce((limits, key) => Object.assign(limits, { [key]: knob.original[key] }), {})
    : knob.original;
  return JSON.stringify(now) === JSON.stringify(before) ? undefined : now;
}

export function currentOverrides() {
  const overrides = {};
  for (const knob of knobs) {
    const value = knobOverride(knob);
    if (value !== undefined) overrides[knob.name] = value;
  }
  return overrides;
}

/** The knobs changed (those that do not read too), counted and marked; each share as a percentage. */
export function renderChangedCount() {
  const changed = knobs.filter((knob) => knobOverride(knob) !== undefined || knobUnread(knob));
  knobs.forEach((knob) => knob.wrapper.classList.toggle('changed', changed.indexOf(knob) >= 0));
  byId('changed-count').textContent = changed.length ? t('changedCount', { count: changed.length }) : '';
  renderShares();
}

/** Beside each share knob (the rake, the draw fee), what it reads as a percentage: "tức là 2%". */
export function renderShares() {
  for (const knob of knobs) {
    if (knob.kind !== 'text') continue;
    const reading = readInput(numericInputs(knob)[0]);
    const box = knob.wrapper.querySelector('[data-share-for]');
    box.textContent = isRefused(reading) ? '' : t('shareIs', { share: shareText(reading.value) });
  }
}

export function resetKnobs() {
  if (!state.presetDetail) return;
  cancel('variant'); // the edit that blurred on the way to this button is undone anyway
  actions.resetOverrides(); // its reaction draws the knobs anew
  actions.setErrors('variant', []);
  actions.variantChanged(true);
  announce(t('knobsReset'));
}
