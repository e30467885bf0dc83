/* Calling the API (with the key, the language and the budget it answers) and the request log with its
 * curl commands. */

import { curlCommand } from './requests.mjs';
import { PATHS } from './constants.mjs';
import { announce, byId, clear, el, locale, t } from './page.mjs';
import { state } from './state.mjs';
import { currentOverrides } from './variants.mjs';

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
  const entry = { method, url, headers: redacted(headers), body, status: null, statusText: '', ms: null };
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
  state.budget = windows;
  renderBudget();
}

export function renderBudget() {
  const node = byId('api-budget');
  if (!node) return;
  const windows = state.budget || [];
  node.hidden = windows.length === 0;
  node.textContent = windows.map((window) => t('budgetLine', {
    remaining: window.remaining.toLocaleString(locale()), limit: window.limit, seconds: window.reset,
  })).join(' · ');
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
  const overrides = currentOverrides();
  if (Object.keys(overrides).length === 0) return state.preset;
  return { preset: state.preset, overrides };
}

export function withVariant(body) {
  const variant = variantSpec();
  if (variant !== undefined) body.variant = variant;
  return body;
}

// ------------------------------------------------------------- request log

/** Replace the requests shown for a section with those of its latest action. */
export function logRequests(section, entries) {
  state.logs[section] = entries.filter(Boolean);
  renderLog(section);
}

export function renderLog(section) {
  const box = byId('log-' + section);
  if (!box) return;
  clear(box);
  const entries = state.logs[section] || [];
  box.hidden = !byId('show-requests').checked || entries.length === 0;
  if (entries.length === 0) return;
  box.append(el('p', { class: 'requests-title', text: t('requestsTitle') }));
  entries.forEach((entry) => box.append(renderEntry(entry)));
}

export function renderEntry(entry) {
  const statusClass = entry.status >= 200 && entry.status < 300 ? 'status-ok' : 'status-bad';
  const statusText = entry.status === 0 ? entry.statusText : entry.status + ' ' + entry.statusText;
  const lines = [entry.method + ' ' + entry.url];
  for (const [name, value] of Object.entries(entry.headers)) lines.push(name + ': ' + value);
  if (entry.body !== undefined) lines.push('', JSON.stringify(entry.body, null, 2));
  const copy = el('button', { type: 'button', class: 'copy-curl small', text: t('copyCurl') });
  copy.addEventListener('click', () => copyText(curlCommand(entry), copy));
  return el('div', { class: 'request' }, [
    el('p', { class: 'request-line' }, [
      el('code', { text: entry.method + ' ' + new URL(entry.url).pathname }),
      ' → ',
      el('span', { class: 'request-status ' + statusClass, text: statusText }),
      entry.ms === null ? null : el('span', { class: 'request-time', text: ' (' + entry.ms + ' ms)' }),
    ]),
    el('pre', { class: 'request-body' }, [el('code', { text: lines.join('\n') })]),
    copy,
  ]);
}

/** Copy, and say so on the button itself (seen) and to a screen reader (heard). */
export function copyText(text, button) {
  const done = () => {
    announce(t('copied'));
    flash(button, t('copiedShort'));
  };
  const failed = () => {
    announce(t('copyFailed'));
    flash(button, t('copyFailedShort'));
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => copyWithTextarea(text, done, failed));
  } else {
    copyWithTextarea(text, done, failed);
  }
}

/** A button's own words for a moment (then its label again). */
export function flash(button, text) {
  button.textContent = text;
  button.classList.add('flashed');
  clearTimeout(button.flashTimer);
  button.flashTimer = setTimeout(() => {
    button.textContent = t('copyCurl');
    button.classList.remove('flashed');
  }, 2500);
}

/** Where the Clipboard API is missing or refused (plain http, old browsers). */
export function copyWithTextarea(text, done, failed) {
  const area = el('textarea', { class: 'copy-buffer', readonly: true, 'aria-hidden': 'true', tabindex: '-1' });
  area.value = text;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch (error) {
    copied = false;
  }
  area.remove();
  if (copied) done();
  else failed();
}
