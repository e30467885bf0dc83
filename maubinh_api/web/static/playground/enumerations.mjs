/* The API's enumerations (GET /v1/enumerations) as the page reads them: the levels, the knobs'
 * choices and the maps' keys, each with its labels. Pure lookups over the answer, the same in
 * every browser and under Node (tests/web/js/enumerations.test.mjs); before the answer has come,
 * every list is empty and every label null. A path names a list of the answer: 'levels', 'knobs',
 * 'knob_values.wheel'. */

/** The members of one enumeration, in the service's order. */
export function members(enumerations, path) {
  let node = enumerations;
  for (const part of path.split('.')) node = node && node[part];
  return Array.isArray(node) ? node : [];
}

/** The keys of one enumeration. */
export function keysOf(enumerations, path) {
  return members(enumerations, path).map((member) => member.key);
}

/** The labels ({en, vi}) of ``key`` in one enumeration, or null. */
export function labelOf(enumerations, path, key) {
  const found = members(enumerations, path).find((member) => member.key === key);
  return found ? found.label : null;
}

/**
 * A sentence of the service's in the page's words: each knob's key it names (``scoop_multiplier``,
 * ``amount_decimals``), a name of the API, replaced by the knob's label in ``lang`` (the name the rules
 * panel gives it), and each drill theme's key after the word "theme" ("chủ đề") by the theme's.
 */
export function inPageWords(enumerations, lang, text) {
  const pick = (pair) => (lang === 'vi' ? pair.vi : pair.en);
  let said = text;
  for (const theme of members(enumerations, 'drill_themes')) {
    const named = new RegExp('(theme|chủ đề) ' + theme.key + '(?![\\w.])', 'g');
    said = said.replace(named, (whole, word) => word + ' ' + pick(theme.label));
  }
  // The longest key first: sap_lang_min_players before sap_lang.
  const knobs = members(enumerations, 'knobs').slice().sort((one, other) => other.key.length - one.key.length);
  for (const knob of knobs) {
    said = said.replace(new RegExp('(?<![\\w.])' + knob.key + '(?![\\w.])', 'g'), pick(knob.label));
  }
  return said;
}

/** The knobs of a preset's rules in the service's order (any the enumeration lacks last). */
export function knobNames(enumerations, rules) {
  const listed = keysOf(enumerations, 'knobs').filter((name) => name in rules);
  return listed.concat(Object.keys(rules).filter((name) => listed.indexOf(name) < 0));
}

/** The entries a map knob shows: every key the enumeration lists, then any other the value holds. */
export function mapKeys(enumerations, name, value) {
  const listed = keysOf(enumerations, 'knob_values.' + name);
  return listed.concat(Object.keys(value).filter((key) => listed.indexOf(key) < 0));
}
