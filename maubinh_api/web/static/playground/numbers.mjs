/* How the page writes and reads numbers in each of its languages: pure functions of the language
 * (tests/web/js/numbers.test.mjs, property tests with fast-check).  Vietnamese writes 1.234,5 and
 * English 1,234.5; money comes from the API as decimal text ("-1234.50") and is rewritten digit for
 * digit, never through a binary float, with the currency's own decimals.  Every numeric field of
 * the page is read by one function, readNumber: a whole number is never rescaled ("1,5" is refused,
 * not 15). */

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

// ------------------------------------------------------------------ reading what was typed

// A space, a no-break space and a narrow one: thousands as some write them ("1 000 000").
const SPACES = ' \u00a0\u202f';

function escaped(text) {
  return text.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');
}

/**
 * The parts of ``text`` written in one notation ({minus, whole, fraction}: digits, the fraction
 * undefined when there is none), or null when it is not written that way.  ``group`` (or a space)
 * separates thousands, three digits each after a first group that does not start with 0; null: no
 * grouping, as the API writes numbers.
 */
function written(text, group, decimal) {
  const grouped = group === null ? '' : '[1-9]\\d{0,2}(?:[' + escaped(group) + SPACES + ']\\d{3})+|';
  const pattern = new RegExp('^([-\u2212]?)(' + grouped + '\\d+)(?:' + escaped(decimal) + '(\\d+))?$');
  const match = pattern.exec(text);
  if (!match) return null;
  return { minus: match[1] !== '', whole: match[2].replace(/\D/g, ''), fraction: match[3] };
}

/** The API's decimal notation of parts ("-1234.5"). */
function apiText(parts) {
  return (parts.minus ? '-' : '') + parts.whole + (parts.fraction === undefined ? '' : '.' + parts.fraction);
}

/** A decimal in the API's notation divided by 100, digit for digit (2.5 is 0.025). */
function hundredth(parts) {
  const digits = parts.whole + (parts.fraction || '');
  const point = parts.whole.length - 2;
  const whole = (point > 0 ? digits.slice(0, point) : '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (point > 0 ? digits.slice(point) : '0'.repeat(-point) + digits).replace(/0+$/, '');
  return { minus: parts.minus, whole, fraction: fraction === '' ? undefined : fraction };
}

/**
 * A number as the player typed it in a field of the page, read in the page's language ``lang``: the
 * one reading of every numeric field (the knobs, the bonus and natural tables, the table limits, the
 * bet, the rake).  Returns ``{value}``, what the API takes (a JSON number for a whole number, else
 * decimal text in the API's notation, "1234.5"), or ``{refused, params}``: the key of the reason in
 * the page's texts and what was typed.  Nothing is ever rescaled:
 *
 * - the language's own way is read ("1.234,5" in Vietnamese, "1,234.5" in English), and the API's
 *   ("0.02") in either language; thousands are groups of three ("1.500" is fifteen hundred in
 *   Vietnamese, "10.50" the API's ten and a half);
 * - ``whole``: a decimal part in any notation is refused ("1,5", "1.5", "1.000,5", and "1,000" in
 *   Vietnamese, where it is a decimal), never read as another whole number; so is a number beyond the
 *   ones a JavaScript number holds exactly;
 * - ``percent``: "2%" (or "2,5 %") is read as the share it says (0.02, 0.025);
 * - ``askThousands``: a number the other language would read as thousands ("1,000" in Vietnamese,
 *   "1.000" in English: one separator, three digits after it) is not taken either way: refused as
 *   ``ambiguous``, with both readings in the API's notation (``thousands``: "1000", ``decimal``: "1").
 */
export function readNumber(lang, text, options = {}) {
  const typed = String(text === null || text === undefined ? '' : text).trim();
  const refused = (reason) => ({ refused: reason, params: { typed } });
  let body = typed;
  const share = Boolean(options.percent) && /%$/.test(body);
  if (share) body = body.slice(0, -1).trim();
  const { group, decimal } = separators(lang);
  const parts = written(body, group, decimal) || written(body, null, '.');
  if (options.whole) {
    if (parts && parts.fraction === undefined) {
      const value = Number((parts.minus ? '-' : '') + parts.whole);
      return Number.isSafeInteger(value) ? { value: value === 0 ? 0 : value } : refused('tooManyDigits');
    }
    // A decimal part, in this notation or another language's ("10,5" on the English page): not whole.
    const other = separators(lang === 'vi' ? 'en' : 'vi');
    return parts || written(body, other.group, other.decimal) ? refused('notWhole') : refused('badWhole');
  }
  if (!parts) return refused('badDecimal');
  if (options.askThousands && readsAsThousands(body, decimal)) {
    const decimalReading = apiText({ ...parts, fraction: parts.fraction.replace(/0+$/, '') || undefined });
    return { refused: 'ambiguous', params: { typed, thousands: apiText({ ...parts, whole: parts.whole + parts.fraction,
      fraction: undefined }), decimal: decimalReading } };
  }
  return share ? { value: apiText(hundredth(parts)), percent: true } : { value: apiText(parts) };
}

/** Whether ``text`` is 1-3 digits (not 0 first), the language's ``decimal`` and three digits: the
 * other language's thousands ("1,000" where a comma marks decimals). */
function readsAsThousands(text, decimal) {
  return new RegExp('^[-\u2212]?[1-9]\\d{0,2}' + escaped(decimal) + '\\d{3}$').test(text);
}

/** Whether what :func:`readNumber` answered is a refusal. */
export function isRefused(reading) {
  return 'refused' in reading;
}

/**
 * A decimal as typed, in the API's notation (the text as typed when it does not read): what
 * :func:`readNumber` reads, for the callers that only want its value.
 */
export function decimalInput(lang, text) {
  const reading = readNumber(lang, text);
  return isRefused(reading) ? String(text) : reading.value;
}

/** Whether a decimal read back (decimalInput) is a number the API takes: digits, a point, a sign. */
export function isDecimal(text) {
  return /^-?\d+(\.\d+)?$/.test(text);
}

/** A share in the API's notation ("0.025") as a percentage the language's way ("2,5%"), digit for digit. */
export function shareText(lang, text) {
  const parts = written(String(text), null, '.');
  if (!parts) return String(text);
  const digits = parts.whole + (parts.fraction || '') + '00';
  const point = parts.whole.length + 2;
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  const figure = decimalText(lang, whole + (fraction ? '.' + fraction : ''));
  // Where the language puts the sign (and any space) around the figure, as Intl writes 1%.
  const pattern = new Intl.NumberFormat(locale(lang), { style: 'percent' }).formatToParts(0.01);
  const at = pattern.findIndex((part) => part.type === 'integer');
  const around = (list) => list.map((part) => part.value).join('');
  return (parts.minus ? separators(lang).minus : '') + around(pattern.slice(0, at)) + figure +
    around(pattern.slice(at + 1));
}

/** The decimal places of a currency (ISO 4217: 0 for the đồng, 2 for the dollar), as Intl knows them. */
export function currencyDigits(currency) {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
}

/**
 * Money the API wrote ("-2000000.00") as the language writes it in ``currency`` (an ISO code, or
 * null when it is not known), digit for digit and never through a binary float: zeros beyond the
 * currency's own decimals are dropped ("-2.000.000" đồng), missing ones written ("12.00" dollars);
 * any other digit is the API's and stays ("1.234,50" đồng).  With no currency, as the API wrote it.
 * ``columnPlaces``: the places of the column it is written in (moneyPlaces), not the currency's.
 */
export function money(lang, text, currency, columnPlaces) {
  const parts = written(String(text), null, '.');
  if (!parts || !currency) return decimalText(lang, text);
  // A column's places (moneyPlaces) are never fewer than the amount's own digits: nothing is cut.
  const places = columnPlaces === undefined ? currencyDigits(currency) : columnPlaces;
  let fraction = parts.fraction || '';
  if (/^0*$/.test(fraction.slice(places))) fraction = fraction.slice(0, places);
  fraction = fraction.padEnd(places, '0');
  return decimalText(lang, apiText({ ...parts, fraction: fraction || undefined }));
}

/**
 * The decimal places a column of money from the API is written with in ``currency``: the currency's own
 * (0 for the đồng), or the service's places ("0.40": 2) where an amount has other digits beyond them
 * (a 2% rake of 52 đồng is 1.04: the service's figure, never rounded by the page), so that every
 * amount of the column has as many.  Pass it to :func:`money` as ``places``.
 */
export function moneyPlaces(texts, currency) {
  let places = currencyDigits(currency);
  for (const text of texts) {
    const parts = written(String(text), null, '.');
    const fraction = parts && parts.fraction ? parts.fraction : '';
    if (/[1-9]/.test(fraction.slice(places))) places = Math.max(places, fraction.length);
  }
  return places;
}

// The units players write large sums with, largest first: "500 nghìn", "1,5 triệu"; "500k", "1.5M".
const UNITS = {
  vi: [[9, ' tỷ'], [6, ' triệu'], [3, ' nghìn']],
  en: [[9, 'bn'], [6, 'M'], [3, 'k']],
};

/**
 * A whole sum of 10,000 or more from the API ("-1500000.00") as players write it, exactly: "-1,5 triệu"
 * in Vietnamese, "-1.5M" in English; at most two digits after the separator ("1.234 nghìn" where
 * "1,234 triệu" would need three), else null: the sum is written in full.  Null too for a smaller sum
 * or one with a fraction.
 */
export function compactMoney(lang, text) {
  const parts = written(String(text), null, '.');
  if (!parts || /[1-9]/.test(parts.fraction || '') || parts.whole.replace(/^0+/, '').length < 5) return null;
  for (const [power, unit] of UNITS[lang === 'vi' ? 'vi' : 'en']) {
    const rest = parts.whole.slice(-power).replace(/0+$/, '');
    if (parts.whole.length <= power || rest.length > 2) continue;
    return decimalText(lang, apiText({ minus: parts.minus, whole: parts.whole.slice(0, -power),
      fraction: rest || undefined })) + unit;
  }
  return null;
}

/**
 * What a field holds, the way ``to`` writes it, from the way ``from`` wrote it (a field's text when
 * the page switches language); the text as it is when it does not read.  ``options`` as for readNumber.
 */
export function relocalised(from, to, text, options = {}) {
  const reading = readNumber(from, text, options);
  if (isRefused(reading)) return text;
  if (typeof reading.value === 'number') return integer(to, reading.value);
  return reading.percent ? shareText(to, reading.value) : decimalText(to, reading.value);
}
