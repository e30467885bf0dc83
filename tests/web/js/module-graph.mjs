// What modules.test.mjs checks the playground's modules with: their imports, the cycles among
// them, and the writes to the store's state outside the store.  Source text in, findings out (no
// file is read here), so that the checks themselves are tested on small made-up sources.

// The ends of a token after which a '/' starts a regular expression rather than dividing.
const REGEX_AFTER = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const REGEX_KEYWORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void',
  'throw', 'instanceof', 'yield', 'await']);

function blank(text) {
  return text.replace(/[^\n]/g, ' ');
}

/** The end of a quoted literal (string or template) starting at ``start``. */
function quotedEnd(source, start) {
  const quote = source[start];
  let index = start + 1;
  while (index < source.length && source[index] !== quote) index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The end of a regular expression literal starting at ``start`` (its flags included). */
function regexEnd(source, start) {
  let index = start + 1;
  let inClass = false;
  while (index < source.length && source[index] !== '\n') {
    const char = source[index];
    if (char === '\\') index += 1;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) break;
    index += 1;
  }
  index += 1;
  while (index < source.length && /[a-z]/i.test(source[index])) index += 1;
  return index;
}

/**
 * The source with its comments blanked out, and the insides of its strings, templates and regular
 * expressions too unless ``keepStrings`` (the import specifiers are strings).  Line breaks stay,
 * so that a line number in the result is the line in the source.
 */
export function code(source, keepStrings) {
  let out = '';
  let last = ''; // the last character of code, spaces aside
  let word = ''; // the last word of code
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    let end = null;
    if (char === '/' && next === '/') {
      end = source.indexOf('\n', index);
      end = end < 0 ? source.length : end;
      out += blank(source.slice(index, end));
    } else if (char === '/' && next === '*') {
      end = source.indexOf('*/', index + 2);
      end = end < 0 ? source.length : end + 2;
      out += blank(source.slice(index, end));
    } else if (char === '"' || char === "'" || char === '`' ||
      (char === '/' && (last === '' || REGEX_AFTER.has(last) || REGEX_KEYWORDS.has(word)))) {
      end = char === '/' ? regexEnd(source, index) : quotedEnd(source, index);
      const literal = source.slice(index, end);
      const close = char === '/' ? literal.lastIndexOf('/') : literal.length - 1; // a regex's flags stay
      out += keepStrings ? literal : char + blank(literal.slice(1, close)) + literal.slice(close);
      last = 'x';
      word = '';
    }
    if (end !== null) {
      index = end;
      continue;
    }
    out += char;
    if (/[\w$]/.test(char)) word = /[\w$]/.test(last) ? word + char : char;
    else if (!/\s/.test(char)) word = '';
    if (!/\s/.test(char)) last = char;
    index += 1;
  }
  return out;
}

/**
 * The modules of the same folder a source imports (or re-exports), by file name, in order.  The
 * forms are matched in the source without its comments and strings (so that an import in either is
 * not taken for one); the names are read back from the source where its strings stood.
 */
export function importsOf(source) {
  const text = code(source, false);
  const found = [];
  const literal = "((['\"])[^'\"\\n]*\\2)";
  const patterns = [
    new RegExp('\\bimport\\s+(?:[\\w$*{}\\s,]+?\\s+from\\s+)?' + literal, 'dg'), // import x from '…', import '…'
    new RegExp('\\bexport\\s+(?:\\*(?:\\s+as\\s+[\\w$]+)?|\\{[^}]*\\})\\s+from\\s+' + literal, 'dg'), // export … from '…'
    new RegExp('\\bimport\\(\\s*' + literal + '\\s*\\)', 'dg'), // import('…')
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const [start, end] = match.indices[1];
      const name = /^\.\/([^/]+)$/.exec(source.slice(start + 1, end - 1));
      if (name && found.indexOf(name[1]) < 0) found.push(name[1]);
    }
  }
  return found;
}

/**
 * The import cycles of a graph {module: [modules it imports]}: in each strongly connected group of
 * modules (Tarjan), the shortest cycle through each of them, written as a path back to where it
 * starts: ['a.mjs', 'b.mjs', 'a.mjs'].  None means no module imports itself back.
 */
export function cyclesOf(graph) {
  const order = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  let counter = 0;
  const visit = (node) => {
    order.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    for (const next of graph[node] || []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.indexOf(next) >= 0) {
        low.set(node, Math.min(low.get(node), order.get(next)));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      group.push(member);
    } while (member !== node);
    groups.push(group);
  };
  Object.keys(graph).sort().forEach((node) => order.has(node) || visit(node));
  const cycles = new Map();
  for (const group of groups) {
    if (group.length === 1 && (graph[group[0]] || []).indexOf(group[0]) < 0) continue;
    for (const start of group.sort()) {
      const cycle = cycleThrough(graph, group, start);
      cycles.set(rotated(cycle).join(' '), rotated(cycle));
    }
  }
  return [...cycles.values()].sort((first, second) => first.join(' ').localeCompare(second.join(' ')));
}

/** A cycle written from its first module in name order (so that each is named once). */
function rotated(cycle) {
  const ring = cycle.slice(0, -1);
  const first = ring.indexOf(ring.slice().sort()[0]);
  const from = ring.slice(first).concat(ring.slice(0, first));
  return from.concat([from[0]]);
}

/** The shortest way from ``start`` back to itself, inside its group (breadth first). */
function cycleThrough(graph, group, start) {
  const parent = new Map();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const next of graph[node] || []) {
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(parent.get(path[0]));
        return path.concat([start]);
      }
      if (group.indexOf(next) >= 0 && !parent.has(next)) {
        parent.set(next, node);
        queue.push(next);
      }
    }
  }
  return group; // not reached: every module of a group reaches every other
}

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The names a source reads the store's state by: 'state', its alias, 'ns.state' for import * as ns. */
export function stateNames(source, store) {
  const text = code(source, true);
  const names = ['state'];
  const from = "\\s+from\\s+(['\"])\\./" + escaped(store) + '\\2'; // the quote is group 2
  for (const match of text.matchAll(new RegExp('\\bimport\\s*\\{([^}]*)\\}' + from, 'g'))) {
    for (const item of match[1].split(',')) {
      const alias = /^\s*state\s+as\s+([\w$]+)\s*$/.exec(item);
      if (alias) names.push(alias[1]);
    }
  }
  for (const match of text.matchAll(new RegExp('\\bimport\\s*\\*\\s*as\\s+([\\w$]+)' + from, 'g'))) {
    names.push(match[1] + '.state');
  }
  return names;
}

const MEMBERS = '(?:\\s*\\??\\.\\s*[\\w$]+|\\s*\\[[^\\]\\n]*\\])'; // .x, ?.x, [...]
const ASSIGN = '(?:\\*\\*|<<|>>>?|&&|\\|\\||\\?\\?|[-+*/%&|^])?=(?![=>])';
const MUTATORS = 'push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin|set|add|delete|clear';

function writePatterns(name) {
  const start = '(?<![\\w$.])' + escaped(name).replace('\\.', '\\s*\\.\\s*');
  return [
    new RegExp(start + MEMBERS + '*\\s*' + ASSIGN, 'g'), // state.x = 1, state.x[k] += 1, state = ...
    new RegExp(start + MEMBERS + '+\\s*(?:\\+\\+|--)', 'g'), // state.x++
    new RegExp('(?:\\+\\+|--)\\s*' + start + MEMBERS + '+', 'g'), // ++state.x
    new RegExp('\\bdelete\\s+' + start + MEMBERS + '+', 'g'), // delete state.x
    new RegExp(start + MEMBERS + '*\\s*\\.\\s*(?:' + MUTATORS + ')\\s*\\(', 'g'), // state.x.push(...)
    new RegExp('\\b(?:Object\\.(?:assign|defineProperty|defineProperties|setPrototypeOf)|' +
      'Reflect\\.(?:set|deleteProperty|defineProperty))\\(\\s*' + start + '(?![\\w$])', 'g'), // Object.assign(state...
  ];
}

/**
 * Every write to the store's state in a module that is not the store: [{line, text}].  What an
 * alias of a part of the state (const errors = state.errors; errors.x = ...) writes is not seen
 * here; the read-only view of state.mjs refuses it when it runs.
 */
export function stateWrites(source, store) {
  const text = code(source, false);
  const lines = source.split('\n');
  const found = [];
  for (const name of stateNames(source, store)) {
    for (const pattern of writePatterns(name)) {
      for (const match of text.matchAll(pattern)) {
        const before = text.slice(0, match.index);
        if (/\b(?:const|let|var)\s*$/.test(before)) continue; // a local of that name, declared
        const line = before.split('\n').length;
        found.push({ line, text: lines[line - 1].trim() });
      }
    }
  }
  return found.sort((first, second) => first.line - second.line);
}

/** The index just past the ``)`` that closes the parenthesis opened before ``start``. */
function closingParen(text, start) {
  let depth = 1;
  let index = start;
  while (index < text.length && depth > 0) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')') depth -= 1;
    index += 1;
  }
  return index;
}

const DRAWING = /^(?:render|draw)[A-Z]/;

/**
 * Every call of a drawing function (``render…``, ``draw…``) that is not inside another drawing
 * function: [{line, text, inside}], ``inside`` the innermost named function around it (null at the
 * top level).  A part draws its own pieces while it draws; anything else is drawing outside the
 * reactions of the wiring.
 */
export function drawsOutsideDrawing(source) {
  const text = code(source, false);
  const lines = source.split('\n');
  const found = [];
  const open = []; // the named functions around the cursor: {name, depth}
  let depth = 0;
  let pending = null; // a function named, whose body's brace is next
  const tokens = /\bfunction\s*\*?\s*([\w$]+)\s*\(|[{}]|(?<![\w$.])((?:render|draw)[A-Z][\w$]*)\s*\(/g;
  let match;
  while ((match = tokens.exec(text)) !== null) {
    if (match[1]) {
      pending = match[1];
      tokens.lastIndex = closingParen(text, tokens.lastIndex); // its parameters may hold braces
    } else if (match[0] === '{') {
      depth += 1;
      if (pending) open.push({ name: pending, depth });
      pending = null;
    } else if (match[0] === '}') {
      if (open.length && open[open.length - 1].depth === depth) open.pop();
      depth -= 1;
    } else {
      const inside = open.length ? open[open.length - 1].name : null;
      if (inside === null || !DRAWING.test(inside)) {
        const line = text.slice(0, match.index).split('\n').length;
        found.push({ line, text: lines[line - 1].trim(), inside });
      }
    }
  }
  return found;
}

/**
 * The store's actions (the methods of ``export const actions = Object.freeze({...})``) that send no
 * event: neither ``send(`` in their body nor a call of a helper or another action that does.
 */
export function silentActions(source) {
  const text = code(source, false);
  const start = text.indexOf('export const actions');
  const body = text.slice(text.indexOf('{', start));
  const names = [...body.matchAll(/^ {2}([\w$]+)\s*\(/gm)].map((found) => [found[1], found.index]);
  const sending = /\bsend\(|\btravel\(|\bactions\.[\w$]+\(/;
  return names.filter(([, index], number) => {
    const end = number + 1 < names.length ? names[number + 1][1] : body.length;
    return !sending.test(body.slice(index, end));
  }).map(([name]) => name);
}

const NOT_NAMES = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'await', 'new',
  'super', 'import', 'async', 'of', 'in', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield']);

/** The index just past the parenthesis that closes the one at ``open``. */
function closing(text, open) {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')' && (depth -= 1) === 0) return index + 1;
  }
  return text.length;
}

/**
 * The functions a module calls by a bare name that it neither declares, imports, takes as a
 * parameter nor finds among ``known`` (the globals): each a call that throws a ReferenceError when it
 * runs, as "line: name".  A name declared anywhere in the module appears once at least outside a call
 * (``const name =``, an import, a parameter); a function declared or a method written shorthand is
 * followed by its body, and is no call.
 */
export function unknownCalls(source, known) {
  const text = code(source);
  const elsewhere = new Set();
  for (const match of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)(?![\w$])(?!\s*\()/g)) elsewhere.add(match[1]);
  const calls = [...text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)];
  for (const match of calls) { // a declaration: its body follows
    if (text.slice(closing(text, match.index + match[0].length - 1)).trimStart().startsWith('{')) elsewhere.add(match[1]);
  }
  return calls
    .filter((match) => !NOT_NAMES.has(match[1]) && !elsewhere.has(match[1]) && !known.has(match[1]))
    .map((match) => text.slice(0, match.index).split('\n').length + ': ' + match[1]);
}
