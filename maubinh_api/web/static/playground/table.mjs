/* The table: the bots' seats, the reveal and the settlement with its money and explanation lines.
 * The settlement is an action of the store: the wiring draws it, with the seats (and their errors). */

import { arrangementField, call, fail, withVariant } from './api.mjs';
import { LANGUAGE_CURRENCY, PATHS, POSITIONS, SEAT_NAMES } from './constants.mjs';
import { botCards } from './deck.mjs';
import { labelOf, members } from './enumerations.mjs';
import {
  begin, byId, chiRow, clear, compactMoney, displayPositions, decimalText, el, isCurrent, isRefused, label, money, moneyPlaces, number,
  positionName, readNumber, relocalised,
  say, setBusy, setStatus, shareText, t,
} from './page.mjs';
import { copyRows } from './rows.mjs';
import { actions, handCards, handComplete, state } from './state.mjs';

// ------------------------------------------------------------------ table

export function seatName(seat) {
  return SEAT_NAMES[seat];
}

/** The seats: the user, then bots with a level each; after the reveal, everyone's chi (their errors are
 * drawn after them). */
export function renderSeats() {
  const list = clear(byId('seats'));
  const result = state.results.table;
  for (let seat = 0; seat < state.seats; seat += 1) {
    const played = result ? result.seats[seat] : null;
    const item = el('li', { class: 'seat', dataset: { seat: String(seat), player: seatName(seat) } });
    if (played) item.dataset.declare = played.declare ? 'true' : 'false';
    const title = seat === 0 ? t('seatYou', { name: seatName(seat) }) : t('seatBot', { name: seatName(seat) });
    item.append(el('h3', { class: 'seat-title', text: title }));
    if (seat > 0) item.append(levelField(seat));
    if (played) item.append(renderPlayedSeat(played, seat));
    else item.append(el('p', { class: 'hint', text: seat === 0 ? t('seatYourCards') : t('seatHidden') }));
    item.append(el('p', { class: 'field-error', hidden: true, id: 'seat-' + seat + '-error',
      dataset: { errorFor: 'seat:' + seat } }));
    list.append(item);
  }
}

export function levelField(seat) {
  const id = 'level-' + seat;
  const chosen = state.levels[seat - 1] || 'club';
  // Until the API's levels have come, the chosen one alone, by its key.
  const levels = state.enumerations ? members(state.enumerations, 'levels') : [{ key: chosen, label: null }];
  const select = el('select', { id, dataset: { field: 'seat:' + seat } },
    levels.map((level) => el('option', { value: level.key, text: level.label ? label(level.label) : level.key })));
  select.value = chosen;
  select.addEventListener('change', () => actions.setLevel(seat, select.value));
  return el('div', { class: 'field level-field' }, [el('label', { for: id, text: t('level') }), select]);
}

/** A seat after the reveal: its three chi (as mini cards), the bot's style, verdict and net. */
export function renderPlayedSeat(played, seat) {
  const rows = el('div', { class: 'seat-rows' });
  for (const position of displayPositions()) {
    rows.append(chiRow(position, played.arrangement[position], played.labels ? played.labels[position] : null));
  }
  const notes = [];
  if (played.style) notes.push(el('li', { class: 'seat-style', text: t('styleText', { style: label(played.style.label) }) }));
  if (played.verdict) {
    notes.push(el('li', {}, [t('verdict') + ': ', el('span', { class: 'badge verdict verdict-' + played.verdict.key,
      text: label(played.verdict.label) }), ' ', t('lossText', { loss: number(played.ev_loss) })]));
  }
  if (seat > 0) notes.push(el('li', { class: 'hint', text: t('botSeed', { seed: played.seed }) }));
  if (played.declare && played.natural) notes.push(el('li', { text: t('declaresNatural') }));
  return el('div', { class: 'seat-played' }, [rows, el('ul', { class: 'seat-notes' }, notes)]);
}

export function clearTable() {
  begin('table');
  // A settlement under way is dropped: say so rather than leave "settling…" standing.
  setBusy('table-result', false);
  setStatus('table-status', '');
  actions.clearTable();
}

/** The bet as typed, read in the page's language: {value} (the API's decimal text) or {refused}; a
 * separator the other language groups thousands with ("1,000" on the Vietnamese page) is asked about. */
export function readBet() {
  return readNumber(byId('bet').value, { askThousands: true });
}

/** Why the bet is not sent, in the page's words: both readings of an ambiguous bet ("1.000 đồng or 1
 * đồng?"), else what a bet looks like. */
function betProblem(bet) {
  if (bet.refused !== 'ambiguous') return { key: 'badBet' };
  const written = (text) => (betCurrency() === 'VND' ? t('inDong', { amount: decimalText(text) }) : decimalText(text));
  return { key: 'ambiguousBet', params: { thousands: written(bet.params.thousands), small: written(bet.params.decimal) } };
}

/** The currency the bet is in: the player's choice, else the page language's (the đồng on the Vietnamese
 * page, none said on the English one); null when none is said (money then as the API writes it). */
export function betCurrency() {
  const chosen = state.currency === null ? LANGUAGE_CURRENCY[state.lang] || 'none' : state.currency;
  return chosen === 'none' ? null : chosen;
}

/** An amount from the API in the bet's currency: its own decimals ("-2.000.000" đồng), digit for digit;
 * ``places``: those of the column it is written in (moneyPlaces). */
export function cash(text, places) {
  return money(text, betCurrency(), places);
}

/** The places of each money column of a settlement (and of its lines): one per column, whole đồng when
 * every figure of the column is whole; the house's take is in the columns of its own figures. */
export function columnPlaces(settlement) {
  const currency = betCurrency();
  const take = settlement.house_take;
  const column = (name, extra) => (currency ? moneyPlaces(settlement.players.map((player) => player[name])
    .concat(extra), currency) : undefined);
  return { amount: column('amount', []), rake: column('rake', [take.rake]), draw_fee: column('draw_fee', [take.draw_fee]),
    net: column('net', [take.total]) };
}

/** A money cell: the figure as its column writes it; a large sum in đồng as players write it ("1,5 triệu"),
 * the exact figure its abbreviation's title. */
function moneyCell(text, places, money) {
  const exact = cash(text, places);
  const short = betCurrency() === 'VND' ? compactMoney(text) : null;
  return el('td', { class: 'num', dataset: { money } }, short ? el('abbr', { title: exact, text: short }) : exact);
}

export function renderCurrency() {
  byId('currency').value = betCurrency() || 'none';
}

/** After a switch of language, the bet as the new language writes it (10,5 is 10.5). */
export function relocaliseBet() {
  const field = byId('bet');
  const written = state.writtenIn.bet;
  if (written !== null && written !== state.lang) field.value = relocalised(written, field.value);
  actions.noteWrittenIn('bet', state.lang);
}

/** The bots set their cards (POST /v1/arrangements/play), then the table is settled. */
export async function settle() {
  actions.flushKnobEdits();
  const number = begin('table');
  actions.setTable(null, []);
  if (!handComplete()) {
    actions.setErrors('table', [{ field: 'general:table', detail: { key: 'needHand' } }]);
    setStatus('table-status', ''); // the message is the one beside the button, said once
    return;
  }
  const bet = readBet();
  if (isRefused(bet)) { // the page's own words, with its own way of writing numbers
    actions.setErrors('table', [{ field: 'bet', detail: betProblem(bet) }]);
    return;
  }
  if (state.errors.knobs.length) { // a knob that does not read is not sent
    actions.setErrors('table', [{ field: 'general:table', detail: { key: 'fixRules' } }]);
    return;
  }
  setBusy('table-result', true);
  say('table-status', 'botsPlaying');
  const opponents = state.seats - 1;
  const plays = [];
  for (let seat = 1; seat < state.seats; seat += 1) {
    const level = state.levels[seat - 1] || 'club';
    // A seed per deal and seat: the same deal replays the same bots.
    const body = withVariant({ cards: botCards(state.deck, handCards(), seat), level, seed: state.seed * 4 + seat, opponents });
    plays.push(call('POST', PATHS.play, body));
  }
  const answers = await Promise.all(plays);
  if (!isCurrent('table', number)) return;
  const entries = answers.map((answer) => answer.entry);
  const failed = answers.findIndex((answer) => !answer.ok);
  if (failed >= 0) {
    return tableFailed(entries, answers[failed], (pointer) => (/^\/cards/.test(pointer) ? 'seat:' + (failed + 1) : null));
  }
  const players = [{ id: seatName(0), arrangement: copyRows(state.rows), declare_natural: state.declare }];
  answers.forEach((answer, index) => {
    // A bot's answer posts straight back: its arrangement is the settlement's.
    players.push({ id: seatName(index + 1), arrangement: answer.data.arrangement, declare_natural: answer.data.declare_natural });
  });
  say('table-status', 'settling');
  const result = await call('POST', PATHS.settle, withVariant({ bet: bet.value, players }));
  if (!isCurrent('table', number)) return;
  entries.push(result.entry);
  if (!result.ok) return tableFailed(entries, result, settlementField);
  setBusy('table-result', false);
  actions.logRequests('table', entries);
  actions.clearErrors('table');
  actions.noteVariant(result.data.variant);
  actions.setTable({ settlement: result.data, seats: seatsOf(players, answers) }, []);
}

export function tableFailed(entries, result, where) {
  setBusy('table-result', false);
  actions.logRequests('table', entries);
  fail('table', 'table', result, where); // the table was dropped when the settlement began
  say('table-status', 'tableFailed', { detail: { source: 'table' } });
}

/** '/players/0/arrangement/front/2' is the user's card slot; another seat's pointer is that seat. */
export function settlementField(pointer) {
  const match = /^\/players\/(\d+)(\/.*)?$/.exec(pointer);
  if (!match) return null;
  const seat = Number(match[1]);
  if (seat === 0 && match[2] && match[2].indexOf('/arrangement') === 0) return arrangementField('/arrangement')(match[2]);
  return 'seat:' + seat;
}

export function seatsOf(players, answers) {
  const validation = state.results.validate;
  const seats = [{
    arrangement: players[0].arrangement,
    declare: players[0].declare_natural,
    natural: validation ? validation.natural : null,
    labels: validation ? mapLabels(validation.chi) : null,
    verdict: state.results.analysis ? state.results.analysis.verdict : null,
    ev_loss: state.results.analysis ? state.results.analysis.ev_loss : null,
  }];
  answers.forEach((answer, index) => {
    const data = answer.data;
    seats.push({
      arrangement: players[index + 1].arrangement,
      declare: data.declare_natural,
      natural: data.natural,
      labels: mapLabels(data.chi),
      style: data.style,
      verdict: data.verdict,
      ev_loss: data.ev_loss,
      seed: data.seed,
    });
  });
  return seats;
}

export function mapLabels(chi) {
  const labels = {};
  POSITIONS.forEach((position) => {
    labels[position] = chi[position].category.label;
  });
  return labels;
}

/** The settlement: money per player, then every pair chi by chi with its explanation. */
export function renderTable() {
  const box = clear(byId('table-result'));
  const result = state.results.table;
  if (!result) return;
  const settlement = result.settlement;
  const heading = t('moneyHeading', { bet: cash(settlement.bet) }); // 1.000.000 in Vietnamese
  const places = columnPlaces(settlement);
  box.append(el('h3', { text: heading }));
  box.append(el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': heading },
    moneyTable(settlement, places)));
  box.append(el('p', { class: 'hint scroll-hint', hidden: true, text: t('scrollSideways') }));
  const rake = rakeOf(settlement);
  if (rake) box.append(el('p', { class: 'hint rake-note', text: t('rakeNote', { share: shareText(rake) }) }));
  box.append(el('h3', { text: t('pairsHeading') }));
  box.append(el('div', { class: 'pairs' }, settlement.pairs.map(renderPair)));
  box.append(el('h3', { text: t('playerLinesHeading') }));
  box.append(el('div', { class: 'pairs' }, settlement.players.map((player) => el('div', { class: 'player-lines' }, [
    el('h4', { text: player.id }),
    el('ol', { class: 'lines', dataset: { playerLines: player.id } },
      playerLines(settlement, player, places).map((line) => el('li', { text: line }))),
  ]))));
  const me = settlement.players[0];
  say('table-status', 'tableSummary', { name: me.id, net: cash(me.net, places.net), points: me.points });
}

/**
 * How a player's money is reached, in the page's words and with the money as its columns write it
 * (the service's lines say "Điểm" where the page says "Chi", and keep ",00" of a whole đồng): the
 * figures are the settlement's, the steps the service's (docs/rules.md, "Money").
 */
export function playerLines(settlement, player, places) {
  const lines = [t('lineStake', { points: (player.points > 0 ? '+' : '') + player.points, bet: cash(settlement.bet),
    amount: cash(player.amount, places.amount) })];
  const rake = rakeOf(settlement);
  if (rake && /[1-9]/.test(player.rake)) {
    lines.push(t('lineRake', { share: shareText(rake), amount: cash(player.amount, places.amount),
      rake: cash(player.rake, places.rake) }));
  }
  const fee = shareOf(settlement, 'draw_fee');
  if (fee && /[1-9]/.test(player.draw_fee)) {
    lines.push(t('lineDrawFee', { share: shareText(fee), fee: cash(player.draw_fee, places.draw_fee) }));
  }
  lines.push(t('lineNet', { net: cash(player.net, places.net) }));
  return lines;
}

/** The rake the table was settled with (the API's decimal share, "0.02"), or null when there is none. */
export function rakeOf(settlement) {
  return shareOf(settlement, 'rake');
}

/** A share knob ('rake', 'draw_fee') the table was settled with, or null when it is 0 or unset. */
function shareOf(settlement, name) {
  const reference = settlement.variant && typeof settlement.variant === 'object' ? settlement.variant : null;
  const overrides = reference && reference.overrides ? reference.overrides : state.overrides;
  const rules = state.presetDetail ? state.presetDetail.rules : {};
  const share = name in overrides ? overrides[name] : rules[name];
  return share !== undefined && share !== null && /[1-9]/.test(String(share)) ? String(share) : null;
}

export function moneyTable(settlement, places) {
  const columns = ['points', 'amount', 'rake', 'draw_fee', 'net'];
  const head = el('tr', {}, [el('th', { scope: 'col', text: t('player') })]
    .concat(columns.map((column) => el('th', { scope: 'col', class: 'num', text: t('col.' + column) }))));
  const body = el('tbody');
  for (const player of settlement.players) {
    const flags = playerFlags(player).map((flag) => el('span', { class: 'badge badge-small', text: flag }));
    const row = el('tr', { dataset: { player: player.id } }, [el('th', { scope: 'row' }, [player.id, ' '].concat(flags))]);
    for (const column of columns) {
      if (column !== 'points') row.append(moneyCell(player[column], places[column], column));
      else row.append(el('td', { class: 'num', dataset: { money: column }, text: (player.points > 0 ? '+' : '') + player.points }));
    }
    body.append(row);
  }
  const take = settlement.house_take;
  const foot = el('tfoot', {}, el('tr', {}, [
    el('th', { scope: 'row', text: t('houseTake') }),
    el('td', { class: 'num', text: '' }),
    el('td', { class: 'num', text: '' }),
    moneyCell(take.rake, places.rake, 'house-rake'),
    moneyCell(take.draw_fee, places.draw_fee, 'house-draw-fee'),
    moneyCell(take.total, places.net, 'house-total'),
  ]));
  return el('table', { class: 'money' }, [el('thead', {}, head), body, foot]);
}

export function playerFlags(player) {
  const flags = [];
  if (player.natural) flags.push(t('flagNatural', { label: label(player.natural.label) }));
  if (player.forfeit) flags.push(t('flagForfeit'));
  else if (player.fouled) flags.push(t('flagFouled'));
  if (player.sap_lang_result) flags.push(label(player.sap_lang_result.label));
  return flags;
}

export function renderPair(pair) {
  const [first, second] = pair.players;
  const title = t('pairTitle', { first, second, points: (pair.points > 0 ? '+' : '') + pair.points });
  const chi = el('dl', { class: 'pair-chi' });
  for (const position of POSITIONS) {
    const result = pair.positions[position];
    chi.append(el('dt', { text: positionName(position) }));
    chi.append(el('dd', { text: positionText(result) }));
  }
  const badges = [];
  if (pair.natural_outcome) badges.push(t('pairNatural', { winner: pair.natural_outcome.winner || t('nobody') }));
  if (pair.scooper) badges.push(t('pairScoop', { winner: pair.scooper }));
  for (const multiplier of pair.multipliers) {
    badges.push(t('mult.' + multiplier.kind.key, { factor: multiplier.factor, player: multiplier.player }));
  }
  if (pair.majority) badges.push(t('pairMajority', { winner: pair.majority.winner, units: pair.majority.units }));
  return el('div', { class: 'pair', dataset: { pair: first + '|' + second } }, [
    el('h4', { text: title }),
    chi,
    badges.length ? el('p', { class: 'pair-badges' },
      badges.map((badge) => el('span', { class: 'badge badge-small', text: badge }))) : null,
    el('ol', { class: 'lines', dataset: { pairLines: first + '|' + second } }, pair.lines.map(lineItem)),
  ]);
}

export function positionText(result) {
  if (!result.winner) return label(result.reason.label);
  const named = result.bonus ? labelOf(state.enumerations, 'knob_values.bonuses', result.bonus) : null;
  const bonus = result.bonus ? ' · ' + t('bonusKey', { key: named ? label(named) : result.bonus }) : '';
  return t('positionWon', { winner: result.winner, value: result.value, reason: label(result.reason.label) }) + bonus;
}

export function lineItem(line) {
  return el('li', { text: label(line) });
}
