/**
 * Reading the fields of a deal or a hand record as the reference reads them: each helper gives the
 * value in its type, or null when it does not read (a refusal then names the step).
 */
import type { Json } from "./strict-json.js";

/** A card as the service writes it: rank (`T` for ten) then suit. */
const CARD = /^[2-9TJQKA][shdc]$/;

/** Every item read, or null when one does not. */
export function allRead<T>(items: readonly (T | null)[]): T[] | null {
  const read = items.filter((item) => item !== null);
  return read.length === items.length ? read : null;
}

/** `value` when it is a text (matching `pattern`, when given), else null. */
export function textOf(value: Json | undefined, pattern?: RegExp): string | null {
  return typeof value === "string" && (pattern === undefined || pattern.test(value)) ? value : null;
}

/** `value` when it is a list of texts (each matching `pattern`, when given), else null. */
export function textsOf(value: Json | undefined, pattern?: RegExp): string[] | null {
  return Array.isArray(value) ? allRead(value.map((item) => textOf(item, pattern))) : null;
}

/** `value` when it is a list of `count` cards as the service writes them, else null. */
export function cardsOf(value: Json | undefined, count: number): string[] | null {
  const cards = textsOf(value, CARD);
  return cards !== null && cards.length === count ? cards : null;
}

/** Whether two lists hold the same texts in the same order. */
export function sameTexts(one: readonly string[], other: readonly string[]): boolean {
  return one.length === other.length && one.every((text, index) => text === other[index]);
}

/** Whether two lists of lists (hands) hold the same texts in the same order. */
export function sameLists(one: readonly (readonly string[])[], other: readonly (readonly string[])[]): boolean {
  return one.length === other.length && one.every((list, index) => sameTexts(list, other[index] ?? []));
}
