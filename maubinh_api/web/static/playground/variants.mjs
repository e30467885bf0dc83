/* The rules in use: presets, the knobs changed from them, and the fingerprint the service answers.
 * A change of the rules is an action of the store: what it drops and checks again is the wiring's. */

import { call, fail, fillPath, variantSpec, withVariant } from './api.mjs';
import { PATHS, PROBE } from './constants.mjs';
import { knobNames, labelOf, mapKeys, members } from './enumerations.mjs';
import {
  announce, begin, byId, cancel, clear, debounce, decimalInput, decimalText, el, isCurrent, isDecimal, label, labelled,
  relocalised, say, t,
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
  actions.rulesAnswered();
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
  select.value = wanted;
  await loadPreset(wanted, [result.entry, named.entry]);
}

/** The presets to choose from, named in the page's language. */
export function renderPresetOptions() {
  const select = byId('preset');
  const chosen = select.value;
  clear(select);
  for (const preset of state.presets) {
    select.append(el('option', { value: preset.name, text: label(preset.title) + ' · ' + preset.name }));
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
  const overrides = linked && linked.preset === name ? linked.overrides : {};
  actions.setPreset(name, result.data, overrides); // its reaction describes it and draws its knobs
  actions.noteVariant({ preset: name, overrides: {}, fingerprint: result.data.fingerprint });
  say('variant-status', 'rulesLoaded', { title: result.data.title }); // {en, vi}: it follows the language
  // The same rules (the default preset, loaded once a key was given): what was asked with them
  // still holds, and a request in flight (the button just clicked) is not dropped.
  if (JSON.stringify(variantSpec()) === before) actions.wantChecks();
  else actions.variantChanged(false);
}

export function renderPresetDescription() {
  const detail = state.presetDetail;
  byId('preset-description').textContent = detail ? label(detail.description) : ''; // in both languages
}

/** POST /v1/hands/classify with a 3-card chi: the service's word on the rules and their fingerprint. */
export async function checkVariant() {
  const number = begin('variantCheck');
  if (state.errors.knobs.length) { // a knob that does not read is not sent: the service would refuse it
    actions.noteVariant(null);
    say('variant-status', 'rulesRefused');
    byId('knobs-details').open = true;
    return;
  }
  say('variant-status', 'checkingRules');
  const result = await call('POST', PATHS.classify, withVariant({ cards: PROBE }));
  if (!isCurrent('variantCheck', number)) return;
  actions.logRequests('variant', [result.entry]);
  if (result.ok) {
    actions.clearErrors('variant');
    actions.noteVariant(result.data.variant);
    say('variant-status', 'rulesAccepted');
  } else {
    actions.noteVariant(null);
    fail('variant', 'variant', result);
    say('variant-status', 'rulesRefused');
    // The knob it names is inside "Edit the rules": open it, so the mark can be seen.
    if (state.errors.variant.some((error) => /^knob:/.test(error.field))) byId('knobs-details').open = true;
  }
}

export function renderFingerprint() {
  const reference = state.variantRef;
  byId('fingerprint').textContent = reference ? reference.fingerprint : '—';
  // Refused rules have no fingerprint, but the knobs changed are still the ones edited.
  const changed = reference ? Object.keys(reference.overrides) : Object.keys(state.overrides);
  byId('overridden').textContent = changed.length ? changed.join(', ') : reference ? t('noneChanged') : '—';
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
    node = el('select', { id, dataset: { field }, 'aria-describedby': error.id },
      choices.map((choice) => el('option', { value: choice.key, dataset: labelled(choice.label, choice.key + ': '),
        text: choice.key + ': ' + label(choice.label) })));
    node.value = value;
  } else if (typeof value === 'number') {
    kind = 'integer';
    node = el('input', { type: 'number', step: '1', id, inputmode: 'numeric', dataset: { field },
      'aria-describedby': error.id });
    node.value = String(value);
  } else {
    kind = 'text';
    node = el('input', { type: 'text', id, spellcheck: 'false', autocomplete: 'off', inputmode: 'decimal',
      dataset: { field }, 'aria-describedby': error.id });
    node.value = value === null ? '' : decimalText(String(value)); // 0,02 in Vietnamese
  }
  const wrapper = el('div', { class: 'knob', dataset: { knob: name } }, [
    el('label', { for: id }, knobTitle(name)), node, error,
  ]);
  return watchKnob({ name, kind, node, original: value, wrapper });
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
    const input = el('input', { type: 'number', step: '1', min: '1', id, inputmode: 'numeric', dataset: { field },
      'aria-describedby': entryError.id });
    input.value = key in value ? String(value[key]) : '';
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
    const input = el('input', { type: 'number', step: '1', min: '0', id, inputmode: 'numeric', dataset: { field },
      'aria-describedby': fieldError.id });
    input.value = value ? String(value[key]) : '0';
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

/** The knobs as they now read (in the page's language) are what the calls send; a decimal that does not
 * read as one is said beside its knob, in the page's words, and stops the calls until it does. */
export function noteOverrides(edited) {
  const unread = knobs.filter((knob) => knob.kind === 'text' && !isDecimal(readKnob(knob)));
  const problems = unread.map((knob) => ({ field: 'knob:' + knob.name, detail: { key: 'badDecimal' } }));
  if (JSON.stringify(problems) !== JSON.stringify(state.errors.knobs)) actions.setErrors('knobs', problems);
  actions.setOverrides(currentOverrides(), edited);
}

/** After a switch of language, the decimals of the knobs as the new language writes them. */
export function relocaliseKnobs() {
  const written = state.writtenIn.knobs;
  if (written !== null && written !== state.lang) {
    for (const knob of knobs) if (knob.kind === 'text') knob.node.value = relocalised(written, knob.node.value);
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

/** A number typed as digits is sent as a number; anything else as typed, for the service to judge. */
export function parseInteger(text) {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : text;
}

export function readKnob(knob) {
  if (knob.kind === 'boolean') return knob.node.checked;
  if (knob.kind === 'integer') return parseInteger(knob.node.value);
  if (knob.kind === 'choice') return knob.node.value;
  if (knob.kind === 'text') return decimalInput(knob.node.value); // the text knobs are decimals
  if (knob.kind === 'limits') {
    if (!knob.toggle.checked) return null;
    const limits = {};
    Object.keys(knob.fields).forEach((key) => {
      limits[key] = parseInteger(knob.fields[key].value);
    });
    return limits;
  }
  return null;
}

/** What to send for a knob: undefined when it still has the preset's value. */
export function knobOverride(knob) {
  if (knob.kind === 'map') {
    const patch = {};
    for (const [key, input] of Object.entries(knob.entries)) {
      const text = input.value.trim();
      const now = text === '' ? null : parseInteger(input.value);
      const before = knob.original && key in knob.original ? knob.original[key] : null;
      if (now !== before) patch[key] = now;
    }
    return Object.keys(patch).length ? patch : undefined;
  }
  const now = readKnob(knob);
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

export function renderChangedCount() {
  const changed = knobs.filter((knob) => knobOverride(knob) !== undefined);
  knobs.forEach((knob) => knob.wrapper.classList.toggle('changed', changed.indexOf(knob) >= 0));
  byId('changed-count').textContent = changed.length ? t('changedCount', { count: changed.length }) : '';
}

export function resetKnobs() {
  if (!state.presetDetail) return;
  cancel('variant'); // the edit that blurred on the way to this button is undone anyway
  actions.resetOverrides(); // its reaction draws the knobs anew
  actions.setErrors('variant', []);
  actions.variantChanged(true);
  announce(t('knobsReset'));
}
