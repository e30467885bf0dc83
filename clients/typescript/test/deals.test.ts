// The deal corpus (tests/conformance/deals.json in the repository): commitments and deals as a
// platform keeps them, genuine and forged, each with the verdict every verifier must give ("holds",
// or the code of the first step that fails). Offline: nothing is asked of the service.
// tests/client/test_typescript_client.py runs it under `node --test`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  type Deal,
  type DealCheck,
  type DealCommitment,
  DealError,
  dealtHands,
  type ReceiptKeys,
  shuffledDeck,
  verifyDeal,
} from "../dist/index.js";

interface Case {
  id: string;
  about: string;
  // As the corpus writes them: a forged one need not read as its type (the verifier says so).
  commitment: DealCommitment;
  deal: Deal;
  keys: string | null;
  tenant: string | null;
  require_signature: boolean;
  verdict: string;
}
interface Corpus {
  key_sets: Record<string, ReceiptKeys>;
  cases: Case[];
}

const corpus: Corpus = JSON.parse(readFileSync(new URL("../../../tests/conformance/deals.json", import.meta.url), "utf-8"));

function checkOf(entry: Case): DealCheck {
  return { tenant: entry.tenant ?? undefined, requireSignature: entry.require_signature };
}

function keysOf(entry: Case): ReceiptKeys | null {
  return entry.keys === null ? null : (corpus.key_sets[entry.keys] ?? null);
}

/** "holds", or the code of the refusal. */
async function judged(verify: () => Promise<unknown>): Promise<string> {
  try {
    await verify();
    return "holds";
  } catch (refused) {
    assert.ok(refused instanceof DealError, String(refused));
    return refused.code;
  }
}

function genuine(): Case {
  return corpus.cases.find((entry) => entry.id === "genuine") ?? assert.fail("no genuine case");
}

for (const entry of corpus.cases) {
  test(`deal case ${entry.id}: ${entry.verdict}`, async () => {
    const verdict = await judged(() => verifyDeal(entry.commitment, entry.deal, keysOf(entry), checkOf(entry)));
    assert.equal(verdict, entry.verdict, `${entry.id} (${entry.about})`);
  });
}

test("the corpus holds cases of every step", () => {
  assert.ok(corpus.cases.length >= 21);
  const steps = ["deal_fields", "tenant", "deal_id", "shuffle", "server_seed", "deck", "hands", "unsigned"];
  for (const code of ["holds", ...steps]) {
    assert.ok(corpus.cases.some((entry) => entry.verdict === code), code);
  }
});

test("the key set as its JSON text is judged as parsed", async () => {
  for (const entry of corpus.cases) {
    const keys = entry.keys === null ? null : JSON.stringify(corpus.key_sets[entry.keys]);
    const verdict = await judged(() => verifyDeal(entry.commitment, entry.deal, keys, checkOf(entry)));
    assert.equal(verdict, entry.verdict, entry.id);
  }
});

test("a genuine deal resolves to itself; without a key set its signature's key is unknown", async () => {
  const entry = genuine();
  assert.deepEqual(await verifyDeal(entry.commitment, entry.deal, keysOf(entry)), entry.deal);
  assert.equal(await judged(() => verifyDeal(entry.commitment, entry.deal, null)), "unknown_key");
  const unsigned = { ...entry.commitment, signature: null, signed: false };
  assert.equal(await judged(() => verifyDeal(unsigned, entry.deal, null)), "unsigned");
  assert.equal(await judged(() => verifyDeal(unsigned, entry.deal, null, { requireSignature: false })), "holds");
});

test("the shuffle deals the deck again from the seeds, the hands 13 a seat", async () => {
  const { deal } = genuine();
  assert.deepEqual(await shuffledDeck(deal.server_seed, deal.deal_id, deal.client_seeds), deal.deck);
  const seed = Uint8Array.from(deal.server_seed.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  assert.deepEqual(await shuffledDeck(seed, deal.deal_id, deal.client_seeds), deal.deck);
  assert.deepEqual(dealtHands(deal.deck, deal.seats), deal.hands);
  const other = await shuffledDeck(deal.server_seed, deal.deal_id, [...deal.client_seeds, "one-more"]);
  assert.notDeepEqual(other, deal.deck);
  assert.deepEqual([...other].sort(), [...deal.deck].sort());
});
