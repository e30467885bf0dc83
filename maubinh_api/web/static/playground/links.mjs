/* A deal as a link: the page's address says the seed, the 13 cards and the rules, so the link
 * reopens the same deal (the same hand, the same bots' cards, the same rules).  Pure functions
 * of the address (tests/web/js/links.test.mjs). */

import { MAX_DEAL_SEED } from './constants.mjs';

const CARD = /^[2-9TJQKA][shdc]$/;

/** The three chi of an arrangement, as a link names them, and their sizes. */
const CHI = { back: 5, middle: 5, front: 3 };
const LANGUAGES = ['en', 'vi'];

/** The query string of a deal: ``seed``, ``cards`` (13, comma-separated) and ``variant`` (a preset
 * name, or the preset and its changed knobs as JSON); an ``arrangement`` as set (``back``, ``middle``,
 * ``front``), and the ``lang`` it was shared in, when given. */
export function dealQuery(deal) {
  const params = new URLSearchParams();
  params.set('seed', String(deal.seed));
  params.set('cards', deal.cards.join(','));
  if (deal.variant !== undefined && deal.variant !== null) {
    params.set('variant', typeof deal.variant === 'string' ? deal.variant : JSON.stringify(deal.variant));
  }
  if (deal.arrangement) {
    for (const position of Object.keys(CHI)) params.set(position, deal.arrangement[position].join(','));
  }
  if (deal.lang) params.set('lang', deal.lang);
  return '?' + params.toString();
}

/**
 * The deal a query string names, or null when it names none; what it names badly is left out
 * (and said in ``problems``: 'seed', 'cards' or 'variant'), so a link half broken still opens
 * what it can.  The service judges the variant as any request's.
 */
export function readDeal(search) {
  const params = new URLSearchParams(search || '');
  const named = ['seed', 'cards', 'variant', ...Object.keys(CHI)];
  if (!named.some((name) => params.has(name))) return null;
  const deal = { seed: null, cards: null, variant: null, arrangement: null, lang: null, problems: [] };
  if (params.has('seed')) {
    const text = params.get('seed');
    if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_DEAL_SEED) deal.seed = Number(text);
    else deal.problems.push('seed');
  }
  if (params.has('cards')) {
    const cards = params.get('cards').split(',').map((card) => card.trim());
    if (cards.length === 13 && cards.every((card) => CARD.test(card)) && new Set(cards).size === 13) deal.cards = cards;
    else deal.problems.push('cards');
  }
  if (params.has('variant')) deal.variant = readVariant(params.get('variant'), deal.problems);
  if (Object.keys(CHI).some((position) => params.has(position))) readArrangement(params, deal);
  if (LANGUAGES.indexOf(params.get('lang')) >= 0) deal.lang = params.get('lang');
  return deal;
}

/** The arrangement a link names: three chi of 5, 5 and 3 cards, 13 different ones, the link's
 * ``cards`` if it names them too; else said in ``problems`` ('arrangement'), the cards still dealt. */
function readArrangement(params, deal) {
  const rows = {};
  for (const [position, size] of Object.entries(CHI)) {
    const cards = (params.get(position) || '').split(',').map((card) => card.trim());
    if (cards.length !== size || !cards.every((card) => CARD.test(card))) {
      deal.problems.push('arrangement');
      return;
    }
    rows[position] = cards;
  }
  const all = [...rows.back, ...rows.middle, ...rows.front];
  const sameCards = deal.cards === null || (all.every((card) => deal.cards.indexOf(card) >= 0));
  if (new Set(all).size !== all.length || !sameCards || deal.problems.indexOf('cards') >= 0) {
    deal.problems.push('arrangement');
    return;
  }
  deal.arrangement = rows;
  if (deal.cards === null) deal.cards = all;
}

function readVariant(text, problems) {
  if (/^[a-z0-9][a-z0-9-]*$/.test(text)) return text;
  try {
    const variant = JSON.parse(text);
    const fine = variant && typeof variant === 'object' && typeof variant.preset === 'string' &&
      (variant.overrides === undefined || (variant.overrides && typeof variant.overrides === 'object'));
    if (fine) return { preset: variant.preset, overrides: variant.overrides || {} };
  } catch (error) {
    // not JSON: said below
  }
  problems.push('variant');
  return null;
}
