// Why the best play is better, and the practice hint (why.mjs), under Node's own test runner: what each
// move changes, from an analysis's own figures, in both languages, and a hint that names a chi, never a card.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { changeLines, hintOf, hintText, moveEffects, whyLines } from '../../../maubinh_api/web/static/playground/why.mjs';

const odds = (win) => ({ win, tie: 0, lose: 1 - win, points: 0 });
const outlook = (back, middle, front) => ({ back: odds(back), middle: odds(middle), front: odds(front) });

/** An analysis's answer, the fields why.mjs reads: the play's outlook, the best play's, the changes. */
function answer({ moves, play = outlook(0.41, 0.62, 0.3), best = outlook(0.58, 0.55, 0.3), loss = 0.42, ...rest }) {
  return {
    ev_loss: loss, fouled: false, positions: play, scoop_chance: 0.03, scooped_chance: 0.08, sap_lang_chance: null,
    best: { positions: best, scoop_chance: 0.03, scooped_chance: 0.05, sap_lang_chance: null },
    changes: { moves, declare_natural: null, lines: { en: ['...'], vi: ['...'] } },
    ...rest,
  };
}

const ONE_MOVE = [{ cards: ['9s'], from: 'middle', to: 'back' }];

test('one move says each chi before and after, the chi left alone, and what else changes, on one line', () => {
  const effects = moveEffects(answer({ moves: ONE_MOVE }));
  assert.deepEqual(effects.moves, [{ cards: ['9s'], from: 'middle', to: 'back', chi: [
    { position: 'back', before: 0.41, after: 0.58 }, { position: 'middle', before: 0.62, after: 0.55 },
  ] }]);
  assert.deepEqual(effects.rest, [{ position: 'front', before: 0.3, after: 0.3 }]);
  assert.equal(effects.fouled, false);
  assert.equal(effects.declare, false); // the declaration stays: no line of the API's to keep
  assert.deepEqual(whyLines('en', effects), [
    'Move 9♠ from the middle to the back: back wins 41.0% → 58.0%, middle wins 62.0% → 55.0%, front unchanged; ' +
      'scooped 8.0% → 5.0%',
  ]);
  // Vietnamese: chi đầu, chi giữa, chi cuối, bị sập hầm, and numbers the Vietnamese way.
  assert.deepEqual(whyLines('vi', effects), [
    'Chuyển 9♠ từ chi giữa sang chi đầu: chi đầu thắng 41,0% → 58,0%, chi giữa thắng 62,0% → 55,0%, chi cuối không ' +
      'đổi; bị sập hầm 8,0% → 5,0%',
  ]);
});

test('several moves say each chi once, with the last move that touches it, and the rest on a line of its own', () => {
  const moves = [
    { cards: ['Kc', 'Kd'], from: 'back', to: 'middle' },
    { cards: ['5d'], from: 'middle', to: 'back' },
    { cards: ['Th'], from: 'front', to: 'middle' },
  ];
  // Once its last move is made, a chi is as the best play sets it: the back after the second, the middle
  // and the front after the third.
  const effects = moveEffects(answer({ moves, best: outlook(0.58, 0.55, 0.35) }));
  assert.deepEqual(effects.moves.map((move) => move.chi.map((chi) => chi.position)), [[], ['back'], ['middle', 'front']]);
  assert.deepEqual(whyLines('en', effects), [
    'Move K♣ K♦ from the back to the middle',
    'Move 5♦ from the middle to the back: back wins 41.0% → 58.0%',
    'Move 10♥ from the front to the middle: middle wins 62.0% → 55.0%, front wins 30.0% → 35.0%',
    'All the moves together: scooped 8.0% → 5.0%',
  ]);
  assert.equal(whyLines('vi', effects)[3], 'Tính chung: bị sập hầm 8,0% → 5,0%');
});

test('a foul mended, sập làng where the table plays it, and a chi no move touches that still changes', () => {
  const fouled = answer({
    moves: ONE_MOVE, play: outlook(0, 0, 0), fouled: true, scooped_chance: 0.98,
    sap_lang_chance: { scoops_all: 0, scooped_by_all: 0.94 },
  });
  fouled.best.sap_lang_chance = { scoops_all: 0.0001, scooped_by_all: 0.0001 };
  const [line] = whyLines('en', moveEffects(fouled));
  // A fouled play loses every chi: the front wins now too, though no card of it moves.
  assert.equal(line, 'Move 9♠ from the middle to the back: back wins 0.0% → 58.0%, middle wins 0.0% → 55.0%, ' +
    'front wins 0.0% → 30.0%; no more binh lủng (foul), scooped 98.0% → 5.0%, scooped by every opponent 94.0% → 0.0%');
  assert.match(whyLines('vi', moveEffects(fouled))[0], /; hết binh lủng, bị sập hầm 98,0% → 5,0%, bị sập làng 94,0% → 0,0%$/);
});

test('nothing to explain: no move, or a best play that declares a natural (it compares no chi)', () => {
  assert.equal(moveEffects(answer({ moves: [], loss: 0 })), null);
  assert.deepEqual(whyLines('en', null), []);
  const natural = answer({ moves: ONE_MOVE });
  natural.best.positions = null;
  assert.equal(moveEffects(natural), null);
  // A play that collects a natural compares no chi: only the best play's chances are said.
  const collected = answer({ moves: ONE_MOVE, play: null });
  assert.match(whyLines('en', moveEffects(collected))[0], /^Move 9♠ from the middle to the back: back wins 58\.0%, middle wins 55\.0%, front wins 30\.0%/);
});

test('the hint names the chi the best play changes most among those the moves touch, and never a card', () => {
  assert.equal(hintOf(answer({ moves: ONE_MOVE })), 'back'); // 17 points against 7
  const swap = [{ cards: ['Qs'], from: 'front', to: 'middle' }, { cards: ['9h'], from: 'middle', to: 'front' }];
  // The back changes most of all, but no move touches it: the hint looks at the middle or the front.
  assert.equal(hintOf(answer({ moves: swap, play: outlook(0, 0.5, 0.3), best: outlook(0.6, 0.45, 0.42) })), 'front');
  assert.equal(hintOf(answer({ moves: [], loss: 0 })), 'best');
  assert.equal(hintOf(answer({ moves: [], loss: 0.5, changes: { moves: [], declare_natural: true } })), 'natural');
  for (const lang of ['en', 'vi']) {
    for (const look of ['back', 'middle', 'front', 'best', 'natural']) {
      const text = hintText(lang, look);
      assert.ok(text.length > 10, text);
      assert.doesNotMatch(text, /[♠♥♦♣]|\b(10|[2-9AKQJ])\b/, text); // no card, no rank
    }
  }
  assert.equal(hintText('en', 'middle'), 'Hint: look at the middle (chi giữa): the best play changes its chance of winning the most.');
  assert.equal(hintText('vi', 'back'), 'Gợi ý: xem lại chi đầu: cách xếp tốt nhất làm khả năng thắng của chi này thay đổi nhiều nhất.');
  assert.equal(hintText('vi', 'best'), 'Gợi ý: bài đã xếp tốt nhất rồi.');
});

test('several changes are said one a line, then their gain together; one change keeps the API\'s line', () => {
  const two = [{ cards: ['9h', '9d'], from: 'middle', to: 'front' }, { cards: ['Ts'], from: 'back', to: 'middle' }];
  const lines = { en: ['Declare…', 'Move…', 'Move…: +0.42 points per opponent'], vi: ['Báo…', 'Chuyển…', 'Chuyển…: +0,42 chi'] };
  const changes = { moves: two, declare_natural: true, lines };
  const natural = { en: 'Six pairs', vi: 'Lục phé bôn' };
  assert.deepEqual(changeLines('en', changes, 0.42, natural), [
    'Declare the natural (Six pairs)', 'Move 9♥ 9♦ from the middle to the front', 'Move 10♠ from the back to the middle',
    'The 3 changes above, together: +0.42 points per opponent (the gain of all of them, not of the last one alone)',
  ]);
  assert.deepEqual(changeLines('vi', changes, 0.42, natural), [
    'Báo thắng trắng (Lục phé bôn)', 'Chuyển 9♥ 9♦ từ chi giữa sang chi cuối', 'Chuyển 10♠ từ chi đầu sang chi giữa',
    'Cộng cả 3 thay đổi trên: +0,42 chi mỗi đối thủ (tổng của tất cả, không riêng thay đổi cuối cùng)',
  ]);
  // The API's lines after 1.0.0 give the gain a line of its own: the page's lines all the same.
  const since = { ...changes, lines: { en: [...lines.en.slice(0, 2), 'Move…', 'The 3 changes above, together: +0.42'] } };
  assert.deepEqual(changeLines('en', since, 0.42, natural), changeLines('en', changes, 0.42, natural));
  // One change: the API's line, which says its gain, as it came (as do lines that do not match the changes).
  const one = { moves: two.slice(0, 1), declare_natural: null, lines: { en: ['Move 9♥ 9♦…: +0.42'], vi: ['Chuyển…'] } };
  assert.deepEqual(changeLines('en', one, 0.42), ['Move 9♥ 9♦…: +0.42']);
  assert.deepEqual(changeLines('en', { ...changes, lines: { en: ['Set the chi…'] } }, 0.42), ['Set the chi…']);
});
