/**
 * Strict JSON, as a receipt's dispute needs it (docs/integrating.md, "Verifying a receipt", step
 * 1): RFC 8259's grammar and nothing more, no object naming a member twice and no lone surrogate in
 * any string, so that no text can be read two ways; and the rule's two limits, on nesting and on
 * exponents. `JSON.parse` keeps the last of two members of
 * one name and reads every number as a double; this reader refuses the first and keeps each
 * number's literal, whose exact value the canonical form writes.
 */

/** A number as its text wrote it: `literal` is its exact decimal value. */
export class JsonNumber {
  readonly literal: string;

  constructor(literal: string) {
    this.literal = literal;
  }
}

/** A JSON value: numbers as `JsonNumber` when read from a text here, as doubles when parsed. */
export type Json = null | boolean | string | number | JsonNumber | Json[] | JsonObject;
export interface JsonObject {
  [name: string]: Json;
}

/** A text that is not strict JSON; the message says why. */
export class StrictJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StrictJsonError";
  }
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber);
}

/** The member `name` of an object, or undefined when it has none (never one of its prototype's). */
export function member(object: JsonObject, name: string): Json | undefined {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

/** A value as JSON sends it (`toJSON` called, undefined members left out); undefined: it has no JSON form. */
export function asJson(value: unknown): Json | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined; // a BigInt, a cycle
  }
}

/**
 * An integer as the reference (Python's json) reads one: written with no fraction and no exponent,
 * in at most 1,000 characters (a longer one it reads as a decimal), or a double that is an integer
 * (a value parsed already); else null.
 */
export function integerOf(value: Json | undefined): bigint | null {
  if (value instanceof JsonNumber) {
    return /^-?[0-9]+$/.test(value.literal) && value.literal.length <= 1000 ? BigInt(value.literal) : null;
  }
  return typeof value === "number" && Number.isInteger(value) ? BigInt(value) : null;
}

/** `text` read as strict JSON (bytes: UTF-8, a byte order mark kept, so refused), or a {@link StrictJsonError}. */
export function readStrict(text: string | Uint8Array): Json {
  let decoded: string;
  try {
    decoded = typeof text === "string" ? text : new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(text);
  } catch {
    throw new StrictJsonError("not UTF-8");
  }
  return new Reader(decoded).document();
}

// The two limits every client's reader keeps alike (RFC 8259 section 9 lets a reader set them):
// arrays and objects nest at most 200 deep (a receipt's are 6), and a number's exponent as written
// is at most 999,999,999 either way.
export const MAX_DEPTH = 200;
export const MAX_EXPONENT = 999_999_999;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
const WORDS = ["true", "false", "null"] as const;

type Origin = "raw" | "escape";

class Reader {
  private at = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  document(): Json {
    const value = this.value(0);
    this.space();
    if (this.at !== this.text.length) {
      this.fail("a second value after the first");
    }
    return value;
  }

  private fail(why: string): never {
    throw new StrictJsonError(`${why} at character ${this.at}`);
  }

  private space(): void {
    while (this.at < this.text.length && " \t\n\r".includes(this.text.charAt(this.at))) {
      this.at += 1;
    }
  }

  private value(depth: number): Json {
    this.space();
    const next = this.text.charAt(this.at);
    if (next === "{" || next === "[") {
      if (depth >= MAX_DEPTH) {
        this.fail(`arrays and objects nested more than ${MAX_DEPTH} deep`);
      }
      return next === "{" ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (next === '"') {
      return this.string();
    }
    if (next === "-" || (next >= "0" && next <= "9")) {
      return this.number();
    }
    return this.word();
  }

  private object(depth: number): JsonObject {
    // No prototype: a member named "__proto__" is a member like any other.
    const members: JsonObject = Object.create(null);
    this.at += 1;
    this.space();
    if (this.take("}")) {
      return members;
    }
    do {
      this.space();
      if (this.text.charAt(this.at) !== '"') {
        this.fail("a member name expected");
      }
      const name = this.string(); // names are compared unescaped: "\u0061" and "a" are one name
      this.space();
      this.expect(":");
      const value = this.value(depth);
      if (Object.hasOwn(members, name)) {
        this.fail(`a member named twice (${name})`);
      }
      members[name] = value;
      this.space();
    } while (this.take(","));
    this.expect("}");
    return members;
  }

  private array(depth: number): Json[] {
    const items: Json[] = [];
    this.at += 1;
    this.space();
    if (this.take("]")) {
      return items;
    }
    do {
      items.push(this.value(depth));
      this.space();
    } while (this.take(","));
    this.expect("]");
    return items;
  }

  private take(character: string): boolean {
    const found = this.text.charAt(this.at) === character;
    if (found) {
      this.at += 1;
    }
    return found;
  }

  private expect(character: string): void {
    if (!this.take(character)) {
      this.fail(`${character} expected`);
    }
  }

  private number(): JsonNumber {
    NUMBER.lastIndex = this.at;
    const literal = NUMBER.exec(this.text)?.[0];
    if (literal === undefined) {
      this.fail("not a number");
    }
    // Its value, not its length: 1e0000000001 is within the limit, as Python's reader reads it.
    const exponent = /[eE][-+]?([0-9]+)$/.exec(literal)?.[1];
    if (exponent !== undefined && Number(exponent) > MAX_EXPONENT) {
      this.fail(`a number's exponent beyond ${MAX_EXPONENT} either way`);
    }
    this.at += literal.length;
    return new JsonNumber(literal);
  }

  private word(): boolean | null {
    const word = WORDS.find((candidate) => this.text.startsWith(candidate, this.at));
    if (word === undefined) {
      this.fail("not a JSON value"); // NaN, Infinity, a quote, a comment, a byte order mark, nothing
    }
    this.at += word.length;
    return word === "null" ? null : word === "true";
  }

  private string(): string {
    this.at += 1;
    let read = "";
    let high: Origin | null = null; // a high surrogate waiting for its low half, and whence it came
    for (;;) {
      if (this.at >= this.text.length) {
        this.fail("a string with no end");
      }
      const unit = this.text.charCodeAt(this.at);
      if (unit === 0x22) {
        if (high !== null) {
          this.fail("a lone surrogate");
        }
        this.at += 1;
        return read;
      }
      if (unit < 0x20) {
        this.fail("a raw control character in a string");
      }
      const [code, origin]: [number, Origin] = unit === 0x5c ? [this.escape(), "escape"] : [unit, "raw"];
      this.at += origin === "raw" ? 1 : 0;
      high = this.paired(high, code, origin);
      read += String.fromCharCode(code);
    }
  }

  /**
   * The next high surrogate awaiting its half. A half pairs only with its neighbour of the same
   * origin (escapes with escapes, raw with raw): Python, the reference, reads `"\ud83d` then a raw
   * low half as two lone surrogates, where a JavaScript string would hold one character.
   */
  private paired(high: Origin | null, code: number, origin: Origin): Origin | null {
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const isLow = code >= 0xdc00 && code <= 0xdfff;
    if (high !== null ? !isLow || origin !== high : isLow) {
      this.fail("a lone surrogate");
    }
    return high === null && isHigh ? origin : null;
  }

  /** The code unit of the escape at the reader's place, past which it moves. */
  private escape(): number {
    const letter = this.text.charAt(this.at + 1);
    const simple = ESCAPES[letter];
    if (simple !== undefined) {
      this.at += 2;
      return simple.charCodeAt(0);
    }
    const hex = this.text.slice(this.at + 2, this.at + 6);
    if (letter !== "u" || !HEX4.test(hex)) {
      this.fail("not an escape of JSON");
    }
    this.at += 6;
    return Number.parseInt(hex, 16);
  }
}
