/**
 * The offline check of a deal: that the seed the service revealed is the one it committed to before
 * the client seeds were known, that the seeds deal the deck shown, and that the commitment is the
 * deployment's (docs/integrating.md, "Deals anyone can check"). Nothing is asked of the service.
 *
 * It follows the reference (the Python client's `verify_deal`) step by step: a refusal's `code` is
 * that of the first step that fails, the same in every client (tests/conformance/deals.json holds
 * them to it). HMAC-SHA256 and SHA-256 are the platform's WebCrypto, as in a browser.
 */
import { checkJws, hex, keyOf, sha256, SignatureRefused, type SignatureRefusal } from "./receipts.js";
import type { components } from "./schema.js";
import { allRead, cardsOf, sameLists, sameTexts, textOf, textsOf } from "./fields.js";
import { asJson, integerOf, isObject, type Json, member } from "./strict-json.js";

type Deal = components["schemas"]["Deal"];
type DealCommitment = components["schemas"]["DealCommitment"];
type ReceiptKeys = components["schemas"]["ReceiptKeys"];

/** The shuffle this module knows; a later one gets another name. */
export const SHUFFLE = "hmac-sha256-fisher-yates-1";
/** The deck before the shuffle: ranks 2 to ace, each in spades, hearts, diamonds, clubs. */
export const DECK: readonly string[] = Object.freeze(
  [..."23456789TJQKA"].flatMap((rank) => [..."shdc"].map((suit) => rank + suit)),
);
const COMMITMENT_TYPE = "maubinh-deal-commitment+jws";

/** The code of each step of the check, in its order: a refusal names the first that fails. */
export type DealRefusal =
  | "deal_fields"
  | "tenant"
  | "deal_id"
  | "shuffle"
  | "server_seed"
  | "deck"
  | "hands"
  | "unsigned"
  | SignatureRefusal;

/** A deal that does not hold: `code` is the failing step's, `reason` says it in words. */
export class DealError extends Error {
  readonly code: DealRefusal;
  readonly reason: string;

  constructor(code: DealRefusal, reason: string) {
    super(`the deal does not hold: ${reason}`);
    this.name = "DealError";
    this.code = code;
    this.reason = reason;
  }
}

export interface DealCheck {
  /** The tenant the deal must have been committed for; none: any tenant's. */
  tenant?: string | undefined;
  /** Whether an unsigned commitment (a deployment with no signing key) is refused (default true). */
  requireSignature?: boolean | undefined;
}

function refuse(code: DealRefusal, reason: string): never {
  throw new DealError(code, reason);
}

/**
 * The deck the seeds deal: Fisher-Yates from the last place down, each index drawn by rejection
 * from HMAC-SHA256(server seed; "maubinh-deal-1", the deal id, each client seed, the block number,
 * one a line) read as big-endian 32-bit words. `serverSeed`: its 32 bytes, or their hex as a
 * `Deal` carries them.
 */
export async function shuffledDeck(
  serverSeed: Uint8Array | string,
  dealId: string,
  clientSeeds: readonly string[],
): Promise<string[]> {
  const deck = [...DECK];
  const words = wordStream(await hmacKey(serverSeed), ["maubinh-deal-1", dealId, ...clientSeeds, ""].join("\n"));
  for (let place = deck.length - 1; place > 0; place -= 1) {
    const span = place + 1;
    const limit = 2 ** 32 - (2 ** 32 % span); // below it, every index is equally likely
    let word = (await words.next()).value;
    while (word >= limit) {
      word = (await words.next()).value;
    }
    swap(deck, place, word % span);
  }
  return deck;
}

function swap(deck: string[], one: number, other: number): void {
  const [first, second] = [deck[one], deck[other]];
  if (first !== undefined && second !== undefined) {
    [deck[one], deck[other]] = [second, first];
  }
}

/** Seat `k` (from 0) gets the cards `13k` to `13k + 12`. */
export function dealtHands(deck: readonly string[], seats: number): string[][] {
  return Array.from({ length: seats }, (_, seat) => deck.slice(13 * seat, 13 * seat + 13));
}

async function hmacKey(serverSeed: Uint8Array | string): Promise<CryptoKey> {
  const bytes = typeof serverSeed === "string" ? fromHex(serverSeed) : new Uint8Array(serverSeed);
  return globalThis.crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function* wordStream(key: CryptoKey, prefix: string): AsyncGenerator<number, never> {
  for (let block = 0; ; block += 1) {
    const digest = new DataView(await globalThis.crypto.subtle.sign("HMAC", key, ascii(prefix + String(block))));
    for (let start = 0; start < 32; start += 4) {
      yield digest.getUint32(start); // big-endian, DataView's default
    }
  }
}

function ascii(text: string): Uint8Array<ArrayBuffer> {
  if (/[^\x00-\x7f]/.test(text)) {
    throw new TypeError("a deal id and client seeds are ASCII");
  }
  return new TextEncoder().encode(text);
}

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) {
    throw new TypeError("a server seed in hexadecimal has an even number of hex digits");
  }
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/**
 * Check `deal` (the answer of `POST /v1/deals/{deal_id}`) against `commitment` (that of
 * `POST /v1/deals`) with the deployment's key set `keys` (`GET /.well-known/jwks.json`, its JSON
 * text or parsed; null: none). Resolves to the deal, or rejects with a {@link DealError} naming
 * the first step that fails.
 */
export async function verifyDeal(
  commitment: unknown,
  deal: unknown,
  keys: ReceiptKeys | string | null,
  check: DealCheck = {},
): Promise<Deal> {
  return checkedDeal(asJson(commitment), asJson(deal), keys, check);
}

/** {@link verifyDeal} on values read (a hand record's, its numbers exact). */
export async function checkedDeal(
  commitmentValue: Json | undefined,
  dealValue: Json | undefined,
  keys: ReceiptKeys | string | null,
  check: DealCheck,
): Promise<Deal> {
  const commitment = readCommitment(commitmentValue);
  const deal = readDeal(dealValue);
  if (commitment === null || deal === null) {
    refuse("deal_fields", "the commitment or the deal does not read");
  }
  if (check.tenant !== undefined && commitment.tenant !== check.tenant) {
    refuse("tenant", `it was committed for ${commitment.tenant}`);
  }
  if (deal.deal_id !== commitment.deal_id) {
    refuse("deal_id", `the deal is ${deal.deal_id}, the commitment ${commitment.deal_id}`);
  }
  if (commitment.shuffle !== SHUFFLE || deal.shuffle !== SHUFFLE) {
    refuse("shuffle", `the shuffle is not ${SHUFFLE}`);
  }
  const seed = fromHex(deal.server_seed);
  const found = `sha256:${hex(await sha256(seed))}`;
  if (found !== commitment.server_seed_hash || deal.server_seed_hash !== commitment.server_seed_hash) {
    refuse("server_seed", "the server seed revealed is not the one committed to");
  }
  const deck = await shuffledDeck(seed, deal.deal_id, deal.client_seeds);
  if (!sameTexts(deck, deal.deck)) {
    refuse("deck", "the seeds deal another deck");
  }
  if (!sameLists(dealtHands(deck, deal.seats), deal.hands)) {
    refuse("hands", "the hands are not the deck's, 13 a seat in order");
  }
  // A signature names its key (read above): without one, the commitment is unsigned.
  if (commitment.signature === null || commitment.key_id === null) {
    if (check.requireSignature ?? true) {
      refuse("unsigned", "the commitment is unsigned");
    }
    return deal;
  }
  await checkSignature(commitment, commitment.signature, commitment.key_id, keys);
  return deal;
}

/** The commitment's signature, with the receipts' key and JWS steps and their codes. */
async function checkSignature(commitment: DealCommitment, token: string, keyId: string, keys: ReceiptKeys | string | null) {
  const { at, deal_id, server_seed_hash, shuffle, tenant } = commitment;
  try {
    const key = await keyOf(keys ?? { keys: [] }, keyId);
    await checkJws(token, { at, deal_id, server_seed_hash, shuffle, tenant }, keyId, key, COMMITMENT_TYPE, "its signature");
  } catch (error) {
    if (error instanceof SignatureRefused) {
      refuse(error.code, error.reason);
    }
    throw error;
  }
}

// ---- The fields: each read, else the deal_fields refusal ----

const DEAL_ID = /^deal-[0-9a-f]{8}-[0-9a-f]{32}$/;
const CLIENT_SEED = /^[\x21-\x7e]{1,128}$/;
const HEX_SEED = /^[0-9a-f]{64}$/;
const SEED_HASH = /^sha256:[0-9a-f]{64}$/;
const AT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/;

function readCommitment(value: Json | undefined): DealCommitment | null {
  if (!isObject(value)) {
    return null;
  }
  const deal_id = textOf(member(value, "deal_id"), DEAL_ID);
  const shuffle = textOf(member(value, "shuffle"));
  const server_seed_hash = textOf(member(value, "server_seed_hash"), SEED_HASH);
  const tenant = textOf(member(value, "tenant"));
  const at = textOf(member(value, "at"), AT);
  const [key_id, signature, signed] = [member(value, "key_id"), member(value, "signature"), member(value, "signed")];
  if (deal_id === null || shuffle === null || server_seed_hash === null || !tenant || at === null) {
    return null;
  }
  if ((key_id !== null && typeof key_id !== "string") || (signature !== null && typeof signature !== "string")) {
    return null; // absent ones too
  }
  // Signed exactly when there is a signature, and a signature names its key.
  if (typeof signed !== "boolean" || signed !== (signature !== null) || (signature !== null && key_id === null)) {
    return null;
  }
  return { deal_id, shuffle, server_seed_hash, tenant, at, key_id, signed, signature };
}

function readDeal(value: Json | undefined): Deal | null {
  if (!isObject(value)) {
    return null;
  }
  const deal_id = textOf(member(value, "deal_id"), DEAL_ID);
  const shuffle = textOf(member(value, "shuffle"));
  const server_seed = textOf(member(value, "server_seed"), HEX_SEED);
  const server_seed_hash = textOf(member(value, "server_seed_hash"), SEED_HASH);
  const client_seeds = textsOf(member(value, "client_seeds"), CLIENT_SEED);
  const seats = integerOf(member(value, "seats"));
  const deck = cardsOf(member(value, "deck"), 52);
  const listed = member(value, "hands");
  const hands = Array.isArray(listed) ? allRead(listed.map((hand) => cardsOf(hand, 13))) : null;
  if (deal_id === null || shuffle === null || server_seed === null || server_seed_hash === null || deck === null) {
    return null;
  }
  if (client_seeds === null || client_seeds.length < 1 || client_seeds.length > 8) {
    return null;
  }
  if (seats === null || seats < 2n || seats > 4n || hands === null) {
    return null;
  }
  return { deal_id, shuffle, server_seed, server_seed_hash, client_seeds, seats: Number(seats), deck, hands };
}
