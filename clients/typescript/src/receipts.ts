/**
 * The offline check of a settlement's receipt: that the request and answer a platform stored are
 * the ones the receipt names (SHA-256 of their RFC 8785 canonical form), that its id is made of its
 * fields, and that the deployment signed those fields (a compact JWS, EdDSA, whose `kid` is a key
 * of the deployment's `/.well-known/jwks.json`). Nothing is asked of the service.
 */
import canonicalize from "canonicalize";
import { compactVerify, importJWK } from "jose";

import type { components } from "./schema.js";

type Receipt = components["schemas"]["Receipt"];
type ReceiptKeys = components["schemas"]["ReceiptKeys"];

/** A receipt that does not hold: `reason` says which part failed. */
export class ReceiptError extends Error {
  constructor(readonly reason: string) {
    super(`the receipt does not hold: ${reason}`);
    this.name = "ReceiptError";
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

function canonical(value: unknown): Uint8Array<ArrayBuffer> {
  const text = canonicalize(value);
  if (text === undefined) {
    throw new ReceiptError("a value with no JSON form");
  }
  return new TextEncoder().encode(text);
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const hashed = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hashed, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function same(one: Uint8Array, other: Uint8Array): boolean {
  return one.length === other.length && one.every((byte, index) => byte === other[index]);
}

/**
 * Check `answer.receipt` against the `request` body sent and the `answer` received (both as parsed
 * JSON, in any key order), with the deployment's public `keys`; resolves to the receipt, or
 * rejects with a {@link ReceiptError} naming what does not hold.
 */
export async function verifyReceipt(
  request: unknown,
  answer: Readonly<Record<string, unknown>> & { receipt?: Receipt | undefined },
  keys: ReceiptKeys,
  check: ReceiptCheck = {},
): Promise<Receipt> {
  const receipt = answer.receipt;
  if (receipt === undefined) {
    throw new ReceiptError("the answer has no receipt");
  }
  const { receipt: _receipt, ...bare } = answer;
  if (`sha256:${await sha256(canonical(request))}` !== receipt.request_digest) {
    throw new ReceiptError("request_digest is not the request's");
  }
  if (`sha256:${await sha256(canonical(bare))}` !== receipt.answer_digest) {
    throw new ReceiptError("answer_digest is not the answer's");
  }
  const claims = Object.fromEntries(CLAIMS.map((name) => [name, receipt[name]]));
  if (`rct-${(await sha256(canonical(claims))).slice(0, 32)}` !== receipt.id) {
    throw new ReceiptError("id is not made of the receipt's fields");
  }
  // Whose and when (from 1.1; a receipt made before has no issue).
  const issued = (receipt as Partial<Receipt>).issued;
  if (issued !== undefined && (typeof issued.tenant !== "string" || typeof issued.at !== "string")) {
    throw new ReceiptError("its issue does not read");
  }
  if (check.tenant !== undefined && issued?.tenant !== check.tenant) {
    throw new ReceiptError(issued === undefined ? "it names no tenant" : `it was issued to ${issued.tenant}`);
  }
  if (receipt.signature === null) {
    if (check.requireSignature ?? true) {
      throw new ReceiptError("it is unsigned");
    }
    return receipt;
  }
  await checkSignature(receipt.signature, { id: receipt.id, ...claims }, receipt.key_id, keys, "the signature");
  if (issued !== undefined) {
    if (typeof issued.signature !== "string") {
      throw new ReceiptError("its issue is unsigned");
    }
    const issue = { at: issued.at, receipt: receipt.id, tenant: issued.tenant };
    await checkSignature(issued.signature, issue, receipt.key_id, keys, "the issue's signature");
  }
  return receipt;
}

/**
 * {@link verifyReceipt} from the request and answer texts as stored, read as strict JSON: a member
 * named twice is refused (`JSON.parse` keeps the last, so a forged `"net"` placed before the
 * genuine one would otherwise hide), as is anything `JSON.parse` refuses (comments, single quotes,
 * NaN).
 */
export async function verifyReceiptText(
  requestText: string,
  answerText: string,
  keys: ReceiptKeys,
  check: ReceiptCheck = {},
): Promise<Receipt> {
  const request = strict(requestText, "the request");
  const answer = strict(answerText, "the answer");
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
    throw new ReceiptError("the answer is not a JSON object");
  }
  return verifyReceipt(request, answer as Parameters<typeof verifyReceipt>[1], keys, check);
}

/** `text` parsed, or a {@link ReceiptError}: not JSON, or an object that names a member twice. */
function strict(text: string, what: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ReceiptError(`${what} is not JSON`);
  }
  if (namesTwice(text)) {
    throw new ReceiptError(`${what} names a member twice`);
  }
  return parsed;
}

/** Whether an object of `text` (valid JSON) names a member twice: its names, level by level. */
function namesTwice(text: string): boolean {
  const levels: (Set<string> | null)[] = []; // a set of names for an object, null for an array
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    if (character === "{" || character === "[") {
      levels.push(character === "{" ? new Set<string>() : null);
    } else if (character === "}" || character === "]") {
      levels.pop();
    } else if (character === '"') {
      let end = index + 1;
      while (text[end] !== '"') {
        end += text[end] === "\\" ? 2 : 1;
      }
      const names = levels[levels.length - 1];
      let after = end + 1;
      while (" \t\n\r".includes(text[after] ?? "")) {
        after += 1;
      }
      if (names !== undefined && names !== null && text[after] === ":") {
        const name = JSON.parse(text.slice(index, end + 1)) as string; // "\u0061" and "a" are one name
        if (names.has(name)) {
          return true;
        }
        names.add(name);
      }
      index = end;
    }
    index += 1;
  }
  return false;
}

/** That `token` is an EdDSA JWS of `signed`'s RFC 8785 form by the key `keyId` of `keys`. */
async function checkSignature(
  token: string,
  signed: unknown,
  keyId: string | null,
  keys: ReceiptKeys,
  what: string,
): Promise<void> {
  const key = keys.keys.find((found: ReceiptKeys["keys"][number]) => found.kid === keyId);
  if (key === undefined) {
    throw new ReceiptError(`no key ${String(keyId)} in the key set`);
  }
  // A foreign key under the deployment's id is not the deployment's: the id is the key's thumbprint.
  if ((await thumbprint(key)) !== key.kid) {
    throw new ReceiptError(`key ${key.kid} is not the key its id names`);
  }
  let verified;
  try {
    verified = await compactVerify(token, await importJWK(key, "EdDSA"), { algorithms: ["EdDSA"] });
  } catch {
    throw new ReceiptError(`${what} is not the key's`);
  }
  if (verified.protectedHeader.kid !== keyId || !same(verified.payload, canonical(signed))) {
    throw new ReceiptError(`${what} is of other fields`);
  }
}

/** An Ed25519 key's RFC 7638 thumbprint, base64url: the id the key set must name it by. */
async function thumbprint(key: ReceiptKeys["keys"][number]): Promise<string> {
  const hashed = new Uint8Array(
    await globalThis.crypto.subtle.digest("SHA-256", canonical({ crv: key.crv, kty: key.kty, x: key.x })),
  );
  return btoa(String.fromCharCode(...hashed)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
