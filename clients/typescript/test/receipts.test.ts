// The receipt corpus (tests/conformance/receipts.json in the repository): receipts as a platform
// stores them, genuine and forged, each with the verdict every verifier must give ("holds", or the
// code of the first step of docs/integrating.md's rule that fails). Offline: nothing is asked of
// the service. tests/client/test_typescript_client.py runs it under `node --test`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { type ReceiptCheck, ReceiptError, verifyAnswer, verifyReceipt, verifyReceiptText } from "../dist/index.js";

interface Case {
  id: string;
  about: string;
  request: string;
  answer: string;
  keys: string;
  tenant: string | null;
  require_signature: boolean;
  verdict: string;
}
interface Corpus {
  key_sets: Record<string, unknown>;
  cases: Case[];
}

const corpus: Corpus = JSON.parse(readFileSync(new URL("../../../tests/conformance/receipts.json", import.meta.url), "utf-8"));

function checkOf(entry: Case): ReceiptCheck {
  return { tenant: entry.tenant ?? undefined, requireSignature: entry.require_signature };
}

/** "holds", or the code of the refusal. */
async function judged(verify: () => Promise<unknown>): Promise<string> {
  try {
    await verify();
    return "holds";
  } catch (refused) {
    assert.ok(refused instanceof ReceiptError, String(refused));
    return refused.code;
  }
}

for (const entry of corpus.cases) {
  test(`receipt case ${entry.id}: ${entry.verdict}`, async () => {
    const keys = JSON.stringify(corpus.key_sets[entry.keys]);
    const verdict = await judged(() => verifyReceiptText(entry.request, entry.answer, keys, checkOf(entry)));
    assert.equal(verdict, entry.verdict, `${entry.id} (${entry.about})`);
  });
}

test("the corpus holds cases of every step", () => {
  assert.ok(corpus.cases.length >= 65);
  assert.equal(new Set(corpus.cases.map((entry) => entry.verdict)).size, 17);
});

test("the texts as bytes, and the key set parsed, are judged alike", async () => {
  for (const entry of corpus.cases) {
    const bytes = new TextEncoder();
    const keys = JSON.parse(JSON.stringify(corpus.key_sets[entry.keys]));
    const verdict = await judged(() => verifyReceiptText(bytes.encode(entry.request), bytes.encode(entry.answer), keys, checkOf(entry)));
    // A lone surrogate has no UTF-8 form: encoded, it is a replacement character, which is JSON.
    if (entry.id !== "lone_surrogate") {
      assert.equal(verdict, entry.verdict, entry.id);
    }
  }
});

test("verifyReceipt on parsed values: steps 2 to 16", async () => {
  const named = new Map(corpus.cases.map((entry) => [entry.id, entry]));
  for (const [id, expected] of [["genuine", "holds"], ["genuine_as_the_platform", "holds"], ["net_changed", "answer_digest"],
    ["another_tenant", "tenant"], ["stray_bits", "jws_form"], ["issue_time_changed", "jws_payload"]]) {
    const entry = named.get(id ?? "");
    assert.ok(entry !== undefined, `no case ${id}`);
    const keys = JSON.parse(JSON.stringify(corpus.key_sets[entry.keys]));
    const verdict = await judged(() => verifyReceipt(JSON.parse(entry.request), JSON.parse(entry.answer), keys, checkOf(entry)));
    assert.equal(verdict, expected, id);
  }
});

test("the refusals the conformance scenario reads keep their words", async () => {
  const entry = corpus.cases.find((found) => found.id === "another_tenant");
  assert.ok(entry !== undefined);
  const keys = JSON.stringify(corpus.key_sets[entry.keys]);
  await assert.rejects(verifyReceiptText(entry.request, entry.answer, keys, checkOf(entry)), (refused) => {
    assert.ok(refused instanceof ReceiptError);
    assert.equal(refused.code, "tenant");
    assert.match(refused.reason, /^it was issued to /);
    return true;
  });
});

test("verifyAnswer judges an answer with its texts as the texts are judged, a changed one refused", async () => {
  // An answer as `answered` gives it: its request's text as sent and its own as received.
  for (const entry of corpus.cases) {
    const keys = JSON.stringify(corpus.key_sets[entry.keys]);
    const answer = { body: null, requestText: entry.request, text: entry.answer };
    assert.equal(await judged(() => verifyAnswer(answer, keys, checkOf(entry))), entry.verdict, entry.id);
  }
  const genuine = corpus.cases.find((found) => found.id === "genuine");
  assert.ok(genuine !== undefined);
  const keys = JSON.stringify(corpus.key_sets[genuine.keys]);
  const bet = JSON.stringify(JSON.parse(genuine.request).bet);
  const changedRequest = { requestText: genuine.request.replace(bet, JSON.stringify(`${JSON.parse(bet)}1`)), text: genuine.answer };
  assert.equal(await judged(() => verifyAnswer(changedRequest, keys)), "request_digest");
});
