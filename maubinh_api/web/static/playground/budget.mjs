/* The budget line under the key: what is left of each of the key's limits, as the last answer's
 * RateLimit field (or GET /v1/usage) said (api.mjs notes it in the store). */

import { byId, locale, t } from './page.mjs';
import { state } from './state.mjs';

export function renderBudget() {
  const node = byId('api-budget');
  if (!node) return;
  const windows = state.budget || [];
  node.hidden = windows.length === 0;
  node.textContent = windows.map((window) => t('budgetLine', {
    remaining: window.remaining.toLocaleString(locale()), limit: window.limit, seconds: window.reset,
  })).join(' · ');
}
