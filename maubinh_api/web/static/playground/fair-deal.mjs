/* A deal anyone can check (docs/integrating.md, "Deals anyone can check"): the shuffle
 * hmac-sha256-fisher-yates-1 and the check of a deal against its commitment, with the browser's
 * WebCrypto (SHA-256, HMAC-SHA256, Ed25519).  Pure functions of the two answers and the key set,
 * the same in every browser and under Node (tests/web/js/fair-deal.test.mjs runs them on the shared
 * corpus, tests/conformance/deals.json); the reference is the Python client's verify_deal.
 *
 * Unlike the clients, which stop at the first step that fails, the check says every step: a
 * player reads each line, and firstFailure names the step the clients would refuse at. */

/** The shuffle this page knows; a later one gets another name. */
export const SHUFFLE = 'hmac-sha256-fisher-yates-1';
/** The deck before the shuffle: ranks 2 to ace, each in spades, hearts, diamonds, clubs. */
export const DECK = Object.freeze([...'23456789TJQKA'].flatMap((rank) => [...'shdc'].map((suit) => rank + suit)));
export const COMMITMENT_TYPE = 'maubinh-deal-commitment+jws';
/** The steps of the check, in the clients' order (yourSeed and yourCards are the player's own). */
export const STEPS = ['deal', 'serverSeed', 'deck', 'hands', 'yourSeed', 'yourCards', 'signature'];
/** The clients' checks of a deal, offline, each with its language (the page names them where it cannot check a step). */
export const VERIFIERS = [
  ['verify_deal', 'Python'], ['verifyDeal', 'TypeScript'], ['Deals.verify', 'Java'], ['VerifyDeal', 'Go'],
];

const CLIENT_SEED = /^[\x21-\x7e]{1,128}$/;
const DEAL_ID = /^deal-[0-9a-f]{8}-[0-9a-f]{32}$/;
const HEX_SEED = /^[0-9a-f]{64}$/;
const SEED_HASH = /^sha256:[0-9a-f]{64}$/;
const AT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/;
const CARD = /^[2-9TJQKA][shdc]$/;
// RFC 8032's first test key: importing it tells whether this WebCrypto has Ed25519 at all.
const PROBE_KEY = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';

/** A client seed the service takes: 1 to 128 printable ASCII characters, no space. */
export function isClientSeed(text) {
  return typeof text === 'string' && CLIENT_SEED.test(text);
}

/** A seed made in this browser: 16 random bytes in hex (``source`` is a Crypto, the page's by default). */
export function randomClientSeed(source = globalThis.crypto) {
  return toHex(source.getRandomValues(new Uint8Array(16)));
}

// ------------------------------------------------------------------ bytes

export function toHex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function fromHex(text) {
  return Uint8Array.from(text.match(/../g) || [], (pair) => parseInt(pair, 16));
}

function ascii(text) {
  return new TextEncoder().encode(text);
}

export function toBase64url(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).split('+').join('-').split('/').join('_').replace(/=+$/, '');
}

/** Base64url without padding, in its one written form (no stray bits), or null. */
export function fromBase64url(text) {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.split('-').join('+').split('_').join('/'));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return toBase64url(bytes) === text ? bytes : null;
}

function sameBytes(one, other) {
  return one.length === other.length && one.every((byte, index) => byte === other[index]);
}

function sameLists(one, other) {
  return Array.isArray(one) && Array.isArray(other) && one.length === other.length &&
    one.every((item, index) => (Array.isArray(item) ? sameLists(item, other[index]) : item === other[index]));
}

/** RFC 8785's form of JSON made of objects and strings (what a commitment signs): members sorted by
 * their names' UTF-16 code units, strings written as JSON.stringify writes them. */
export function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
  const names = Object.keys(value).sort();
  return '{' + names.map((name) => JSON.stringify(name) + ':' + canonicalJson(value[name])).join(',') + '}';
}

// ---------------------------------------------------------------- the shuffle

/**
 * The deck the seeds deal: Fisher-Yates from the last place down, each index drawn by rejection from
 * HMAC-SHA256(server seed; "maubinh-deal-1", the deal id, each client seed, the block number, one a
 * line) read as big-endian 32-bit words.  ``serverSeed``: its 32 bytes, or their hex.
 */
export async function shuffledDeck(subtle, serverSeed, dealId, clientSeeds) {
  const bytes = typeof serverSeed === 'string' ? fromHex(serverSeed) : serverSeed;
  const key = await subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const prefix = ['maubinh-deal-1', dealId].concat(clientSeeds, ['']).join('\n');
  const words = [];
  let block = 0;
  const next = async () => {
    if (!words.length) {
      const digest = new DataView(await subtle.sign('HMAC', key, ascii(prefix + String(block))));
      block += 1;
      for (let start = 0; start < 32; start += 4) words.push(digest.getUint32(start)); // big-endian
    }
    return words.shift();
  };
  const deck = DECK.slice();
  for (let place = deck.length - 1; place > 0; place -= 1) {
    const span = place + 1;
    const limit = 2 ** 32 - (2 ** 32 % span); // below it, every index is equally likely
    let word = await next();
    while (word >= limit) word = await next();
    const other = word % span;
    [deck[place], deck[other]] = [deck[other], deck[place]];
  }
  return deck;
}

/** Seat ``k`` (from 0) gets the cards ``13k`` to ``13k + 12``. */
export function dealtHands(deck, seats) {
  return Array.from({ length: seats }, (unused, seat) => deck.slice(13 * seat, 13 * seat + 13));
}

export async function sha256(subtle, bytes) {
  return new Uint8Array(await subtle.digest('SHA-256', bytes));
}

// ---------------------------------------------------------------- the answers

function isText(value, pattern) {
  return typeof value === 'string' && (!pattern || pattern.test(value));
}

function cards(value, count) {
  return Array.isArray(value) && value.length === count && value.every((card) => isText(card, CARD));
}

/** The commitment's fields present and typed: signed exactly when there is a signature, which names its key. */
export function commitmentReads(commitment) {
  if (!commitment || typeof commitment !== 'object') return false;
  const { key_id: keyId, signature, signed } = commitment;
  return isText(commitment.deal_id, DEAL_ID) && isText(commitment.shuffle) &&
    isText(commitment.server_seed_hash, SEED_HASH) && isText(commitment.tenant) && commitment.tenant !== '' &&
    isText(commitment.at, AT) &&
    (keyId === null || typeof keyId === 'string') && (signature === null || typeof signature === 'string') &&
    typeof signed === 'boolean' && signed === (signature !== null) && (signature === null || keyId !== null);
}

/** The deal's fields present and typed. */
export function dealReads(deal) {
  if (!deal || typeof deal !== 'object') return false;
  const seeds = deal.client_seeds;
  return isText(deal.deal_id, DEAL_ID) && isText(deal.shuffle) && isText(deal.server_seed, HEX_SEED) &&
    isText(deal.server_seed_hash, SEED_HASH) && Array.isArray(seeds) && seeds.length >= 1 && seeds.length <= 8 &&
    seeds.every(isClientSeed) && Number.isInteger(deal.seats) && deal.seats >= 2 && deal.seats <= 4 &&
    cards(deal.deck, 52) && Array.isArray(deal.hands) && deal.hands.every((hand) => cards(hand, 13));
}

// ---------------------------------------------------------------- the signature

/** Whether this WebCrypto verifies Ed25519 (a browser before 2025 may not). */
export async function hasEd25519(subtle) {
  try {
    await subtle.importKey('raw', fromHex(PROBE_KEY), { name: 'Ed25519' }, false, ['verify']);
    return true;
  } catch (error) {
    return false;
  }
}

class Refused extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** The key ``keyId`` of the key set: an Ed25519 key whose RFC 7638 thumbprint is that id. */
async function keyOf(subtle, keys, keyId) {
  if (!keys || typeof keys !== 'object' || !Array.isArray(keys.keys)) throw new Refused('key_set');
  const key = keys.keys.find((found) => found && typeof found === 'object' && found.kid === keyId);
  if (!key) throw new Refused('unknown_key');
  const x = fromBase64url(key.x);
  if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || x === null || x.length !== 32) throw new Refused('key_type');
  const thumbprint = await sha256(subtle, ascii(canonicalJson({ crv: 'Ed25519', kty: 'OKP', x: key.x })));
  if (toBase64url(thumbprint) !== keyId) throw new Refused('key_thumbprint'); // a forger's key under the id
  try {
    return await subtle.importKey('raw', x, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    return null; // no key verifies anything: the signature step refuses
  }
}

/** That ``token`` is a compact JWS, EdDSA, of the commitment's type by ``keyId``, over ``signed``'s exact form. */
async function checkJws(subtle, token, signed, keyId, key) {
  const parts = token.split('.');
  const [written, payload, signature] = parts.length === 3 ? parts.map(fromBase64url) : [null, null, null];
  let header = null;
  if (written && payload && signature) {
    try {
      header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(written));
    } catch (error) {
      header = null;
    }
  }
  if (!header || typeof header !== 'object' || Array.isArray(header)) throw new Refused('jws_form');
  if (header.alg !== 'EdDSA' || header.kid !== keyId || header.typ !== COMMITMENT_TYPE) throw new Refused('jws_header');
  let verified = false;
  try {
    verified = key !== null && await subtle.verify({ name: 'Ed25519' }, key, signature, ascii(parts[0] + '.' + parts[1]));
  } catch (error) {
    verified = false;
  }
  if (!verified) throw new Refused('jws_signature');
  if (!sameBytes(payload, ascii(canonicalJson(signed)))) throw new Refused('jws_payload');
}

/** The commitment's signature: {result: 'holds'}, 'unsigned' (a deployment with no key), 'unavailable'
 * (no Ed25519 here), or 'fails' with the code of the step of a receipt's check that refuses it. */
export async function signatureStep(subtle, commitment, keys) {
  if (commitment.signature === null || commitment.key_id === null) return { step: 'signature', result: 'unsigned' };
  if (!(await hasEd25519(subtle))) return { step: 'signature', result: 'unavailable' };
  const { at, deal_id: dealId, server_seed_hash: hash, shuffle, tenant } = commitment;
  const signed = { at, deal_id: dealId, server_seed_hash: hash, shuffle, tenant };
  try {
    const key = await keyOf(subtle, keys, commitment.key_id);
    await checkJws(subtle, commitment.signature, signed, commitment.key_id, key);
  } catch (error) {
    if (error instanceof Refused) return { step: 'signature', result: 'fails', code: error.code };
    throw error;
  }
  return { step: 'signature', result: 'holds' };
}

// ---------------------------------------------------------------- the check

function step(name, holds, code) {
  return holds ? { step: name, result: 'holds' } : { step: name, result: 'fails', code };
}

/**
 * Every step of the check of ``deal`` (the answer of POST /v1/deals/{deal_id}) against ``commitment``
 * (that of POST /v1/deals), with the deployment's key set ``keys`` (GET /.well-known/jwks.json; null
 * when not fetched): [{step, result, code}], ``result`` 'holds', 'fails' (``code`` the clients'
 * refusal), or for the signature 'unsigned' or 'unavailable'.  ``options.clientSeed``: the seed this
 * player sent, which the deal must have used; ``options.held``: the cards on the table, seat 0's.
 * Each step is checked on its own (the hands against the deck the service answered), so that a
 * player sees all that holds and all that does not.  Without WebCrypto (a page on plain http
 * elsewhere than localhost) the one step is {step: 'crypto', result: 'unavailable'}.
 */
export async function checkDeal(commitment, deal, keys, options = {}) {
  const subtle = 'subtle' in options ? options.subtle : globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return [{ step: 'crypto', result: 'unavailable' }];
  if (!commitmentReads(commitment) || !dealReads(deal)) return [{ step: 'fields', result: 'fails', code: 'deal_fields' }];
  const steps = [];
  const sameDeal = deal.deal_id === commitment.deal_id;
  steps.push(step('deal', sameDeal && commitment.shuffle === SHUFFLE && deal.shuffle === SHUFFLE,
    sameDeal ? 'shuffle' : 'deal_id'));
  const seed = fromHex(deal.server_seed);
  const found = 'sha256:' + toHex(await sha256(subtle, seed));
  const committed = commitment.server_seed_hash;
  steps.push(step('serverSeed', found === committed && deal.server_seed_hash === committed, 'server_seed'));
  const deck = await shuffledDeck(subtle, seed, deal.deal_id, deal.client_seeds);
  steps.push(step('deck', sameLists(deck, deal.deck), 'deck'));
  steps.push(step('hands', sameLists(dealtHands(deal.deck, deal.seats), deal.hands), 'hands'));
  if (options.clientSeed !== undefined) {
    steps.push(step('yourSeed', deal.client_seeds.indexOf(options.clientSeed) >= 0, 'your_seed'));
  }
  if (options.held !== undefined) {
    const first = deal.hands.length ? deal.hands[0].slice().sort() : [];
    steps.push(step('yourCards', sameLists(options.held.slice().sort(), first), 'your_cards'));
  }
  steps.push(await signatureStep(subtle, commitment, keys));
  return steps;
}

/** The first step that fails (the one the clients refuse at), or null. */
export function firstFailure(steps) {
  const failed = steps.find((found) => found.result === 'fails');
  return failed ? failed.step : null;
}

/** What the steps add up to: 'holds', 'fails', 'unsigned' (the rest holds, the commitment is
 * unsigned) or 'unchecked' (the rest holds, something was not checked here). */
export function verdict(steps) {
  if (firstFailure(steps)) return 'fails';
  if (steps.some((found) => found.result === 'unavailable')) return 'unchecked';
  if (steps.some((found) => found.result === 'unsigned')) return 'unsigned';
  return 'holds';
}
