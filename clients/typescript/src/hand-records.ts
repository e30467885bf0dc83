/**
 * Hand records, built and checked offline: one hand at a table as a platform keeps it for recall and
 * disputes (openapi.yaml's `HandRecord`; docs/integrating.md, "Hand records"), each naming the
 * digest of its table's previous record, so that a changed record breaks the chain.
 *
 * The check is the reference's (the Python client's `verify_hand_records`), record by record, with
 * the same codes: the record reads (`not_strict_json`, `record_fields`), its link (`previous`) and
 * `number`, its seats' cards (`seat_cards`), its deal (`deal.` and the deal's code, then
 * `deal_seats`), its settlement (`settlement.` and the receipt's code, then `settlement_seats`),
 * and each table's newest record against the head published (`head`).
 */
import { canonicalBytes } from "./canonical.js";
import { checkedDeal, DealError, type DealRefusal } from "./deals.js";
import { allRead, cardsOf, sameLists, sameTexts, textOf } from "./fields.js";
import { hex, ReceiptError, type ReceiptRefusal, sha256, verified } from "./receipts.js";
import type { components } from "./schema.js";
import {
  asJson,
  integerOf,
  isObject,
  type Json,
  type JsonObject,
  member,
  readStrict,
  StrictJsonError,
} from "./strict-json.js";

type HandRecord = components["schemas"]["HandRecord"];
type HandRecordSeat = components["schemas"]["HandRecordSeat"];
type DealProof = components["schemas"]["DealProof"];
type HandRecordSettlement = components["schemas"]["HandRecordSettlement"];
type ReceiptKeys = components["schemas"]["ReceiptKeys"];

/** The format and version a record names in `record`. */
export const RECORD_FORMAT = "maubinh-hand-record/1";

/** The code of each step of the check, in its order: a refusal names the first that fails. */
export type HandRecordRefusal =
  | "not_strict_json"
  | "record_fields"
  | "previous"
  | "number"
  | "seat_cards"
  | `deal.${DealRefusal}`
  | "deal_seats"
  | `settlement.${ReceiptRefusal}`
  | "settlement_seats"
  | "head";

/**
 * The first record of a file that does not hold: its `index` (from 0, blank lines not counted),
 * its `handId` (null when it does not read as one), the failing step's `code` and `reason`.
 */
export class HandRecordError extends Error {
  readonly index: number;
  readonly handId: string | null;
  readonly code: HandRecordRefusal;
  readonly reason: string;

  constructor(index: number, handId: string | null, code: HandRecordRefusal, reason: string) {
    super(`record ${index + 1}${handId === null ? "" : ` (hand ${handId})`} does not hold: ${reason}`);
    this.name = "HandRecordError";
    this.index = index;
    this.handId = handId;
    this.code = code;
    this.reason = reason;
  }
}

/**
 * One table's records in a file: first and last numbers, whether its chain starts at the table's
 * first record, and the digest of its newest record (the head to publish).
 */
export interface TableChain {
  tableId: string;
  first: number;
  last: number;
  fromTheStart: boolean;
  head: string;
}

/** What a record is built of. */
export interface HandRecordParts {
  tableId: string;
  handId: string;
  /** Each seat's player, the 13 cards dealt and what the player set, in the order dealt. */
  seats: readonly HandRecordSeat[];
  /** The table's record before; null: this one starts the table's chain (number 1). */
  previous: HandRecord | null;
  /** The answers of `POST /v1/deals` and `POST /v1/deals/{deal_id}`, when the service dealt. */
  deal?: DealProof | undefined;
  /** The settlement request sent and its answer (its receipt in it), when the table settled. */
  settlement?: HandRecordSettlement | undefined;
  /** When the hand was dealt, UTC, to the second (`2026-12-06T12:00:00Z`). */
  startedAt?: string | undefined;
}

export interface HandRecordCheck {
  /** The tenant every deal and receipt must be of; none: any tenant's. */
  tenant?: string | undefined;
  /** Each table's head as published (table id: digest of its newest record), checked in this order. */
  heads?: Readonly<Record<string, string>> | ReadonlyMap<string, string> | undefined;
}

/** `sha256:` and the SHA-256 of a record's exact canonical form: what its successor names. */
export async function recordDigest(record: HandRecord): Promise<string> {
  return digestOf(asJson(record));
}

/** A record as one line of a JSON Lines file: its canonical form and a line feed. */
export function handRecordLine(record: HandRecord): string {
  return `${new TextDecoder().decode(canonicalForm(asJson(record)))}\n`;
}

async function digestOf(record: Json | undefined): Promise<string> {
  return `sha256:${hex(await sha256(canonicalForm(record)))}`;
}

/** The UTF-8 of a record's exact canonical form; a TypeError when it has none. */
function canonicalForm(record: Json | undefined): Uint8Array<ArrayBuffer> {
  const bytes = record === undefined ? null : canonicalBytes(record);
  if (bytes === null) {
    throw new TypeError("the record has no canonical form (a lone surrogate, a number that is not finite)");
  }
  return bytes;
}

/** The record of one hand, linked to the table's record before it (`parts.previous`). */
export async function buildHandRecord(parts: HandRecordParts): Promise<HandRecord> {
  const { previous, deal, settlement, startedAt } = parts;
  return {
    record: RECORD_FORMAT,
    table_id: parts.tableId,
    hand_id: parts.handId,
    number: previous === null ? 1 : previous.number + 1,
    previous: previous === null ? null : await recordDigest(previous),
    ...(startedAt === undefined ? {} : { started_at: startedAt }),
    ...(deal === undefined ? {} : { deal: { commitment: { ...deal.commitment }, deal: { ...deal.deal } } }),
    seats: parts.seats.map((seat) => ({ ...seat })),
    ...(settlement === undefined ? {} : { settlement: { request: settlement.request, answer: { ...settlement.answer } } }),
  };
}

/**
 * Check a JSON Lines file of records (its text, or its bytes as UTF-8), oldest first, with the
 * deployment's key set `keys` (`GET /.well-known/jwks.json`, its JSON text or parsed; null: none):
 * every record's deal and settlement, every table's chain, and each head in `check.heads`. Resolves
 * to each table's chain, in the order the tables first appear, or rejects with a
 * {@link HandRecordError} at the first record that does not hold.
 */
export async function verifyHandRecords(
  text: string | Uint8Array,
  keys: ReceiptKeys | string | null,
  check: HandRecordCheck = {},
): Promise<TableChain[]> {
  const records = readRecords(text);
  const chains = new Map<string, Chain>();
  for (const [index, value] of records.entries()) {
    const handId = isObject(value) ? textOf(member(value, "hand_id")) : null;
    try {
      const record = readRecord(value);
      const chain = chains.get(record.tableId);
      await checkRecord(record, chain, keys, check.tenant);
      chains.set(record.tableId, {
        first: chain?.first ?? record.number,
        last: record.number,
        fromTheStart: chain?.fromTheStart ?? (record.previous === null),
        head: await digestOf(value),
      });
    } catch (error) {
      if (error instanceof Broken) {
        throw new HandRecordError(index, handId, error.code, error.reason);
      }
      throw error;
    }
  }
  checkHeads(records, chains, check.heads);
  return [...chains].map(([tableId, chain]) => ({
    tableId,
    first: Number(chain.first),
    last: Number(chain.last),
    fromTheStart: chain.fromTheStart,
    head: chain.head,
  }));
}

/** A table's chain so far; numbers exact, as the reference compares them. */
interface Chain {
  first: bigint;
  last: bigint;
  fromTheStart: boolean;
  head: string;
}

/** A step that fails, for the record at hand. */
class Broken extends Error {
  readonly code: HandRecordRefusal;
  readonly reason: string;

  constructor(code: HandRecordRefusal, reason: string) {
    super(reason);
    this.code = code;
    this.reason = reason;
  }
}

function checkHeads(records: Json[], chains: Map<string, Chain>, heads: HandRecordCheck["heads"]): void {
  const published = heads === undefined ? [] : heads instanceof Map ? [...heads] : Object.entries(heads);
  // In table id order by code point, as every client checks them (the first failing one is named).
  published.sort(([one], [other]) => byCodePoint(one, other));
  for (const [tableId, head] of published) {
    if (chains.get(tableId)?.head !== head) {
      const newest = records.map((record) => isObject(record) && member(record, "table_id") === tableId).lastIndexOf(true);
      const index = newest < 0 ? records.length : newest;
      throw new HandRecordError(index, null, "head", `table ${tableId}'s newest record is not the one published`);
    }
  }
}

/** Compare two texts by their code points (UTF-16 order differs above U+FFFF). */
function byCodePoint(one: string, other: string): number {
  const left = [...one];
  const right = [...other];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) {
      return difference;
    }
  }
  return left.length - right.length;
}

// ---- Reading the file: every line first, blank ones skipped ----

/** JSON's white space: a line of it only is blank (a CR LF file's lines end with a CR). */
const SPACE = /^[ \t\r\n]*$/;
const SPACE_BYTES = new Set([0x20, 0x09, 0x0d, 0x0a]);

function blank(line: string | Uint8Array): boolean {
  return typeof line === "string" ? SPACE.test(line) : line.every((byte) => SPACE_BYTES.has(byte));
}

/**
 * Every line read as strict JSON, before any record is checked, as the reference reads them. Lines
 * end at line feeds only: U+2028 and its kind are characters a string may hold.
 */
function readRecords(text: string | Uint8Array): Json[] {
  const records: Json[] = [];
  for (const line of typeof text === "string" ? text.split("\n") : byteLines(text)) {
    if (blank(line)) {
      continue;
    }
    try {
      records.push(readStrict(line));
    } catch (error) {
      if (error instanceof StrictJsonError) {
        throw new HandRecordError(records.length, null, "not_strict_json", "it is not strict JSON");
      }
      throw error;
    }
  }
  return records;
}

/** The lines of a file's bytes, split at line feeds (bytes that are not UTF-8 stay for readStrict to refuse). */
function byteLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0x0a); end >= 0; end = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, end));
    start = end + 1;
  }
  lines.push(bytes.subarray(start));
  return lines;
}

// ---- A record's fields ----

const RECORD_FIELDS = new Set([
  "record",
  "table_id",
  "hand_id",
  "number",
  "previous",
  "started_at",
  "deal",
  "seats",
  "settlement",
]);
const SEAT_FIELDS = new Set(["player_id", "cards", "arrangement", "declare_natural", "forfeit", "set_after_ms"]);
const CHI = [
  ["back", 5],
  ["middle", 5],
  ["front", 3],
] as const;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const AT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/;

type Chi = (typeof CHI)[number][0];
type Arrangement = Record<Chi, string[]>;

interface Seat {
  playerId: string;
  cards: string[];
  arrangement: Arrangement | undefined;
  forfeit: boolean;
}

/** A record whose fields read, in their types (a deal's and a settlement's parts as read). */
interface Read {
  tableId: string;
  number: bigint;
  previous: string | null;
  seats: Seat[];
  deal: { commitment: Json; deal: Json } | undefined;
  settlement: { request: Json; answer: Json } | undefined;
}

/** The record's fields, or the record_fields refusal. */
function readRecord(value: Json): Read {
  const read = isObject(value) && namesWithin(value, RECORD_FIELDS) ? fieldsOf(value) : null;
  if (read === null) {
    throw new Broken("record_fields", `its fields do not read as a ${RECORD_FORMAT}`);
  }
  return read;
}

function fieldsOf(value: JsonObject): Read | null {
  const tableId = nameOf(member(value, "table_id"));
  const number = integerOf(member(value, "number"));
  const previous = member(value, "previous");
  const started = member(value, "started_at");
  const deal = optional(value, "deal", (proof) => pairOf(proof, "commitment", "deal"));
  const settlement = optional(value, "settlement", (settled) => pairOf(settled, "request", "answer"));
  const seats = seatsOf(member(value, "seats"));
  if (member(value, "record") !== RECORD_FORMAT || tableId === null || nameOf(member(value, "hand_id")) === null) {
    return null;
  }
  const link = previous === null ? null : textOf(previous, DIGEST);
  if (number === null || number < 1n || (previous !== null && link === null)) {
    return null; // an absent previous too
  }
  if (started !== undefined && textOf(started, AT) === null) {
    return null;
  }
  if (deal === null || settlement === null || seats === null) {
    return null;
  }
  return {
    tableId,
    number,
    previous: link,
    seats,
    deal: deal === undefined ? undefined : { commitment: deal[0], deal: deal[1] },
    settlement: settlement === undefined ? undefined : { request: settlement[0], answer: settlement[1] },
  };
}

function namesWithin(value: JsonObject, names: ReadonlySet<string>): boolean {
  return Object.keys(value).every((name) => names.has(name));
}

/** A table's or a hand's id: 1 to 64 characters (code points, as the reference counts them). */
function nameOf(value: Json | undefined): string | null {
  const text = textOf(value);
  return text !== null && text !== "" && [...text].length <= 64 ? text : null;
}

/** The member read by `read` when present; undefined when absent; null when it does not read. */
function optional<T>(value: JsonObject, name: string, read: (member: Json) => T | null): T | null | undefined {
  const found = member(value, name);
  return found === undefined ? undefined : read(found);
}

/** An object of exactly the two members named: their values. */
function pairOf(value: Json, first: string, second: string): [Json, Json] | null {
  if (!isObject(value) || !sameNames(value, [first, second])) {
    return null;
  }
  return [member(value, first) ?? null, member(value, second) ?? null];
}

function sameNames(value: JsonObject, names: readonly string[]): boolean {
  const found = Object.keys(value);
  return found.length === names.length && names.every((name) => Object.hasOwn(value, name));
}

function seatsOf(value: Json | undefined): Seat[] | null {
  return Array.isArray(value) && value.length >= 2 && value.length <= 4 ? allRead(value.map(seatOf)) : null;
}

function seatOf(value: Json): Seat | null {
  if (!isObject(value) || !namesWithin(value, SEAT_FIELDS)) {
    return null;
  }
  const playerId = textOf(member(value, "player_id"));
  const cards = cardsOf(member(value, "cards"), 13);
  const arrangement = optional(value, "arrangement", arrangementOf);
  const flags = [member(value, "declare_natural"), member(value, "forfeit")];
  const timing = member(value, "set_after_ms");
  const ms = timing === undefined ? 0n : integerOf(timing);
  if (playerId === null || cards === null || arrangement === null || ms === null || ms < 0n) {
    return null;
  }
  if (!flags.every((flag) => flag === undefined || typeof flag === "boolean")) {
    return null;
  }
  return { playerId, cards, arrangement, forfeit: member(value, "forfeit") === true };
}

function arrangementOf(value: Json): Arrangement | null {
  if (!isObject(value) || !sameNames(value, CHI.map(([chi]) => chi))) {
    return null;
  }
  const [back, middle, front] = CHI.map(([chi, size]) => cardsOf(member(value, chi), size));
  return back && middle && front ? { back, middle, front } : null;
}

// ---- A record's steps ----

/** The steps after the fields: link, number, cards, deal, settlement. */
async function checkRecord(
  record: Read,
  chain: Chain | undefined,
  keys: ReceiptKeys | string | null,
  tenant: string | undefined,
) {
  if (chain !== undefined && record.previous !== chain.head) {
    throw new Broken("previous", `previous is not the digest of table ${record.tableId}'s record before it`);
  }
  if (chain !== undefined && record.number !== chain.last + 1n) {
    throw new Broken("number", `its number is ${record.number}, after ${chain.last}`);
  }
  if (chain === undefined && record.previous === null && record.number !== 1n) {
    throw new Broken("number", "a chain's first record is number 1");
  }
  checkCards(record.seats);
  if (record.deal !== undefined) {
    await checkDealt(record.deal, record.seats, keys, tenant);
  }
  if (record.settlement !== undefined) {
    await checkSettled(record.settlement, record.seats, keys, tenant);
  }
}

function checkCards(seats: readonly Seat[]): void {
  const dealt = seats.flatMap((seat) => seat.cards);
  if (new Set(dealt).size !== dealt.length) {
    throw new Broken("seat_cards", "a card was dealt twice");
  }
  for (const [place, { arrangement, cards }] of seats.entries()) {
    if (arrangement !== undefined && !sameCards(CHI.flatMap(([chi]) => arrangement[chi]), cards)) {
      throw new Broken("seat_cards", `seat ${place + 1}'s arrangement is not of the cards dealt to it`);
    }
  }
}

/** Whether two lists hold the same cards, in any order. */
function sameCards(one: readonly string[], other: readonly string[]): boolean {
  return sameTexts([...one].sort(), [...other].sort());
}

async function checkDealt(
  proof: { commitment: Json; deal: Json },
  seats: readonly Seat[],
  keys: ReceiptKeys | string | null,
  tenant: string | undefined,
) {
  let hands: string[][];
  try {
    hands = (await checkedDeal(proof.commitment, proof.deal, keys, { tenant })).hands;
  } catch (error) {
    if (error instanceof DealError) {
      throw new Broken(`deal.${error.code}`, `its deal does not hold: ${error.reason}`);
    }
    throw error;
  }
  if (!sameLists(seats.map((seat) => seat.cards), hands)) {
    throw new Broken("deal_seats", "the seats' cards are not the deal's hands, seat by seat");
  }
}

async function checkSettled(
  settlement: { request: Json; answer: Json },
  seats: readonly Seat[],
  keys: ReceiptKeys | string | null,
  tenant: string | undefined,
) {
  try {
    // The record was read strictly, numbers exact: the values digest as the texts stored did.
    await verified(settlement.request, settlement.answer, keys ?? { keys: [] }, { tenant });
  } catch (error) {
    if (error instanceof ReceiptError) {
      throw new Broken(`settlement.${error.code}`, `its settlement's receipt does not hold: ${error.reason}`);
    }
    throw error;
  }
  if (!settlesTheSeats(settlement.request, seats)) {
    throw new Broken("settlement_seats", "the settlement is not of these seats, their players and arrangements");
  }
}

/** Whether the settlement sent is of these seats: their players, forfeits and arrangements, in order. */
function settlesTheSeats(request: Json, seats: readonly Seat[]): boolean {
  const players = isObject(request) ? member(request, "players") : undefined;
  if (!Array.isArray(players) || players.length !== seats.length) {
    return false;
  }
  return seats.every((seat, place) => settles(players[place], seat));
}

function settles(player: Json | undefined, seat: Seat): boolean {
  if (!isObject(player) || member(player, "id") !== seat.playerId) {
    return false;
  }
  if ((member(player, "forfeit") === true) !== seat.forfeit) {
    return false; // a forfeit counts only when it is JSON true
  }
  const sent = member(player, "arrangement") ?? null; // absent or null: none
  if (sent === null || seat.arrangement === undefined) {
    return sent === null && seat.arrangement === undefined;
  }
  return sameArrangement(sent, seat.arrangement);
}

/** Whether the arrangement sent is the one kept, chi by chi, in any order and card notation. */
function sameArrangement(sent: Json, kept: Arrangement): boolean {
  return (
    isObject(sent) &&
    CHI.every(([chi]) => {
      const cards = member(sent, chi);
      const written = Array.isArray(cards) ? allRead(cards.map(canonicalCard)) : null;
      return written !== null && sameCards(written, kept[chi]); // a card no notation reads is no card kept
    })
  );
}

const RANKS = new Map<string, string>([["10", "T"], ...[..."23456789TJQKA"].map((rank): [string, string] => [rank, rank])]);
const SUITS = new Map<string, string>(
  Object.entries({ s: "s", h: "h", d: "d", c: "c", "♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c" }),
);

/** A card in the service's notation: rank (`10` as `T`) then suit, symbols and case read; else null. */
function canonicalCard(value: Json): string | null {
  const points = typeof value === "string" ? [...value] : [];
  if (points.length < 2) {
    return null;
  }
  const rank = RANKS.get(points.slice(0, -1).join("").toUpperCase());
  const suit = SUITS.get(points.at(-1)?.toLowerCase() ?? "");
  return rank !== undefined && suit !== undefined ? rank + suit : null;
}
