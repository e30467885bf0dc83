// The playground's modules as one flow: no import cycle, no part of the page importing another, and
// no write to the state but by the store's actions (state.mjs), under Node's own test runner.  The
// checks (module-graph.mjs) are tested first on small sources that break each rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import {
  code, cyclesOf, drawsOutsideDrawing, importsOf, silentActions, stateWrites, unknownCalls,
} from './module-graph.mjs';

const FOLDER = fileURLToPath(new URL('../../../maubinh_api/web/static/playground/', import.meta.url));
const STORE = 'state.mjs';
const WIRING = 'playground.js';
const API = 'api.mjs'; // the API calls and their problems read as fields: every part may call it
// The parts of the page: each draws from the state, sends actions and calls the API, and imports
// none of the others.  Every other module is a helper that imports no part (nor the API).
const PARTS = ['budget.mjs', 'checks.mjs', 'deal.mjs', 'errors.mjs', 'hand.mjs', 'optimal.mjs', 'practice.mjs', 'progress.mjs',
  'request-log.mjs', 'table.mjs', 'variants.mjs'];

// The actions that send no event, each with the reason nothing needs drawing after it.
const SILENT = {
  restore: 'the language, key and chi order of an earlier visit, before the page is first drawn (init draws it all)',
  setApiKey: 'the key field already shows what the player typed; the budget is drawn when an answer brings it',
  nextCall: 'numbers a call so that an older answer is dropped; the page shows no number',
  noteStatus: 'page.mjs notes a status line as it writes it, to write it again in another language',
  setFocus: 'hand.mjs moves the focus itself as the player moves it (a redraw would lose the key held)',
  rulesLoading: 'the rules are on their way: the caller says so in the status line',
  rulesAnswered: 'the rules came: what they hold is sent by the actions that follow',
  noteFailure: 'the errors the request brought are set (and drawn) by setErrors: this keeps how to ask again',
  noteWrittenIn: 'the field shows what it holds: which language it is written in matters at the next switch',
  wantVariant: 'a link\'s rules wait for the presets: setPreset applies them, and draws them',
};

const MODULES = readdirSync(FOLDER).filter((name) => name.endsWith('.mjs') || name === WIRING).sort();
const SOURCES = Object.fromEntries(MODULES.map((name) => [name, readFileSync(FOLDER + name, 'utf8')]));
const GRAPH = Object.fromEntries(MODULES.map((name) => [name, importsOf(SOURCES[name])]));

// ------------------------------------------------------------ the checks

test('the imports of a module are read, whatever the form, and not from comments or strings', () => {
  const source = [
    "import { a, b as c } from './a.mjs';",
    "import * as d from './d.mjs';",
    "import e from \"./e.mjs\";",
    "import './f.mjs';",
    "export { g } from './g.mjs';",
    "export * from './h.mjs';",
    'import {',
    '  i,',
    "} from './i.mjs';",
    "const j = await import('./j.mjs');",
    "// import { k } from './k.mjs';",
    "/* import l from './l.mjs'; */",
    "const m = \"import n from './n.mjs'\";",
    "import o from 'node:fs';",
  ].join('\n');
  assert.deepEqual(importsOf(source).sort(), ['a.mjs', 'd.mjs', 'e.mjs', 'f.mjs', 'g.mjs', 'h.mjs', 'i.mjs', 'j.mjs']);
});

test('a cycle is found and named, however long, and a graph without one passes', () => {
  assert.deepEqual(cyclesOf({ 'a.mjs': ['b.mjs'], 'b.mjs': ['c.mjs'], 'c.mjs': [] }), []);
  assert.deepEqual(cyclesOf({ 'a.mjs': ['b.mjs'], 'b.mjs': ['a.mjs'] }), [['a.mjs', 'b.mjs', 'a.mjs']]);
  assert.deepEqual(cyclesOf({ 'a.mjs': ['a.mjs'] }), [['a.mjs', 'a.mjs']]);
  const long = { 'w.js': ['x.mjs'], 'x.mjs': ['y.mjs'], 'y.mjs': ['z.mjs', 'q.mjs'], 'z.mjs': ['x.mjs'], 'q.mjs': [] };
  assert.deepEqual(cyclesOf(long), [['x.mjs', 'y.mjs', 'z.mjs', 'x.mjs']]);
  const two = { 'a.mjs': ['b.mjs'], 'b.mjs': ['a.mjs', 'c.mjs'], 'c.mjs': ['d.mjs'], 'd.mjs': ['c.mjs'] };
  assert.deepEqual(cyclesOf(two), [['a.mjs', 'b.mjs', 'a.mjs'], ['c.mjs', 'd.mjs', 'c.mjs']]);
  // Made from sources, as the test of the page's modules makes it.
  const sources = { 'a.mjs': "import { b } from './b.mjs';", 'b.mjs': "import { a } from './a.mjs';" };
  const graph = Object.fromEntries(Object.entries(sources).map(([name, text]) => [name, importsOf(text)]));
  assert.deepEqual(cyclesOf(graph), [['a.mjs', 'b.mjs', 'a.mjs']]);
});

test('every kind of write to the state is found, with its line', () => {
  const writes = [
    'state.lang = lang;',
    'state.results.validate = null;',
    "state.results[kind + 'Key'] = key;",
    'state.errors[source] = [];',
    'state.seq[kind] += 1;',
    'state.count++;',
    '--state.count;',
    'state.picked ??= card;',
    'delete state.statuses[id];',
    'Object.assign(state, { lang });',
    'Object.assign(state.results, { table: null });',
    'state.knobs.push(knob);',
    'state.rows.back.splice(0, 1);',
    'state.levels[seat - 1] = level;',
    'state . lang = lang;',
    'Reflect.set(state, "lang", "vi");',
  ];
  const source = "import { state } from './state.mjs';\n" + writes.join('\n');
  const found = stateWrites(source, STORE);
  assert.deepEqual(found.map((write) => write.line), writes.map((write, index) => index + 2));
  assert.equal(found[0].text, 'state.lang = lang;');
});

test('a write through an alias or a namespace of the store is found too', () => {
  const alias = "import { actions, state as page } from './state.mjs';\npage.lang = 'vi';\n";
  assert.deepEqual(stateWrites(alias, STORE), [{ line: 2, text: "page.lang = 'vi';" }]);
  const namespace = "import * as store from './state.mjs';\nstore.state.results.table = null;\n";
  assert.deepEqual(stateWrites(namespace, STORE), [{ line: 2, text: 'store.state.results.table = null;' }]);
});

test('reading the state, comparing it, or words in comments and strings are no writes', () => {
  const source = [
    "import { actions, state } from './state.mjs';",
    'if (state.picked === card || state.lang !== "vi") go();',
    'const ok = state.seats <= 4 && state.seats >= 2;',
    'const next = state.rows.back.slice().sort();',
    'const names = state.presets.map((preset) => preset.name);',
    'actions.setLanguage(state.lang);',
    'const run = (state) => state;',
    '// state.lang = lang, once',
    '/* delete state.x; state.knobs.push(knob) */',
    "say('state.lang = lang');",
    'const pattern = /state.lang = x/;',
    'other.state.lang = "vi";',
    'const copy = { ...state.rows };',
    'box.dataset.for = state.answeredFor.validate;',
  ].join('\n');
  assert.deepEqual(stateWrites(source, STORE), []);
});

test('comments, strings and regular expressions are blanked, line breaks kept', () => {
  const source = "a = 'x // y'; // z\nb = /\\/[/]/g.test(c) / 2; /* d\ne */ f = `g`;";
  const blanked = code(source, false);
  assert.equal(blanked.split('\n').length, 3);
  assert.equal(blanked.replace(/\s+/g, ' ').trim(), "a = ' '; b = / /g.test(c) / 2; f = ` `;");
});

test('a drawing call outside a drawing function is found, with its line and the function around it', () => {
  const source = [
    'export function renderA() {',
    '  renderB(items.map((item) => renderC(item)));',
    '}',
    'function load({ a, b }) {',
    '  if (a) { renderA(); }',
    '  const r = { renderX: 1 };',
    '  other.renderY();',
    '}',
    'drawAll();',
    "// renderZ() in a comment, 'renderW()' in a string",
  ].join('\n');
  assert.deepEqual(drawsOutsideDrawing(source), [
    { line: 5, text: 'if (a) { renderA(); }', inside: 'load' },
    { line: 9, text: 'drawAll();', inside: null },
  ]);
});

test('an action that sends no event is found; one that sends, travels or calls another action is not', () => {
  const store = [
    'function send() {}',
    'export const actions = Object.freeze({',
    '  quiet(x) {',
    '    data.x = x;',
    '  },',
    '  loud(x) {',
    '    data.x = x;',
    "    send('x');",
    '  },',
    "  back(say) { return travel('undo', 'redo', say); },",
    "  clear() { if (data.x) actions.loud(null); },",
    '});',
  ].join('\n');
  assert.deepEqual(silentActions(store), ['quiet']);
});

// -------------------------------------------------------- the page's modules

// What the page may call without declaring it: the browser's own functions (Node's globals are the rest).
const BROWSER = new Set(['requestAnimationFrame', 'getComputedStyle', 'matchMedia', 'alert', 'confirm', 'prompt',
  'cancelAnimationFrame', 'scrollTo']);
const KNOWN = new Set([...Object.getOwnPropertyNames(globalThis), ...BROWSER]);

test('a call of a name the module never declares, imports or takes is found; declarations are not calls', () => {
  const source = [
    "import { drawn } from './page.mjs';",
    'function local(action) {',
    '  action();',
    '  drawn(); helper(); Math.max(1, 2); setTimeout(local, 1);',
    '  showWaiting(); // gone since a rename',
    '}',
    'const helper = () => 1;',
    'export const actions = { wantRules() { return 1; } };',
    "const text = 'missing() in a string';",
  ].join('\n');
  assert.deepEqual(unknownCalls(source, KNOWN), ['5: showWaiting']);
});

test('no module of the page calls a name it never declares, imports or takes (a ReferenceError when it runs)', () => {
  const unknown = MODULES.flatMap((name) => unknownCalls(SOURCES[name], KNOWN).map((found) => name + ':' + found));
  assert.deepEqual(unknown, []);
});

test('every module of the page is read, imports only modules that exist, and the wiring reaches them all', () => {
  assert.ok(MODULES.indexOf(STORE) >= 0 && MODULES.indexOf(WIRING) >= 0 && MODULES.length > 10, MODULES.join(' '));
  for (const [name, imports] of Object.entries(GRAPH)) {
    for (const imported of imports) assert.ok(MODULES.indexOf(imported) >= 0, name + ' imports ' + imported);
  }
  const reached = new Set([WIRING]);
  const queue = [WIRING];
  while (queue.length) {
    for (const imported of GRAPH[queue.shift()]) {
      if (!reached.has(imported)) queue.push(reached.add(imported) && imported);
    }
  }
  assert.deepEqual(MODULES.filter((name) => !reached.has(name)), []);
});

test('no module of the page imports itself back, through any number of modules', () => {
  const cycles = cyclesOf(GRAPH);
  assert.deepEqual(cycles.map((cycle) => cycle.join(' → ')), [], 'import cycles');
});

test('no part of the page imports another part; the API and the helpers import no part', () => {
  const wrong = [];
  for (const [name, imports] of Object.entries(GRAPH)) {
    if (name === WIRING) continue;
    for (const imported of imports) {
      if (PARTS.indexOf(imported) >= 0) wrong.push(name + ' imports the part ' + imported);
      else if (imported === API && PARTS.indexOf(name) < 0) wrong.push(name + ' (no part) imports ' + API);
    }
  }
  assert.deepEqual(wrong, []);
  for (const part of PARTS.concat([API])) assert.ok(MODULES.indexOf(part) >= 0, part + ' is one of the modules');
});

test('the state is written only by the store', () => {
  const writes = [];
  for (const name of MODULES) {
    if (name === STORE) continue;
    for (const write of stateWrites(SOURCES[name], STORE)) writes.push(name + ':' + write.line + ': ' + write.text);
  }
  assert.deepEqual(writes, [], 'writes to the state outside ' + STORE);
});

test('the parts draw only when the wiring reacts to an event: no drawing call outside a drawing function', () => {
  const found = [];
  for (const name of MODULES.filter((module) => module !== WIRING)) {
    for (const draw of drawsOutsideDrawing(SOURCES[name])) found.push(name + ':' + draw.line + ' (' + draw.inside + '): ' + draw.text);
  }
  assert.deepEqual(found, [], 'drawn outside the reactions of ' + WIRING);
});

test('every action of the store sends an event, but those that leave nothing to draw, each with its reason', () => {
  const silent = silentActions(SOURCES[STORE]);
  assert.deepEqual(silent.filter((name) => !(name in SILENT)), [], 'actions that send no event');
  assert.deepEqual(Object.keys(SILENT).filter((name) => silent.indexOf(name) < 0), [], 'SILENT names an action that sends');
});

test('every event the store sends has a reaction in the wiring, and every reaction an event', () => {
  const sent = new Set([...code(SOURCES[STORE], true).matchAll(/\bsend\('([\w]+)'/g)].map((found) => found[1]));
  const wiring = code(SOURCES[WIRING], true);
  const block = wiring.slice(wiring.indexOf('const REACTIONS'), wiring.indexOf('subscribe('));
  const reactions = new Set([...block.matchAll(/^ {2}([\w]+):/gm)].map((found) => found[1]));
  assert.deepEqual([...sent].filter((type) => !reactions.has(type)).sort(), [], 'events no reaction answers');
  assert.deepEqual([...reactions].filter((type) => !sent.has(type)).sort(), [], 'reactions to no event');
});

test('no part of the page keeps state of its own: a module-level let is a handle on the browser, named here', () => {
  // The page's state is the store's; these hold timers (the arrange timer's interval), a drag and the knobs'
  // elements (state.mjs says why).
  const HANDLES = ['hand.mjs: suppressClick', 'practice.mjs: countdown', 'variants.mjs: knobs'];
  const found = [];
  for (const name of MODULES) {
    for (const match of code(SOURCES[name], false).matchAll(/^let\s+([\w$]+)/gm)) found.push(name + ': ' + match[1]);
  }
  assert.deepEqual(found.sort(), HANDLES.sort());
});
