/* How the page writes and reads numbers in each of its languages: pure functions of the language
 * (tests/web/js/numbers.test.mjs).  Vietnamese writes 1.234,5 and English 1,234.5; money comes
 * from the API as decimal text ("-1234.50") and is rewritten digit for digit, never through a
 * binary float. */

/** The locale a language's numbers are written in. */
export function locale(lang) {
  return lang === 'vi' ? 'vi-VN' : 'en-GB';
}

/** A number to ``digits`` decimals (2 by default). */
export function number(lang, value, digits) {
  const places = digits === undefined ? 2 : digits;
  return new Intl.NumberFormat(locale(lang), { minimumFractionDigits: places, maximumFractionDigits: places })
    .format(value);
}

/** A difference with its sign, to two decimals (0 without one). */
export function signed(lang, value) {
  const places = { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' };
  return new Intl.NumberFormat(locale(lang), places).format(value);
}

/** A share as a percentage, to one decimal. */
export function percent(lang, value) {
  const places = { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return new Intl.NumberFormat(locale(lang), places).format(value);
}

/** A whole number with the language's grouping. */
export function integer(lang, value) {
  return new Intl.NumberFormat(locale(lang)).format(value);
}

/** The separators a language writes numbers with. */
export function separators(lang) {
  const parts = new Intl.NumberFormat(locale(lang)).formatToParts(-1234.5);
  const part = (type, fallback) => (parts.find((found) => found.type === type) || { value: fallback }).value;
  return { group: part('group', ','), decimal: part('decimal', '.'), minus: part('minusSign', '-') };
}

/** A decimal the API wrote ("-1234.50") as the language writes numbers ("-1.234,50" in Vietnamese). */
export function decimalText(lang, text) {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text));
  if (!match) return String(text);
  const { group, decimal, minus } = separators(lang);
  const whole = match[2].replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return (match[1] ? minus : '') + whole + (match[3] === undefined ? '' : decimal + match[3]);
}

/**
 * A decimal as typed, in the API's notation: the page's own way of writing it is read back
 * (Vietnamese "1.234,5" and "0,02"), and so is the API's ("0.02") in either language.
 */
export function decimalInput(lang, text) {
  const value = String(text).trim().replace(/\s/g, '');
  if (lang === 'vi') {
    if (value.includes(',')) return value.replace(/\./g, '').replace(',', '.');
    // "1.000.000" and "1.500" are thousands as Vietnamese writes them; "0.02" and "10.50" the API's decimals.
    return /^-?\d{1,3}(\.\d{3})+$/.test(value) ? value.replace(/\./g, '') : value;
  }
  // "1,000,000" and "1,234.5" are thousands as English writes them; "10,5" is not (left for the check to refuse).
  return /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value) ? value.replace(/,/g, '') : value;
}

/** Whether a decimal read back (decimalInput) is a number the API takes: digits, a point, a sign. */
export function isDecimal(text) {
  return /^-?\d+(\.\d+)?$/.test(text);
}

/** A decimal the way ``to`` writes it, from the way ``from`` wrote it (a field's text when the page
 * switches language); the text as it is when it does not read as a number. */
export function relocalised(from, to, text) {
  const value = decimalInput(from, text);
  return isDecimal(value) ? decimalText(to, value) : text;
}
