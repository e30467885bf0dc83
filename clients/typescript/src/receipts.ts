/**
 * The offline check of a settlement's receipt: that the request and answer a platform stored are
 * the ones the receipt names, that its id is made of its fields, whose it is, and that the
 * deployment signed them (compact JWSs, EdDSA, by a key of the deployment's
 * `/.well-known/jwks.json` whose id is its RFC 7638 thumbprint). Nothing is asked of the service.
 *
 * It follows the rule of docs/integrating.md, "Verifying a receipt", step by step, as the service
 * and the other clients do: a refusal's `code` is that of the first step that fails, the same in
 * every client (tests/conformance/receipts.json holds them to it).
 */
import { canonicalBytes } from "./canonical.js";
import type { components } from "./schema.js";
import {
  asJson,
  isObject,
  type Json,
  JsonNumber,
  type JsonObject,
  member,
  readStrict,
  StrictJsonError,
} from "./strict-json.js";

type Receipt = components["schemas"]["Receipt"];
type ReceiptKeys = components["schemas"]["ReceiptKeys"];

/** The codes of the steps that check a signature and its key (a deal's commitment takes them too). */
export type SignatureRefusal =
  | "key_set"
  | "unknown_key"
  | "key_type"
  | "key_thumbprint"
  | "jws_form"
  | "jws_header"
  | "jws_signature"
  | "jws_payload";

/** The code of each step of the rule, in its order: a refusal names the first that fails. */
export type ReceiptRefusal =
  | "not_strict_json"
  | "no_receipt"
  | "receipt_fields"
  | "request_digest"
  | "answer_digest"
  | "id"
  | "tenant"
  | "unsigned"
  | SignatureRefusal;

/** A receipt that does not hold: `code` is the failing step's, `reason` says it in words. */
export class ReceiptError extends Error {
  readonly code: ReceiptRefusal;
  readonly reason: string;

  constructor(code: ReceiptRefusal, reason: string) {
    super(`the receipt does not hold: ${reason}`);
    this.name = "ReceiptError";
    this.code = code;
    this.reason = reason;
  }
}

export interface ReceiptCheck {
  /** Whether an unsigned receipt (a deployment with no signing key) is refused (default true). */
  requireSignature?: boolean | undefined;
  /** The tenant the receipt must have been issued to (`issued.tenant`); none: any tenant's. */
  tenant?: string | undefined;
}

/** The fields a receipt's id and signature are made of, in their order. */
const CLAIMS = ["operation", "request_digest", "answer_digest", "fingerprints", "model", "release"] as const;
const RECEIPT_TYPE = "maubinh-receipt+jws";
const ISSUE_TYPE = "maubinh-receipt-issue+jws";

/**
 * Check the receipt of `answerText` (the answer's JSON text as stored) against `requestText` (the
 * request's, as sent) with the deployment's key set `keys` (its JSON text, or parsed): the whole
 * rule, from its first step. Resolves to the receipt, or rejects with a {@link ReceiptError}.
 */
export async function verifyReceiptText(
  requestText: string | Uint8Array,
  answerText: string | Uint8Array,
  keys: ReceiptKeys | string,
  check: ReceiptCheck = {},
): Promise<Receipt> {
  const request = strict(requestText, "the request");
  const answer = strict(answerText, "the answer");
  return asReceipt(await verified(request, answer, keys, check));
}

/**
 * {@link verifyReceiptText} from the request body sent and the answer received already parsed (any
 * key order): every step but the first, which only the texts allow (a parser has already kept one
 * of two members of one name, and read numbers as doubles: prefer the texts for a dispute).
 */
export async function verifyReceipt(
  request: unknown,
  answer: Readonly<Record<string, unknown>> & { receipt?: Receipt | undefined },
  keys: ReceiptKeys | string,
  check: ReceiptCheck = {},
): Promise<Receipt> {
  return asReceipt(await verified(asJson(request), asJson(answer), keys, check));
}

function refuse(code: ReceiptRefusal, reason: string): never {
  throw new ReceiptError(code, reason);
}

/** A signature or its key refused (steps 9 to 16): each rule reports it as its own error. */
export class SignatureRefused extends Error {
  readonly code: SignatureRefusal;
  readonly reason: string;

  constructor(code: SignatureRefusal, reason: string) {
    super(reason);
    this.name = "SignatureRefused";
    this.code = code;
    this.reason = reason;
  }
}

function refuseSignature(code: SignatureRefusal, reason: string): never {
  throw new SignatureRefused(code, reason);
}

/** Step 1: `text` read as strict JSON, its numbers exact. */
function strict(text: string | Uint8Array, what: string): Json {
  try {
    return readStrict(text);
  } catch (error) {
    if (error instanceof StrictJsonError) {
      refuse("not_strict_json", `${what} is not strict JSON (${error.message})`);
    }
    throw error;
  }
}

/** The receipt checked, as `JSON.parse` would give it (numbers as doubles). */
function asReceipt(receipt: JsonObject): Receipt {
  const doubles = (_name: string, value: unknown) => (value instanceof JsonNumber ? Number(value.literal) : value);
  return JSON.parse(JSON.stringify(receipt, doubles));
}

/** Steps 2 to 16, on values read (a hand record's settlement too): the receipt, or a refusal. */
export async function verified(
  request: Json | undefined,
  answer: Json | undefined,
  keys: ReceiptKeys | string,
  check: ReceiptCheck,
): Promise<JsonObject> {
  const { object, receipt, fields } = receiptOf(answer);
  if ((await digest(request)) !== fields.request_digest) {
    refuse("request_digest", "request_digest is not the request's");
  }
  const bare = Object.fromEntries(Object.entries(object).filter(([name]) => name !== "receipt"));
  if ((await digest(bare)) !== fields.answer_digest) {
    refuse("answer_digest", "answer_digest is not the answer's");
  }
  const claims = Object.fromEntries(CLAIMS.map((name) => [name, fields[name]]));
  const made = await sha256Hex(claims);
  if (made === null || `rct-${made.slice(0, 32)}` !== fields.id) {
    refuse("id", "id is not made of the receipt's fields");
  }
  const issued = fields.issued;
  if (check.tenant !== undefined && issued?.tenant !== check.tenant) {
    refuse("tenant", issued === undefined ? "it names no tenant" : `it was issued to ${issued.tenant}`);
  }
  if (fields.signature === null) {
    if (check.requireSignature ?? true) {
      refuse("unsigned", "it is unsigned");
    }
    return receipt;
  }
  try {
    await checkSignatures(fields, claims, keys);
  } catch (error) {
    if (error instanceof SignatureRefused) {
      refuse(error.code, error.reason);
    }
    throw error;
  }
  return receipt;
}

/** Steps 9 to 16: the key, then the receipt's signature, then its issue's. */
async function checkSignatures(fields: Fields & { signed: true }, claims: JsonObject, keys: ReceiptKeys | string) {
  const key = await keyOf(keys, fields.key_id);
  await checkJws(fields.signature, { id: fields.id, ...claims }, fields.key_id, key, RECEIPT_TYPE, "the signature");
  if (fields.issued !== undefined) {
    const issue = { at: fields.issued.at, receipt: fields.id, tenant: fields.issued.tenant };
    await checkJws(fields.issued.signature, issue, fields.key_id, key, ISSUE_TYPE, "the issue's signature");
  }
}

export async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The hex SHA-256 of `value`'s exact canonical form; null when it has none (so matches no digest). */
async function sha256Hex(value: Json | undefined): Promise<string | null> {
  const bytes = value === undefined ? null : canonicalBytes(value);
  return bytes === null ? null : hex(await sha256(bytes));
}

/** `sha256:` and the hex SHA-256 of `value`'s exact canonical form; null when it has none. */
export async function digest(value: Json | undefined): Promise<string | null> {
  const hex = await sha256Hex(value);
  return hex === null ? null : `sha256:${hex}`;
}

// ---- Steps 2 and 3: the receipt and its fields ----

interface Issue<Signature> {
  tenant: string;
  at: string;
  signature: Signature;
}

/** A receipt whose fields read (step 3): signed exactly when it has a signature, its issue too. */
type Fields = {
  id: string;
  operation: string;
  request_digest: string;
  answer_digest: string;
  fingerprints: string[];
  model: string;
  release: string;
} & (
  | { signed: true; key_id: string; signature: string; issued?: Issue<string> }
  | { signed: false; key_id: string | null; signature: null; issued?: Issue<null> }
);

const ID = /^rct-[0-9a-f]{32}$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const AT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/;

const isText = (value: Json | undefined): boolean => typeof value === "string";
const isTextOrNull = (value: Json | undefined): boolean => value === null || typeof value === "string";
const matches = (pattern: RegExp) => (value: Json | undefined) => typeof value === "string" && pattern.test(value);

const FIELDS: Readonly<Record<string, (value: Json | undefined) => boolean>> = {
  id: matches(ID),
  operation: isText,
  request_digest: matches(DIGEST),
  answer_digest: matches(DIGEST),
  fingerprints: (value) => Array.isArray(value) && value.every(isText),
  model: isText,
  release: isText,
  key_id: isTextOrNull,
  signed: (value) => typeof value === "boolean",
  signature: isTextOrNull,
};

/** The answer (an object) and its receipt, its fields all present and typed (steps 2 and 3). */
function receiptOf(answer: Json | undefined): { object: JsonObject; receipt: JsonObject; fields: Fields } {
  const found = isObject(answer) ? member(answer, "receipt") : undefined;
  if (!isObject(answer) || !isObject(found)) {
    refuse("no_receipt", "the answer has no receipt");
  }
  const wrong = Object.entries(FIELDS)
    .filter(([name, fits]) => !fits(member(found, name)))
    .map(([name]) => name);
  const issued = member(found, "issued");
  if (issued !== undefined && !(isObject(issued) && issueReads(issued))) {
    wrong.push("issued");
  }
  if (wrong.length === 0 && signedApart(found)) {
    wrong.push("signed");
  }
  if (wrong.length > 0) {
    refuse("receipt_fields", `its fields do not read: ${wrong.join(", ")}`);
  }
  // Its fields were all read above: this is what `Fields` says of them.
  return { object: answer, receipt: found, fields: found as unknown as Fields };
}

function issueReads(issued: JsonObject): boolean {
  const tenant = member(issued, "tenant");
  const at = member(issued, "at");
  return (
    typeof tenant === "string" &&
    tenant !== "" &&
    typeof at === "string" &&
    AT.test(at) &&
    isTextOrNull(member(issued, "signature"))
  );
}

/**
 * Whether its signing fields disagree: `signed` is whether there is a signature, a signature names
 * its key, and an issue is signed exactly when the receipt is.
 */
function signedApart(receipt: JsonObject): boolean {
  const signed = member(receipt, "signature") !== null;
  const issued = member(receipt, "issued");
  return (
    member(receipt, "signed") !== signed ||
    (signed && member(receipt, "key_id") === null) ||
    (isObject(issued) && (member(issued, "signature") !== null) !== signed)
  );
}

// ---- Steps 9 to 12: the key ----

/** The key `keyId` of the key set: an Ed25519 key whose RFC 7638 thumbprint is that id. */
export async function keyOf(keys: ReceiptKeys | string, keyId: string): Promise<CryptoKey | null> {
  const set = typeof keys === "string" ? strictOrNull(keys) : asJson(keys);
  const list = isObject(set) ? member(set, "keys") : undefined;
  if (!Array.isArray(list)) {
    refuseSignature("key_set", "the key set does not read");
  }
  const key = list.find((found) => isObject(found) && member(found, "kid") === keyId);
  if (!isObject(key)) {
    refuseSignature("unknown_key", `no key ${keyId} in the key set`);
  }
  const x = fromBase64url(member(key, "x"));
  if (member(key, "kty") !== "OKP" || member(key, "crv") !== "Ed25519" || x === null || x.length !== 32) {
    refuseSignature("key_type", `key ${keyId} is not an Ed25519 key`);
  }
  // x as the key set wrote it: its one written form (fromBase64url saw it written again).
  const thumbprint = canonicalBytes({ crv: "Ed25519", kty: "OKP", x: toBase64url(x) });
  if (thumbprint === null || toBase64url(await sha256(thumbprint)) !== keyId) {
    // A foreign key under the deployment's id is not the deployment's.
    refuseSignature("key_thumbprint", `key ${keyId} is not the key its id names`);
  }
  try {
    return await globalThis.crypto.subtle.importKey("raw", x, { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return null; // no key verifies anything: step 15 refuses
  }
}

function strictOrNull(text: string | Uint8Array): Json {
  try {
    return readStrict(text);
  } catch {
    return null;
  }
}

// ---- Steps 13 to 16: a signature ----

/** That `token` is a compact JWS, EdDSA, of type `kind` by `keyId`, of `signed`'s exact form; `what` names it. */
export async function checkJws(token: string, signed: Json, keyId: string, key: CryptoKey | null, kind: string, what: string) {
  const parts = token.split(".");
  const [written, payload, signature] = parts.length === 3 ? parts.map(fromBase64url) : [];
  const header = written == null || payload == null || signature == null ? null : strictOrNull(written);
  if (!isObject(header) || payload == null || signature == null) {
    refuseSignature("jws_form", `${what} is not a compact JWS`);
  }
  if (member(header, "alg") !== "EdDSA" || member(header, "kid") !== keyId || member(header, "typ") !== kind) {
    refuseSignature("jws_header", `${what}'s header is not EdDSA, ${kind}, by key ${keyId}`);
  }
  if (!(await verifies(key, signature, `${parts[0]}.${parts[1]}`))) {
    refuseSignature("jws_signature", `${what} is not the key's`);
  }
  const expected = canonicalBytes(signed);
  if (expected === null || !same(payload, expected)) {
    refuseSignature("jws_payload", `${what} is of other fields`);
  }
}

async function verifies(key: CryptoKey | null, signature: Uint8Array<ArrayBuffer>, text: string): Promise<boolean> {
  if (key === null) {
    return false;
  }
  try {
    return await globalThis.crypto.subtle.verify({ name: "Ed25519" }, key, signature, new TextEncoder().encode(text));
  } catch {
    return false;
  }
}

function same(one: Uint8Array, other: Uint8Array): boolean {
  return one.length === other.length && one.every((byte, index) => byte === other[index]);
}

/** Base64url without padding, in its one written form (no stray bits), or null. */
function fromBase64url(text: Json | undefined): Uint8Array<ArrayBuffer> | null {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    return null;
  }
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return toBase64url(bytes) === text ? bytes : null; // atob drops the unused bits a forger may set
}

function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
