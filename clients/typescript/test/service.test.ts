// The client against the running service, as a platform uses it: every operation of the last release once, a whole
// round of a table, and the answers a platform must handle (422, 401, 429, 304, Vietnamese).
// Every answer is read as the spec types it: no cast, no `as any`, no type guard of our own.
// tests/client/test_typescript_client.py starts the service (with the tenants below) and runs this
// file under `node --test`; MAUBINH_CALLED receives the operations called, which it compares with
// the spec's and the last release's.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { after, test } from "node:test";

import {
  answer,
  answerHeaders,
  buildHandRecord,
  createClient,
  type Deal,
  type DealCheck,
  DealError,
  type DealRefusal,
  HandRecordError,
  handRecordLine,
  type HandRecordSeat,
  type Level,
  type Middleware,
  type PlayerInput,
  ProblemError,
  ReceiptError,
  type ReceiptRefusal,
  recordDigest,
  type SettlementRequest,
  shuffledDeck,
  type VariantSpec,
  verifyDeal,
  verifyHandRecords,
  verifyReceipt,
  verifyReceiptText,
} from "../dist/index.js";

const baseUrl = process.env["MAUBINH_URL"] ?? "http://127.0.0.1:8000";
const apiKey = process.env["MAUBINH_KEY"] ?? "";
const tightKey = process.env["MAUBINH_TIGHT_KEY"] ?? "";
const metricsKey = process.env["MAUBINH_METRICS_KEY"] ?? "";

const called = new Set<string>();
const recorder: Middleware = {
  async onRequest({ request, schemaPath }) {
    called.add(`${request.method} ${schemaPath}`);
    return undefined;
  },
};
function client(options: { key?: string; language?: "en" | "vi"; retries?: number } = {}) {
  const key = options.key ?? apiKey;
  const made = createClient({
    baseUrl,
    ...(key === "" ? {} : { apiKey: key }),
    ...(options.language === undefined ? {} : { language: options.language }),
    ...(options.retries === undefined ? {} : { retries: options.retries }),
  });
  made.use(recorder);
  return made;
}
const api = client();

after(() => {
  const file = process.env["MAUBINH_CALLED"];
  if (file !== undefined) {
    writeFileSync(file, [...called].sort().join("\n") + "\n");
  }
});

/** A deck shuffled by a seeded generator (the same four hands every run). */
function deal(seed: number): string[][] {
  const deck = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"].flatMap((rank) =>
    ["s", "h", "d", "c"].map((suit) => rank + suit),
  );
  let state = seed;
  for (let index = deck.length - 1; index > 0; index -= 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const other = state % (index + 1);
    const card = deck[index];
    const swapped = deck[other];
    if (card !== undefined && swapped !== undefined) {
      deck[index] = swapped;
      deck[other] = card;
    }
  }
  return [0, 1, 2, 3].map((seat) => deck.slice(13 * seat, 13 * seat + 13));
}

test("a chi and a batch of chi are classified, each answer its own type", async () => {
  const chi = await answer(api.POST("/v1/hands/classify", { body: { cards: ["Kh", "Kd", "2c"] } }));
  assert.equal(chi.category.key, "pair");
  assert.equal(chi.category.label.vi, "Đôi");
  const many = await answer(api.POST("/v1/hands/classify/batch", { body: { hands: [["Qs", "Qd", "Qc"], ["As", "2d", "3c", "4h", "5s"]] } }));
  assert.deepEqual(
    many.results.map((hand) => hand.category.key),
    ["trips", "straight"],
  );
});

test("a table's round: optimal for one seat, bots for three, checked, graded and settled", async () => {
  const [mine, ...others] = deal(2026);
  assert.ok(mine !== undefined && others.length === 3);
  const variant: VariantSpec = { preset: "online", overrides: { rake: "0.03" } };
  const best = await answer(api.POST("/v1/arrangements/optimal", { body: { cards: mine, variant, opponents: 3 } }));
  const levels: Level[] = ["casual", "club", "expert"];
  const bots = await Promise.all(
    others.map((cards, seat) =>
      answer(api.POST("/v1/arrangements/play", { body: { cards, level: levels[seat] ?? "club", seed: seat, variant: best.variant } })),
    ),
  );
  const arrangements = [best.best.arrangement, ...bots.map((bot) => bot.arrangement)];
  const checked = await answer(api.POST("/v1/arrangements/validate/batch", { body: { arrangements, variant: best.variant } }));
  assert.deepEqual(
    checked.results.map((result) => result.fouled),
    [false, false, false, false],
  );
  const alone = await answer(api.POST("/v1/arrangements/validate", { body: { arrangement: best.best.arrangement, variant: best.variant } }));
  assert.deepEqual(checked.results[0]?.chi, alone.chi);
  const graded = await answer(
    api.POST("/v1/arrangements/analysis", { body: { arrangement: best.best.arrangement, variant: best.variant } }),
  );
  assert.equal(graded.ev_loss, 0);
  assert.equal(graded.best.ev, best.best.ev);
  const players = arrangements.map((arrangement, seat) => ({ id: `seat-${seat}`, arrangement }));
  const table = { bet: "10", players, variant: best.variant };
  const settled = await answer(api.POST("/v1/settlements", { body: table }));
  const net = settled.players.reduce((sum, player) => sum + Number(player.net), 0);
  const take = Number(settled.house_take.rake) + Number(settled.house_take.draw_fee);
  assert.ok(Math.abs(net + take) < 1e-9, "the money adds up: what the players lose is what they win and the house takes");
  // The receipt verifies offline with the deployment's keys, and not once any part is changed.
  const keys = await answer(api.GET("/.well-known/jwks.json"));
  const receipt = await verifyReceipt(table, settled, keys);
  assert.equal(receipt.signed, true);
  const fails = async (request: unknown, changed: Parameters<typeof verifyReceipt>[1], code: ReceiptRefusal) => {
    await assert.rejects(verifyReceipt(request, changed, keys), (error: unknown) => {
      assert.ok(error instanceof ReceiptError, String(error));
      assert.equal(error.code, code, error.reason);
      return true;
    });
  };
  await fails({ ...table, bet: "100" }, settled, "request_digest");
  await fails(table, { ...settled, bet: "100" }, "answer_digest");
  await fails(table, { ...settled, receipt: { ...receipt, model: "model-0000000000000000" } }, "id");
  await fails(table, { ...settled, receipt: { ...receipt, release: "9.9.9" } }, "id");
  // A byte of the signature itself changed (its tenth character: every bit of it counts).
  const [head, body, signature] = (receipt.signature ?? "").split(".");
  const flipped = `${head}.${body}.${signature?.slice(0, 10)}${signature?.[10] === "A" ? "B" : "A"}${signature?.slice(11)}`;
  await fails(table, { ...settled, receipt: { ...receipt, signature: flipped } }, "jws_signature");
  await fails(table, { ...settled, receipt: { ...receipt, key_id: "another" } }, "unknown_key");
  // Unsigned, its issue too: refused as unsigned; its issue left signed, its fields disagree.
  const issue = receipt.issued === undefined ? {} : { issued: { ...receipt.issued, signature: null } };
  await fails(table, { ...settled, receipt: { ...receipt, signature: null, signed: false, ...issue } }, "unsigned");
  await fails(table, { ...settled, receipt: { ...receipt, signature: null, signed: false } }, "receipt_fields");
  // From the texts as stored: the same receipt holds; a forged member placed before the genuine one
  // (JSON.parse keeps the last), or a text JSON.parse refuses, is refused as not strict JSON.
  const [requestText, answerText] = [JSON.stringify(table), JSON.stringify(settled)];
  assert.deepEqual(await verifyReceiptText(requestText, answerText, keys), receipt);
  assert.deepEqual(await verifyReceiptText(requestText, answerText, JSON.stringify(keys)), receipt);
  const refusedText = async (request: string, answered: string, reason: RegExp) => {
    await assert.rejects(verifyReceiptText(request, answered, keys), (error: unknown) => {
      assert.ok(error instanceof ReceiptError, String(error));
      assert.equal(error.code, "not_strict_json");
      assert.match(error.reason, reason);
      return true;
    });
  };
  await refusedText(requestText, answerText.replace('"net":', '"net":"9999.00","net":'), /^the answer .* named twice \(net\)/);
  await refusedText(requestText.replace('{"bet":', '{"bet":"1","bet":'), answerText, /^the request .* named twice \(bet\)/);
  await refusedText(requestText, answerText.replace('"net":', '"n\\u0065t":"9999.00","net":'), /^the answer .* named twice \(net\)/);
  await refusedText("{'bet': '10'}", answerText, /^the request is not strict JSON/);
  // The variant an answer named is found again by its fingerprint.
  // (An answer's variant always carries its fingerprint; a request's may leave it out: one schema for both.)
  const fingerprint = best.variant.fingerprint ?? assert.fail("an answer's variant names its fingerprint");
  const found = await answer(api.GET("/v1/variants/{name}", { params: { path: { name: fingerprint } } }));
  assert.equal(found.fingerprint, fingerprint);
  assert.equal(found.rules.rake, "0.03");
});

test("a deal anyone can check: committed, dealt, checked offline, played and kept as hand records", async () => {
  const commitment = await answer(api.POST("/v1/deals"));
  assert.equal(commitment.tenant, "platform");
  const body = { client_seeds: ["an-7f3a91", "binh-2c44e0", "platform-01"], seats: 4 };
  const dealt = await answer(api.POST("/v1/deals/{deal_id}", { params: { path: { deal_id: commitment.deal_id } }, body }));
  const keys = await answer(api.GET("/.well-known/jwks.json"));
  assert.deepEqual(await verifyDeal(commitment, dealt, keys, { tenant: "platform" }), dealt);
  assert.deepEqual(await shuffledDeck(dealt.server_seed, dealt.deal_id, dealt.client_seeds), dealt.deck);
  const fails = async (changed: Deal, check: DealCheck, code: DealRefusal) => {
    await assert.rejects(verifyDeal(commitment, changed, keys, check), (error: unknown) => {
      assert.ok(error instanceof DealError, String(error));
      assert.equal(error.code, code, error.reason);
      return true;
    });
  };
  await fails(dealt, { tenant: "tight" }, "tenant");
  await fails({ ...dealt, client_seeds: ["an-7f3a91", "binh-2c44e0", "platform-02"] }, {}, "deck");
  await fails({ ...dealt, hands: [...dealt.hands].reverse() }, {}, "hands");
  await fails({ ...dealt, server_seed: "0".repeat(64) }, {}, "server_seed");

  // Each seat sets its best arrangement; the table settles; the hand is kept, linked to the one before.
  const played = await Promise.all(
    dealt.hands.map(async (cards, seat) => {
      const found = await answer(api.POST("/v1/arrangements/optimal", { body: { cards } }));
      return { player_id: `seat-${seat}`, cards, arrangement: found.best.arrangement, set_after_ms: 1000 * seat };
    }),
  );
  const seats: HandRecordSeat[] = played;
  const request: SettlementRequest = { bet: "10", players: played.map(({ player_id, arrangement }) => ({ id: player_id, arrangement })) };
  const settled = await answer(api.POST("/v1/settlements", { body: request }));
  const first = await buildHandRecord({
    tableId: "table-7",
    handId: "hand-1",
    seats,
    previous: null,
    deal: { commitment, deal: dealt },
    settlement: { request, answer: settled },
    startedAt: commitment.at,
  });
  const second = await buildHandRecord({ tableId: "table-7", handId: "hand-2", seats, previous: first });
  assert.equal(second.previous, await recordDigest(first));
  const file = handRecordLine(first) + handRecordLine(second);
  const head = await recordDigest(second);
  const chains = await verifyHandRecords(file, keys, { tenant: "platform", heads: { "table-7": head } });
  assert.deepEqual(chains, [{ tableId: "table-7", first: 1, last: 2, fromTheStart: true, head }]);
  // A record changed where nothing signed it (its start) breaks the next record's link.
  const moved = file.replace(`"started_at":"${commitment.at}"`, '"started_at":"2000-01-01T00:00:00Z"');
  await assert.rejects(verifyHandRecords(moved, keys), (error: unknown) => {
    assert.ok(error instanceof HandRecordError, String(error));
    assert.deepEqual([error.index, error.handId, error.code], [1, "hand-2", "previous"]);
    return true;
  });
  await assert.rejects(verifyHandRecords(file, keys, { tenant: "tight" }), (error: unknown) => {
    assert.ok(error instanceof HandRecordError, String(error));
    assert.deepEqual([error.index, error.code], [0, "deal.tenant"]);
    return true;
  });
});

test("every batch answers what its single operation answers, in order", async () => {
  const [first, second] = deal(7);
  assert.ok(first !== undefined && second !== undefined);
  const one = await answer(api.POST("/v1/arrangements/optimal", { body: { cards: first } }));
  const many = await answer(api.POST("/v1/arrangements/optimal/batch", { body: { hands: [first, second] } }));
  assert.deepEqual(many.results[0]?.best, one.best);
  const graded = await answer(
    api.POST("/v1/arrangements/analysis/batch", { body: { arrangements: [{ arrangement: one.best.arrangement }] } }),
  );
  assert.equal(graded.results[0]?.ev_loss, 0);
  const players: PlayerInput[] = [{ id: "a", arrangement: one.best.arrangement }, { id: "b", forfeit: true }];
  const tables = await answer(api.POST("/v1/settlements/batch", { body: { tables: [{ bet: "1", players }] } }));
  assert.equal(tables.results[0]?.players[0]?.id, "a");
});

test("a bad card is a typed problem naming its place, in Vietnamese when asked", async () => {
  await assert.rejects(answer(api.POST("/v1/hands/classify", { body: { cards: ["Kh", "Kd", "Zz"] } })), (error: unknown) => {
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 422);
    assert.equal(error.problem.type, "urn:maubinh:problem:invalid-content");
    assert.equal(error.problem.errors?.[0]?.pointer, "/cards/2");
    return true;
  });
  const vietnamese = client({ language: "vi" });
  const { error, response } = await vietnamese.POST("/v1/hands/classify", { body: { cards: ["Kh", "Kd", "Zz"] } });
  assert.equal(response.headers.get("Content-Language"), "vi");
  assert.equal(error?.title, "Nội dung không hợp lệ");
});

test("a wrong key is a 401", async () => {
  const stranger = client({ key: "not-a-key-of-this-service" });
  await assert.rejects(answer(stranger.GET("/v1/variants")), (error: unknown) => {
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 401);
    assert.equal(error.problem.type, "urn:maubinh:problem:unauthorized");
    return true;
  });
});

test("over its limit a tenant gets a 429 whose Retry-After the client honours", async () => {
  const body = { cards: ["Kh", "Kd", "2c"] };
  const impatient = client({ key: tightKey, retries: 0 });
  let refused: Response | undefined;
  for (let attempt = 0; attempt < 10 && refused === undefined; attempt += 1) {
    const { response } = await impatient.POST("/v1/hands/classify", { body });
    if (response.status === 429) {
      refused = response;
    }
  }
  assert.ok(refused !== undefined, "the tight tenant is refused within ten requests");
  const wait = answerHeaders(refused.headers).retryAfter;
  assert.ok(wait !== null && wait >= 1);
  const patient = client({ key: tightKey });
  const started = Date.now();
  const chi = await answer(patient.POST("/v1/hands/classify", { body }));
  assert.equal(chi.category.key, "pair");
  assert.ok(Date.now() - started >= 900, "the client waited for Retry-After before sending again");
  const usage = await answer(patient.GET("/v1/usage"));
  assert.equal(usage.tenant, "tight");
});

/** A tight tenant's client, refused (429) at its next request. */
async function refusedTight(options: { timeout?: number } = {}) {
  const tight = createClient({ baseUrl, apiKey: tightKey, timeout: options.timeout, longestWait: 30 });
  const body = { cards: ["Kh", "Kd", "2c"] };
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const { response } = await createClient({ baseUrl, apiKey: tightKey, retries: 0 }).POST("/v1/hands/classify", { body });
    if (response.status === 429) {
      return { tight, body };
    }
  }
  return assert.fail("the tight tenant is refused within ten requests");
}

test("a wait that would outlast the client's timeout is not begun: the 429 is thrown at once", async () => {
  const { tight, body } = await refusedTight({ timeout: 0.5 });
  const started = Date.now();
  await assert.rejects(answer(tight.POST("/v1/hands/classify", { body })), (error: unknown) => {
    assert.ok(error instanceof ProblemError && error.status === 429, String(error));
    assert.ok(error.retryAfter !== null && error.retryAfter >= 1, "the 429's Retry-After, as a value");
    assert.equal(error.requestId, error.headers.requestId);
    return true;
  });
  assert.ok(Date.now() - started < 900, `answered in ${Date.now() - started} ms, not after the wait (of 1 s or more)`);
});

test("the caller's AbortSignal ends a retry's wait: the call ends with the signal, not the wait", async () => {
  const { tight, body } = await refusedTight();
  const started = Date.now();
  const call = tight.POST("/v1/hands/classify", { body, signal: AbortSignal.timeout(300) });
  // The 429 while waiting to retry it, or the abort itself if the service held the refusal (it
  // answers a caller that came back too early after a pause): never the Retry-After's wait.
  await assert.rejects(answer(call), (error: unknown) => {
    const aborted = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return aborted || (error instanceof ProblemError && error.status === 429);
  });
  assert.ok(Date.now() - started < 900, `the call ended with the signal, after ${Date.now() - started} ms`);
});

test("a kept answer is revalidated with its ETag: 304 while unchanged", async () => {
  const first = await api.GET("/v1/enumerations");
  const etag = answerHeaders(first.response.headers).etag;
  assert.ok(etag !== null);
  const again = await api.GET("/v1/enumerations", { params: { header: { "If-None-Match": etag } } });
  assert.equal(again.response.status, 304);
});

test("a level read from the enumerations is passed to a bot as it is", async () => {
  const named = await answer(api.GET("/v1/enumerations"));
  const level = named.levels.at(-1)?.key ?? "club"; // the strongest level, typed as a level key
  const cards = ["Ks", "Kh", "Qd", "Qc", "Jd", "Js", "Tc", "Th", "8s", "8h", "6c", "4d", "2d"];
  const played = await answer(api.POST("/v1/arrangements/play", { body: { cards, level, seed: 7 } }));
  assert.equal(played.level.key, level);
  assert.equal(played.seed, 7);
});

test("a practice run: drills of a theme read from the enumerations, each set and graded", async () => {
  const named = await answer(api.GET("/v1/enumerations"));
  const theme = named.drill_themes.find((member) => member.key === "front_decides")?.key ?? "random";
  const dealt = await answer(api.POST("/v1/drills", { body: { theme, count: 2, seed: 5, variant: "classic" } }));
  assert.equal(dealt.drills.length, 2);
  assert.equal(dealt.seed, 5);
  for (const drill of dealt.drills) {
    assert.equal(drill.theme.key, theme);
    assert.ok(["easy", "medium", "hard"].includes(drill.difficulty.key));
    // The player's arrangement here is the auto-arrangement, graded as a platform grades a drill.
    const auto = await answer(
      api.POST("/v1/arrangements/optimal", { body: { cards: drill.cards, objective: "strongest", top: 1, variant: dealt.variant } }),
    );
    const graded = await answer(
      api.POST("/v1/arrangements/analysis", { body: { arrangement: auto.best.arrangement, variant: dealt.variant } }),
    );
    assert.ok(graded.changes.moves.every((move) => move.from === "front" || move.to === "front"));
  }
  assert.deepEqual(
    dealt.yardsticks.map((line) => line.level.key),
    named.levels.map((member) => member.key),
  );
});

test("the variants, and every answer's request id and model", async () => {
  const { data, response } = await api.GET("/v1/variants");
  assert.ok(data?.variants.some((variant) => variant.name === "classic"));
  const headers = answerHeaders(response.headers);
  assert.match(headers.modelVersion ?? "", /^model-[0-9a-f]{16}$/);
  assert.equal(headers.modelVersion, data?.model);
  assert.ok(headers.requestId);
});

test("the open operations: health, readiness, this document, the pages", async () => {
  const open = client({ key: "" });
  assert.equal((await answer(open.GET("/healthz"))).status, "ok");
  assert.equal((await open.GET("/readyz")).response.status, 200);
  const plain: { parseAs: "text" } = { parseAs: "text" };
  for (const page of [
    open.GET("/openapi.yaml", plain),
    open.GET("/docs", plain),
    open.GET("/docs/", plain),
    open.GET("/docs/{path}", { params: { path: { path: "swagger-ui.css" } }, ...plain }),
    open.GET("/playground", plain),
    open.GET("/playground/{asset}", { params: { path: { asset: "playground.js" } }, ...plain }),
  ]) {
    const { response } = await page;
    assert.equal(response.status, 200, response.url);
  }
  // Its only answer is a 308, not followed (undici then hands it back itself): that is what a caller gets.
  const moved = await open.GET("/playground/", { redirect: "manual" });
  assert.equal(moved.response.status, 308);
  assert.equal(moved.response.headers.get("location"), "/playground");
  const scraper = client({ key: metricsKey });
  const { response } = await scraper.GET("/metrics", plain);
  assert.equal(response.status, 200);
});
