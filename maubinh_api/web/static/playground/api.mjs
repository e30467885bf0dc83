/* Calling the API (with the key, the language and the rules; the budget it answers noted in the
 * store) and reading its problems as fields of the page.  Every part may call it; it imports none.
 * What the page shows of the calls is drawn elsewhere: the budget (budget.mjs), the requests
 * (request-log.mjs). */

import { PATHS, POSITIONS, SIZE } from './constants.mjs';
import { inPageWords } from './enumerations.mjs';
import { errorBox, t } from './page.mjs';
import { actions, state } from './state.mjs';

// ---------------------------------------------------------------- API calls

/** '/v1/variants/{name}' with the placeholders filled in (and escaped). */
export function fillPath(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => encodeURIComponent(params[name]));
}

/** The URL of an API path, relative to the page (so a service under a path prefix works too). */
export function apiUrl(path) {
  return new URL(path.replace(/^\//, ''), document.baseURI).href;
}

/**
 * One call to the API.  Resolves (never rejects) to {ok, status, data, entry, network}; the entry
 * is what the request log shows: method, URL, headers (key redacted), body and the status.
 */
export async function call(method, path, body) {
  // Problem details come back in the page's language (normal answers carry both languages anyway).
  const headers = { Accept: 'application/json', 'Accept-Language': state.lang === 'vi' ? 'vi' : 'en' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (state.apiKey) headers['X-API-Key'] = state.apiKey;
  const url = apiUrl(path);
  const entry = { method, path, url, headers: redacted(headers), body, status: null, statusText: '', ms: null };
  const started = performance.now();
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    entry.status = 0;
    entry.statusText = t('networkError');
    return { ok: false, status: 0, data: null, entry, network: true };
  }
  entry.status = response.status;
  entry.statusText = response.statusText;
  entry.ms = Math.round(performance.now() - started);
  showBudget(response.headers.get('RateLimit'));
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null; // not JSON (a proxy's error page, say): the status still says what happened
  }
  return { ok: response.ok, status: response.status, data, entry, network: false };
}

/**
 * The budget line under the key: what is left of each of the key's limits, from an answer's
 * RateLimit field ("50/second";r=43;t=1, ...), or from GET /v1/usage.  Nothing for a key
 * without limits.
 */
export function showBudget(field) {
  if (field === null || field === undefined) return;
  const windows = [];
  for (const item of field.split(',')) {
    const match = /^\s*"([^"]*)";r=(\d+);t=(\d+)\s*$/.exec(item);
    if (match) windows.push({ limit: match[1], remaining: Number(match[2]), reset: Number(match[3]) });
  }
  actions.setBudget(windows);
}

export async function loadUsage() {
  const result = await call('GET', PATHS.usage);
  if (!result.ok || !result.data) return;
  showBudget(result.data.limits.map((window) =>
    '"' + window.limit + '";r=' + window.remaining + ';t=' + window.reset_seconds).join(', ') || null);
}

export function redacted(headers) {
  const copy = Object.assign({}, headers);
  if (copy['X-API-Key']) copy['X-API-Key'] = '•••• (' + t('redacted') + ')';
  return copy;
}

/** The variant every call sends: the preset and exactly the knobs changed from it. */
export function variantSpec() {
  if (!state.preset) return undefined;
  if (Object.keys(state.overrides).length === 0) return state.preset;
  return { preset: state.preset, overrides: state.overrides };
}

export function withVariant(body) {
  const variant = variantSpec();
  if (variant !== undefined) body.variant = variant;
  return body;
}

// ------------------------------------------------------------ problems

/**
 * Record what a failed call says, next to the fields its pointers name.  ``where`` maps a
 * pointer of this request to a field ('card:front:2', 'seat:1', 'bet', 'knob:rake', ...).
 */
export function fail(source, section, result, where) {
  // The request stays known, so that a switch of language can ask for its problem in the new one.
  actions.noteFailure(source, result.entry && result.entry.method ? { entry: result.entry, section, where } : null);
  const found = [];
  const problem = result.data && typeof result.data === 'object' ? result.data : null;
  if (result.network) {
    found.push({ field: 'general:' + section, detail: { key: 'networkError' } });
  } else if (problem && Array.isArray(problem.errors) && problem.errors.length > 0) {
    for (const error of problem.errors) {
      const field = (where && where(error.pointer)) || commonField(error.pointer) || 'general:' + section;
      found.push({ field, detail: pageWords(error.detail) });
    }
  } else if (result.status === 401) {
    found.push({ field: 'apiKey', detail: problem ? pageWords(problem.detail) : { key: 'needsKey' } });
  } else {
    const detail = problem && problem.detail ? pageWords(problem.detail) : { key: 'httpError', params: { status: result.status } };
    found.push({ field: 'general:' + section, detail });
  }
  actions.setErrors(source, found);
  return found;
}

/** A problem's words (in the language it was asked in, the page's) naming the knobs as the page does. */
function pageWords(detail) {
  return typeof detail === 'string' ? inPageWords(state.enumerations, state.lang, detail) : detail;
}

/**
 * After a switch of language, the errors the service worded stand in the old one: each failed request
 * whose errors are still shown is sent again, and its problem, now in the page's language, takes their
 * place (a request that no longer fails takes its errors away).  The page's own words need nothing:
 * they are drawn in the language shown.
 */
export async function retranslateErrors() {
  const pending = Object.entries(state.failures).filter(([source, failure]) => failure && state.errors[source].length);
  await Promise.all(pending.map(async ([source, failure]) => {
    const { entry, section, where } = failure;
    const result = await call(entry.method, entry.path, entry.body);
    if (state.failures[source] !== failure || !state.errors[source].length) return; // a newer call had its say
    if (result.ok) actions.setErrors(source, []);
    else fail(source, section, result, where);
  }));
}

/** Fields any request may name: the bet, the number of opponents and the variant's knobs. */
export function commonField(pointer) {
  if (pointer === '/bet') return 'bet';
  if (pointer === '/opponents') return 'seats';
  const knob = /^\/variant\/overrides\/(.+)$/.exec(pointer);
  if (knob) return knobField(knob[1].split('/').map(unescapePointer));
  if (pointer === '/variant' || pointer.indexOf('/variant/') === 0) return 'preset';
  return null;
}

export function unescapePointer(segment) {
  return segment.split('~1').join('/').split('~0').join('~');
}

/** The innermost knob input a pointer reaches ('bonuses/front.trips', else 'bonuses'). */
export function knobField(segments) {
  for (let length = segments.length; length > 0; length -= 1) {
    const field = 'knob:' + segments.slice(0, length).join('/');
    if (errorBox(field)) return field;
  }
  return 'preset';
}

/** The pointers of an arrangement in a request body: '/arrangement/front/2' is a card slot. */
export function arrangementField(prefix) {
  return function (pointer) {
    if (pointer.indexOf(prefix) !== 0) return null;
    const match = /^\/(back|middle|front)(?:\/(\d+))?/.exec(pointer.slice(prefix.length));
    if (!match) return 'general:arrange';
    return match[2] === undefined ? 'row:' + match[1] : 'card:' + match[1] + ':' + match[2];
  };
}

/** '/cards/7' of a request that sent the hand flattened back, middle, front. */
export function flatCardField(pointer) {
  const match = /^\/cards\/(\d+)/.exec(pointer);
  if (!match) return null;
  let index = Number(match[1]);
  for (const position of POSITIONS) {
    if (index < SIZE[position]) return 'card:' + position + ':' + index;
    index -= SIZE[position];
  }
  return 'general:arrange';
}
