/**
 * The exact canonical form a receipt's digests are of (docs/integrating.md, "Verifying a receipt"):
 * RFC 8785 (JCS), but a number read from a text is written as JCS writes its nearest double only
 * when that text has the number's exact value; otherwise as its exact value. No floating point
 * decides whether two values are one: they are compared as sign, digits and exponent.
 */
import { type Json, JsonNumber } from "./strict-json.js";

/** The UTF-8 of `value`'s exact canonical form, or null when it has none (a lone surrogate, NaN). */
export function canonicalBytes(value: Json): Uint8Array<ArrayBuffer> | null {
  try {
    return new TextEncoder().encode(written(value));
  } catch (error) {
    if (error instanceof NoCanonicalForm) {
      return null;
    }
    throw error;
  }
}

class NoCanonicalForm extends Error {}

function written(value: Json): string {
  if (value === null || typeof value === "boolean") {
    return String(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new NoCanonicalForm();
    }
    return String(value); // ECMAScript's Number::toString, which JCS writes (-0 as 0)
  }
  if (typeof value === "string") {
    return quoted(value);
  }
  if (value instanceof JsonNumber) {
    return exactNumber(value.literal);
  }
  if (Array.isArray(value)) {
    return `[${value.map(written).join(",")}]`;
  }
  // JCS orders members by their UTF-16 code units, as `<` compares strings.
  const members = Object.entries(value).sort(([one], [other]) => (one < other ? -1 : one > other ? 1 : 0));
  return `{${members.map(([name, item]) => `${quoted(name)}:${written(item)}`).join(",")}}`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function quoted(text: string): string {
  if (LONE_SURROGATE.test(text)) {
    throw new NoCanonicalForm(); // it has no UTF-8 form
  }
  return JSON.stringify(text); // JCS's escapes are JSON.stringify's for a well-formed string
}

/** A decimal value: `digits` (no leading or trailing zero; empty for zero) times ten to `exponent`. */
interface Decimal {
  negative: boolean;
  digits: string;
  exponent: bigint;
}

const LITERAL = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?$/;

/** The canonical text of the number `literal` (a JSON number's text). */
export function exactNumber(literal: string): string {
  const exact = decimal(literal);
  const double = Number(literal); // Infinity past the doubles, 0 under them: the exact form then
  if (Number.isFinite(double)) {
    const jcs = String(double);
    if (same(decimal(jcs), exact)) {
      return jcs;
    }
  }
  return exactForm(exact);
}

function decimal(text: string): Decimal {
  const [, sign = "", whole = "", fraction = "", exponent = "0"] = LITERAL.exec(text) ?? [];
  const all = whole + fraction;
  const first = firstNonZero(all);
  const end = lastNonZero(all) + 1;
  const digits = first < end ? all.slice(first, end) : "";
  const zeros = all.length - end; // trailing, moved into the exponent
  return { negative: sign === "-", digits, exponent: BigInt(exponent) - BigInt(fraction.length) + BigInt(zeros) };
}

// Loops, not /0+$/: a regular expression would backtrack through a long run of zeros at every start.
function firstNonZero(digits: string): number {
  let at = 0;
  while (at < digits.length && digits.charAt(at) === "0") {
    at += 1;
  }
  return at;
}

function lastNonZero(digits: string): number {
  let at = digits.length - 1;
  while (at >= 0 && digits.charAt(at) === "0") {
    at -= 1;
  }
  return at;
}

function same(one: Decimal, other: Decimal): boolean {
  if (one.digits === "" || other.digits === "") {
    return one.digits === other.digits; // zero is zero, whatever its sign
  }
  return one.negative === other.negative && one.digits === other.digits && one.exponent === other.exponent;
}

/**
 * The exact value, no trailing zero: plain digits when its first digit's place (Python's
 * `Decimal.adjusted()`) is within -64 to 64, else as Python's `str(Decimal)` writes it, lower case.
 */
function exactForm({ negative, digits, exponent }: Decimal): string {
  if (digits === "") {
    return "0";
  }
  const adjusted = exponent + BigInt(digits.length - 1);
  const text = adjusted >= -64n && adjusted <= 64n ? plain(digits, Number(exponent)) : scientific(digits, exponent);
  return (negative ? "-" : "") + text;
}

/** `digits` times ten to `exponent`, with no exponent (Python's `format(Decimal, "f")`). */
function plain(digits: string, exponent: number): string {
  const left = exponent + digits.length; // how many digits before the point
  if (left <= 0) {
    return `0.${"0".repeat(-left)}${digits}`;
  }
  if (left >= digits.length) {
    return digits + "0".repeat(left - digits.length);
  }
  return `${digits.slice(0, left)}.${digits.slice(left)}`;
}

/**
 * Python's `str(Decimal)` (the to-scientific-string of the General Decimal Arithmetic): plain when
 * the exponent is not positive and the value not below 1e-6, else one digit, the rest after a point
 * and `e`, a sign and the first digit's place.
 */
function scientific(digits: string, exponent: bigint): string {
  const left = exponent + BigInt(digits.length);
  if (exponent <= 0n && left > -6n) {
    return plain(digits, Number(exponent));
  }
  const place = left - 1n;
  const rest = digits.length > 1 ? `.${digits.slice(1)}` : "";
  return `${digits.slice(0, 1)}${rest}e${place < 0n ? "-" : "+"}${place < 0n ? -place : place}`;
}
