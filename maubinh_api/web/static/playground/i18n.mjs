/* The page's two languages: its own words (texts-en.mjs, texts-vi.mjs) with {placeholders}
 * filled in.  The API's labels come as {en, vi} with every answer and are not repeated here. */

import en from './texts-en.mjs';
import vi from './texts-vi.mjs';

/** Every language of the page, its words by key. */
export const TEXTS = { en, vi };

/** The words for ``key`` in ``lang`` (English when the language lacks them), placeholders filled. */
export function translate(lang, key, params) {
  const table = TEXTS[lang] || en;
  let text = key in table ? table[key] : en[key];
  if (text === undefined) text = key;
  for (const [name, value] of Object.entries(params || {})) text = text.split('{' + name + '}').join(String(value));
  return text;
}

/** The {name} placeholders of a text (what the two languages must both fill in). */
export function placeholders(text) {
  return typeof text === 'string' ? (text.match(/\{[a-zA-Z]+\}/g) || []).sort() : [];
}
