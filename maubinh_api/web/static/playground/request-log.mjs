/* The requests of each section's latest action, as the page sent them (the key redacted), each with
 * its status, its time and a button that copies it as a curl command. */

import { copyText } from './clipboard.mjs';
import { byId, clear, el, t } from './page.mjs';
import { curlCommand } from './requests.mjs';
import { state } from './state.mjs';

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
