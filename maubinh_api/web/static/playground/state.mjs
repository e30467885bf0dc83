/* The page's one mutable state, shared by every module (and shown as window.MauBinhPlayground.state). */

import { DEFAULT_LEVELS } from './constants.mjs';
import { emptyRows } from './rows.mjs';

// -------------------------------------------------------------------- state

export const state = {
  lang: 'en',
  apiKey: '',
  budget: [], // what is left of the key's limits: [{limit, remaining, reset}]
  seed: 0,
  deck: [], // the 52 cards as shuffled: seat i is dealt deck[13 i .. 13 i + 12]
  rows: emptyRows(), // the user's cards, chi by chi (changed only through rows.mjs)
  picked: null, // the card picked up (click, Enter or Space) to swap with another
  asDealt: false, // the hand is as dealt (high to low): nobody has set it yet
  focusCard: null, // the card holding the hand's single tab stop
  declare: true,
  seats: 4,
  levels: DEFAULT_LEVELS.slice(),
  presets: [],
  enumerations: null, // GET /v1/enumerations: levels, knob choices and map keys with their labels
  defaultPreset: null,
  preset: null,
  presetDetail: null,
  variantReady: false,
  variantDirty: false, // a knob was edited and its debounce has not fired yet
  variantsLoading: false,
  variantRef: null,
  knobs: [], // {path, kind, node, original} for every knob input
  results: { validate: null, analysis: null, optimal: null, table: null },
  errors: {}, // field errors by the call that found them: {source: [{field, detail}]}
  logs: {}, // the requests of each section's last action
  seq: {}, // the latest call of each kind: older answers are dropped
  timers: {},
  statuses: {}, // status lines as text keys, to translate on a language switch
  suppressClick: false,
};
