// The hand records' corpus (tests/conformance/hand_records.json in the repository): JSON Lines files
// of records as a platform keeps them, genuine and changed, each with the verdict every verifier
// must give ("holds", or the first record that does not hold and its code). Offline: nothing is
// asked of the service. tests/client/test_typescript_client.py runs it under `node --test`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  buildHandRecord,
  type HandRecord,
  HandRecordError,
  handRecordLine,
  type ReceiptKeys,
  recordDigest,
  verifyHandRecords,
} from "../dist/index.js";

interface Case {
  id: string;
  about: string;
  lines: (number | string)[];
  keys: string | null;
  tenant: string | null;
  heads: Record<string, string> | null;
  verdict: "holds" | { index: number; code: string };
}
interface Corpus {
  key_sets: Record<string, ReceiptKeys>;
  records: string[];
  cases: Case[];
}

const corpus: Corpus = JSON.parse(readFileSync(new URL("../../../tests/conformance/hand_records.json", import.meta.url), "utf-8"));
const deployment = corpus.key_sets["deployment"] ?? null;

/** A case's file as stored: each line a genuine record's (by its place) or its own text, each ending with a line feed. */
function fileOf(entry: Case): string {
  return entry.lines.map((line) => `${typeof line === "number" ? corpus.records[line] : line}\n`).join("");
}

/** "holds", or the first record refused and its code. */
async function judged(verify: () => Promise<unknown>): Promise<Case["verdict"]> {
  try {
    await verify();
    return "holds";
  } catch (refused) {
    assert.ok(refused instanceof HandRecordError, String(refused));
    return { index: refused.index, code: refused.code };
  }
}

function verdictOf(text: string | Uint8Array, entry: Case): Promise<Case["verdict"]> {
  const keys = entry.keys === null ? null : (corpus.key_sets[entry.keys] ?? null);
  const check = { tenant: entry.tenant ?? undefined, heads: entry.heads ?? undefined };
  return judged(() => verifyHandRecords(text, keys, check));
}

for (const entry of corpus.cases) {
  test(`hand records case ${entry.id}`, async () => {
    assert.deepEqual(await verdictOf(fileOf(entry), entry), entry.verdict, `${entry.id} (${entry.about})`);
  });
}

test("the corpus holds cases of every step", () => {
  const codes = new Set(corpus.cases.map((entry) => (entry.verdict === "holds" ? "holds" : entry.verdict.code)));
  const steps = ["not_strict_json", "record_fields", "previous", "number", "seat_cards", "deal_seats", "settlement_seats", "head"];
  for (const code of ["holds", ...steps]) {
    assert.ok(codes.has(code), code);
  }
});

test("a file as bytes is judged as its text", async () => {
  for (const entry of corpus.cases) {
    assert.deepEqual(await verdictOf(new TextEncoder().encode(fileOf(entry)), entry), entry.verdict, entry.id);
  }
});

test("the genuine file's chains: each table's numbers, its start and its head", async () => {
  const chains = await verifyHandRecords(corpus.records.map((line) => `${line}\n`).join(""), deployment);
  assert.deepEqual(
    chains.map(({ tableId, first, last, fromTheStart }) => [tableId, first, last, fromTheStart]),
    [
      ["t-1", 1, 10, true],
      ["t-2", 1, 3, true],
    ],
  );
  const genuine = corpus.cases.find((entry) => entry.id === "genuine");
  assert.deepEqual(Object.fromEntries(chains.map((chain) => [chain.tableId, chain.head])), genuine?.heads);
});

test("the reference's records, built again from their parts: the same lines, chained alike", async () => {
  const newest = new Map<string, HandRecord>();
  let file = "";
  for (const line of corpus.records) {
    const kept: HandRecord = JSON.parse(line);
    const record = await buildHandRecord({
      tableId: kept.table_id,
      handId: kept.hand_id,
      seats: kept.seats,
      previous: newest.get(kept.table_id) ?? null,
      deal: kept.deal,
      settlement: kept.settlement,
      startedAt: kept.started_at,
    });
    assert.equal(handRecordLine(record), `${line}\n`);
    newest.set(kept.table_id, record);
    file += handRecordLine(record);
  }
  const heads = new Map<string, string>();
  for (const [table, record] of newest) {
    heads.set(table, await recordDigest(record));
  }
  const chains = await verifyHandRecords(file, JSON.stringify(deployment), { tenant: "platform-a", heads });
  assert.deepEqual(chains.map((chain) => chain.head), [...heads.values()]);
});

test("lines end at line feeds only, lines of JSON white space are skipped, every line is read before any is checked", async () => {
  const [genuine = "", next = ""] = corpus.records;
  const files: [string, Case["verdict"]][] = [
    ["\n \t\n" + genuine + "\r\n\r\n", "holds"],
    [genuine + "\r\n" + next + "\r\n", "holds"],
    [genuine + "\n\u00a0\n", { index: 1, code: "not_strict_json" }],
    [genuine + "\n\x1f\n", { index: 1, code: "not_strict_json" }],
    [genuine + "\x0c" + next, { index: 0, code: "not_strict_json" }],
    [genuine + "\u2028{}", { index: 0, code: "not_strict_json" }],
    // A string may hold U+2028: the line is whole (its player is then not the settlement's).
    [genuine.replace('"player_id":"an"', '"player_id":"a\u2028n"'), { index: 0, code: "settlement_seats" }],
    [genuine.replace('"number":1', '"number":1.0'), { index: 0, code: "record_fields" }],
    [genuine.replace('"set_after_ms":9001', '"set_after_ms":-1'), { index: 0, code: "record_fields" }],
    ["{}\n" + genuine + "x", { index: 1, code: "not_strict_json" }],
    ["\ufeff" + genuine, { index: 0, code: "not_strict_json" }],
  ];
  for (const [text, expected] of files) {
    const shown = JSON.stringify(text.slice(0, 40));
    assert.deepEqual(await judged(() => verifyHandRecords(text, deployment)), expected, shown);
    assert.deepEqual(await judged(() => verifyHandRecords(new TextEncoder().encode(text), deployment)), expected, shown);
  }
  const invalid = Uint8Array.of(...new TextEncoder().encode(`${genuine}\n`), 0xff, 0x0a);
  assert.deepEqual(await judged(() => verifyHandRecords(invalid, deployment)), { index: 1, code: "not_strict_json" });
});

test("a refusal names the record, its hand and its step", async () => {
  const [first = "", second = ""] = corpus.records;
  await assert.rejects(verifyHandRecords(`${second}\n${first}\n`, deployment), (refused: unknown) => {
    assert.ok(refused instanceof HandRecordError);
    assert.equal(refused.index, 1);
    assert.equal(refused.handId, "t-1-h1");
    assert.match(refused.message, /^record 2 \(hand t-1-h1\) does not hold: /);
    return true;
  });
});
