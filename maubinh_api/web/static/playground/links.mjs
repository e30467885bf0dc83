/* A deal as a link: the page's address says the seed, the 13 cards and the rules, so the link
 * reopens the same deal (the same hand, the same bots' cards, the same rules).  Pure functions
 * of the address (tests/web/js/links.test.mjs). */

import { MAX_SEED } from './constants.mjs';

const CARD = /^[2-9TJQKA][shdc]$/;

/** The query string of a deal: ``seed``, ``cards`` (13, comma-separated) and ``variant`` (a preset
 * name, or the preset and its changed knobs as JSON). */
export function dealQuery(deal) {
  const params = new URLSearchParams();
  params.set('seed', String(deal.seed));
  params.set('cards', deal.cards.join(','));
  if (deal.variant !== undefined && deal.variant !== null) {
    params.set('variant', typeof deal.variant === 'string' ? deal.variant : JSON.stringify(deal.variant));
  }
  return '?' + params.toString();
}

/**
 * The deal a query string names, or null when it names none; what it names badly is left out
 * (and said in ``problems``: 'seed', 'cards' or 'variant'), so a link half broken still opens
 * what it can.  The service judges the variant as any request's.
 */
export function readDeal(search) {
  const params = new URLSearchParams(search || '');
  if (!params.has('seed') && !params.has('cards') && !params.has('variant')) return null;
  const deal = { seed: null, cards: null, variant: null, problems: [] };
  if (params.has('seed')) {
    const text = params.get('seed');
    if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_SEED) deal.seed = Number(text);
    else deal.problems.push('seed');
  }
  if (params.has('cards')) {
    const cards = params.get('cards').split(',').map((card) => card.trim());
    if (cards.length === 13 && cards.every((card) => CARD.test(card)) && new Set(cards).size === 13) deal.cards = cards;
    else deal.problems.push('cards');
  }
  if (params.has('variant')) deal.variant = readVariant(params.get('variant'), deal.problems);
  return deal;
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
