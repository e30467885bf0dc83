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
