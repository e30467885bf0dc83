// A deal anyone can check (fair-deal.mjs), under Node's own test runner and its WebCrypto: the shuffle
// deals what the service deals, and the check judges the shared corpus (tests/conformance/deals.json)
// as the service and the four clients do, each forgery failing at the step they refuse it at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  DECK, canonicalJson, checkDeal, dealtHands, firstFailure, fromBase64url, hasEd25519, isClientSeed, randomClientSeed,
  shuffledDeck, toBase64url, verdict,
} from '../../../maubinh_api/web/static/playground/fair-deal.mjs';

const CORPUS = JSON.parse(readFileSync(new URL('../../conformance/deals.json', import.meta.url), 'utf8'));
const CASES = Object.fromEntries(CORPUS.cases.map((found) => [found.id, found]));
const { subtle } = globalThis.crypto;

// The step of the page's check at which each refusal of the clients is found.
const STEP_OF = {
  deal_fields: 'fields', deal_id: 'deal', shuffle: 'deal', server_seed: 'serverSeed', deck: 'deck', hands: 'hands',
  key_set: 'signature', unknown_key: 'signature', key_type: 'signature', key_thumbprint: 'signature',
  jws_form: 'signature', jws_header: 'signature', jws_signature: 'signature', jws_payload: 'signature',
};

function check(found, options) {
  return checkDeal(found.commitment, found.deal, CORPUS.key_sets[found.keys], options);
}

function results(steps) {
  return Object.fromEntries(steps.map((found) => [found.step, found.result]));
}

test('the genuine deal holds at every step', async () => {
  const steps = await check(CASES.genuine);
  assert.deepEqual(results(steps), {
    deal: 'holds', serverSeed: 'holds', deck: 'holds', hands: 'holds', signature: 'holds',
  });
  assert.equal(firstFailure(steps), null);
  assert.equal(verdict(steps), 'holds');
});

test('the player\'s own seed and cards are checked when given', async () => {
  const { deal } = CASES.genuine;
  const held = deal.hands[0].slice().reverse(); // as set on the table, in any order
  const steps = await check(CASES.genuine, { clientSeed: 'binh-t-1-1', held });
  assert.equal(results(steps).yourSeed, 'holds');
  assert.equal(results(steps).yourCards, 'holds');
  const other = await check(CASES.genuine, { clientSeed: 'not-in-the-deal', held: deal.hands[1] });
  assert.deepEqual([results(other).yourSeed, results(other).yourCards], ['fails', 'fails']);
  assert.equal(firstFailure(other), 'yourSeed');
});

test('a forged deal fails at the step the clients refuse it at', async () => {
  const expected = {
    seed_changed: 'serverSeed',
    seed_hash_changed: 'serverSeed',
    client_seed_changed: 'deck',
    two_cards_swapped: 'deck',
    hands_reordered: 'hands',
    another_deal: 'deal',
    shuffle_renamed: 'deal',
    time_changed: 'signature',
    another_commitments_signature: 'signature',
  };
  for (const [id, failing] of Object.entries(expected)) {
    const steps = await check(CASES[id]);
    assert.equal(firstFailure(steps), failing, id);
    assert.equal(verdict(steps), 'fails', id);
  }
  // Each step on its own: a client seed changed after the deal leaves the server's seed holding.
  const moved = results(await check(CASES.client_seed_changed));
  assert.deepEqual([moved.deal, moved.serverSeed, moved.deck, moved.signature], ['holds', 'holds', 'fails', 'holds']);
  const reordered = results(await check(CASES.hands_reordered));
  assert.deepEqual([reordered.deck, reordered.hands], ['holds', 'fails']);
});

test('every case of the corpus is judged as the clients judge it', async () => {
  assert.ok(await hasEd25519(subtle), 'Node 22 verifies Ed25519 in its WebCrypto');
  for (const found of CORPUS.cases) {
    const steps = await check(found);
    const signature = steps.find((one) => one.step === 'signature');
    if (found.verdict === 'holds' || found.verdict === 'tenant') { // the page expects no tenant
      assert.ok(!firstFailure(steps), found.id);
      assert.equal(signature.result, found.require_signature ? 'holds' : 'unsigned', found.id);
    } else if (found.verdict === 'unsigned') {
      assert.deepEqual([firstFailure(steps), signature.result, verdict(steps)], [null, 'unsigned', 'unsigned'], found.id);
    } else {
      assert.equal(firstFailure(steps), STEP_OF[found.verdict], found.id);
      const failed = steps.find((one) => one.result === 'fails');
      assert.equal(failed.code, found.verdict, found.id);
    }
  }
});

test('without Ed25519 the signature is said not checked, and the rest is still checked', async () => {
  const noEd25519 = {
    importKey: (format, data, algorithm, ...rest) => (algorithm.name === 'Ed25519'
      ? Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError'))
      : subtle.importKey(format, data, algorithm, ...rest)),
    sign: (...args) => subtle.sign(...args),
    digest: (...args) => subtle.digest(...args),
    verify: (...args) => subtle.verify(...args),
  };
  assert.equal(await hasEd25519(noEd25519), false);
  const steps = await check(CASES.genuine, { subtle: noEd25519 });
  assert.equal(results(steps).signature, 'unavailable');
  assert.equal(results(steps).deck, 'holds');
  assert.equal(verdict(steps), 'unchecked');
  // A forgery is still caught where it can be.
  assert.equal(firstFailure(await check(CASES.client_seed_changed, { subtle: noEd25519 })), 'deck');
  // No WebCrypto at all (plain http away from localhost): nothing is checked, and it says so.
  assert.deepEqual(await check(CASES.genuine, { subtle: undefined }), [{ step: 'crypto', result: 'unavailable' }]);
});

test('the shuffle deals what the service deals', async () => {
  // maubinh_api/infra/deals.py's doctest.
  const deck = await shuffledDeck(subtle, new Uint8Array(32), 'deal-00000000-' + '0'.repeat(32), ['player-seed']);
  assert.deepEqual(deck.slice(0, 5), ['3d', 'Ah', '9c', 'Jd', '4d']);
  assert.deepEqual(deck.slice().sort(), DECK.slice().sort());
  const { deal } = CASES.genuine;
  assert.deepEqual(await shuffledDeck(subtle, deal.server_seed, deal.deal_id, deal.client_seeds), deal.deck);
  assert.deepEqual(dealtHands(deal.deck, 3), deal.hands);
  assert.equal(DECK.slice(0, 5).join(' '), '2s 2h 2d 2c 3s');
});

test('a client seed is 1 to 128 printable ASCII characters without a space; the page makes one at random', () => {
  for (const good of ['a', '!', '~'.repeat(128), 'an-7f3a91']) assert.ok(isClientSeed(good), good);
  for (const bad of ['', 'with space', 'x'.repeat(129), 'ồ', 'tab\there', 'line\n', null, 7]) {
    assert.ok(!isClientSeed(bad), String(bad));
  }
  const made = randomClientSeed();
  assert.match(made, /^[0-9a-f]{32}$/);
  assert.ok(isClientSeed(made));
  assert.notEqual(randomClientSeed(), made);
});

test('the signed form is RFC 8785\'s for strings; base64url has one written form', () => {
  assert.equal(canonicalJson({ tenant: 't', at: 'a', deal_id: 'd' }), '{"at":"a","deal_id":"d","tenant":"t"}');
  assert.equal(canonicalJson({ b: 'é\n', a: '"' }), '{"a":"\\"","b":"é\\n"}');
  assert.deepEqual(fromBase64url(toBase64url(new Uint8Array([251, 255, 0]))), new Uint8Array([251, 255, 0]));
  assert.equal(fromBase64url('AB'), null); // a stray bit a forger may set
  assert.equal(fromBase64url('a+b/'), null);
});
