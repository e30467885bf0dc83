/* Why the best play is better, and a hint before a practice deal is submitted: pure functions of an
 * answer of POST /v1/arrangements/analysis (tests/web/js/why.test.mjs).
 *
 * The why: each move of ``changes.moves`` with what it changes, from the analysis's own figures (the
 * play's outlook, and the best play's in ``best``): each chi's chance of winning against one opponent
 * before and after, the chi that stay as they are, and the scoops, the foul and sập làng.  The grade
 * and the analysis panel draw its lines (practice.mjs, checks.mjs).
 *
 * The hint: which chi to look at (the one whose chance the best play changes most), or that the cards
 * are best as they are, or the natural: never a card, never an arrangement. */

import { POSITIONS, SUIT_SYMBOL } from './constants.mjs';
import { translate } from './i18n.mjs';
import { percent, signed } from './numbers.mjs';

// ------------------------------------------------------------------ the why

/**
 * What the best play changes, as data the page keeps with a graded deal and writes in either language:
 * ``{moves: [{cards, from, to, chi: [{position, before, after}]}], rest: [{position, before, after}],
 * shares: [{key, before, after}], fouled, declare}``, each chi said once, with the last move that touches it
 * (back, middle, front within a move); ``rest`` the chi no move touches; ``before`` null when the play
 * compares no chi (it collects a natural); ``declare`` whether the best play changes the declaration
 * too (the analysis's first line says so).  Null when there is nothing to explain: no move, or a best
 * play that compares no chi (it declares a natural).
 */
export function moveEffects(answer) {
  const best = answer.best;
  const moves = answer.changes.moves;
  if (!moves.length || !best.positions) return null;
  const win = (position) => ({
    position, before: answer.positions ? answer.positions[position].win : null, after: best.positions[position].win,
  });
  // A chi is said with the last move that touches it: once that move is made, the chi is as the best play
  // sets it (the moves are made in their order).
  const said = new Set();
  const explained = moves.slice().reverse().map((move) => {
    const chi = POSITIONS.filter((position) => (position === move.from || position === move.to) && !said.has(position));
    chi.forEach((position) => said.add(position));
    return { cards: move.cards.slice(), from: move.from, to: move.to, chi: chi.map(win) };
  }).reverse();
  const shares = [
    { key: 'scoop', before: answer.scoop_chance, after: best.scoop_chance },
    { key: 'scooped', before: answer.scooped_chance, after: best.scooped_chance },
  ];
  if (answer.sap_lang_chance && best.sap_lang_chance) {
    shares.push({ key: 'sapLangWon', before: answer.sap_lang_chance.scoops_all, after: best.sap_lang_chance.scoops_all });
    shares.push({ key: 'sapLangLost', before: answer.sap_lang_chance.scooped_by_all,
      after: best.sap_lang_chance.scooped_by_all });
  }
  return {
    moves: explained, rest: POSITIONS.filter((position) => !said.has(position)).map(win), shares,
    fouled: Boolean(answer.fouled), declare: answer.changes.declare_natural !== null,
  };
}

/** The cards of a move as a sentence writes them: "10♠ 9♥". */
function cardsText(cards) {
  return cards.map((card) => (card[0] === 'T' ? '10' : card[0]) + SUIT_SYMBOL[card[1]]).join(' ');
}

/** One chi's chance of winning before and after, in ``lang``: "back wins 41.0% → 58.0%". */
function chiText(lang, effect, unchangedWord) {
  const chi = translate(lang, 'whyChi.' + effect.position);
  const after = percent(lang, effect.after);
  if (effect.before === null) return translate(lang, 'whyWinsNow', { chi, after });
  const before = percent(lang, effect.before);
  if (unchangedWord && before === after) return translate(lang, 'whyUnchanged', { chi });
  return translate(lang, 'whyWins', { chi, before, after });
}

/** What the best play changes beyond the chi the moves touch: the other chi, the foul, the scoops and
 * sập làng (those whose figure, as written, changes). */
function restText(lang, effects) {
  const chi = effects.rest.map((effect) => chiText(lang, effect, true));
  const shares = effects.fouled ? [translate(lang, 'whyFoul')] : [];
  for (const share of effects.shares) {
    const before = percent(lang, share.before);
    const after = percent(lang, share.after);
    if (before !== after) shares.push(translate(lang, 'why.' + share.key, { before, after }));
  }
  return [chi.join(', '), shares.join(', ')];
}

/**
 * The lines that say why, in ``lang``: one per move with the chi it changes ("Move 9♠ from the middle to
 * the back: back wins 41.0% → 58.0%, middle wins 62.0% → 55.0%, front unchanged; scooped 8.0% → 5.0%").
 * One move says the rest on its line; several say it on a last line of their own.  None without effects.
 */
export function whyLines(lang, effects) {
  if (!effects) return [];
  const [rest, shares] = restText(lang, effects);
  const single = effects.moves.length === 1;
  const lines = effects.moves.map((move) => {
    const chi = move.chi.map((effect) => chiText(lang, effect, false));
    const said = single ? [chi.concat(rest ? [rest] : []).join(', '), shares] : [chi.join(', ')];
    const params = { cards: cardsText(move.cards), from: translate(lang, 'whyChi.' + move.from),
      to: translate(lang, 'whyChi.' + move.to), effects: said.filter(Boolean).join('; ') };
    return translate(lang, params.effects ? 'whyMove' : 'whyMoveOnly', params);
  });
  if (!single && (rest || shares)) {
    lines.push(translate(lang, 'whyTogether', { effects: [rest, shares].filter(Boolean).join('; ') }));
  }
  return lines;
}

// ------------------------------------------------------------ what to change

/**
 * "What to change" in ``lang``: the API's lines (``changes.lines``) for one change ("Move 9♥ from the
 * middle to the front: +0.42 points per opponent"); several are said one a line, then, on a line of its
 * own, their gain together (``loss``, what the play gives up), with the page's explanation of it.  ``natural``: the {en, vi} name of the
 * natural a declaration declares.
 */
export function changeLines(lang, changes, loss, natural = null) {
  const lines = changes.lines[lang];
  const declare = changes.declare_natural === undefined ? null : changes.declare_natural;
  const said = declare === null ? [] : [declare
    ? translate(lang, 'changeDeclare', { natural: natural ? natural[lang] : '' })
    : translate(lang, 'changeKeep')];
  for (const move of changes.moves || []) {
    said.push(translate(lang, 'whyMoveOnly', { cards: cardsText(move.cards), from: translate(lang, 'whyChi.' + move.from),
      to: translate(lang, 'whyChi.' + move.to) }));
  }
  // One change: its line says its gain. Several: the page's own lines, whether the API glued the gain
  // to the last change (1.0.0) or gave it a line of its own (since).
  if (said.length < 2 || (lines.length !== said.length && lines.length !== said.length + 1)) return lines;
  return said.concat([translate(lang, 'changesTogether', { count: String(said.length), gain: signed(lang, loss) })]);
}

// ----------------------------------------------------------------- the hint

/**
 * What a hint says of the analysis of the arrangement on the table, as a key the page writes in either
 * language: ``best`` (the cards are best as they are), ``natural`` (the decision to declare is what
 * changes), or a chi: among the chi the moves touch (all three when no card moves), the one whose
 * chance of winning the best play changes most (the first of back, middle, front on a tie).
 */
export function hintOf(answer) {
  if (!(answer.ev_loss > 0)) return 'best';
  if (answer.changes.declare_natural !== null || !answer.positions || !answer.best.positions) return 'natural';
  const touched = new Set(answer.changes.moves.flatMap((move) => [move.from, move.to]));
  const candidates = touched.size ? POSITIONS.filter((position) => touched.has(position)) : POSITIONS;
  let look = candidates[0];
  let most = -1;
  for (const position of candidates) {
    const change = Math.abs(answer.best.positions[position].win - answer.positions[position].win);
    if (change > most) {
      look = position;
      most = change;
    }
  }
  return look;
}

/** The hint in ``lang``: a chi named, no card. */
export function hintText(lang, look) {
  if (look === 'best' || look === 'natural') return translate(lang, look === 'best' ? 'hintBest' : 'hintNatural');
  return translate(lang, 'hintLook', { chi: translate(lang, 'posWord.' + look) });
}
