// The client against the running service (MAUBINH_URL): each call typed by the spec, no cast,
// no `as any` and no type guard of our own for an answer. tests/client/test_typescript_client.py
// starts the service and runs this file under `node --test`.
import assert from "node:assert/strict";
import { test } from "node:test";

import { answer, answerHeaders, createClient, ProblemError } from "../dist/index.js";

const baseUrl = process.env["MAUBINH_URL"] ?? "http://127.0.0.1:8000";
const client = createClient({ baseUrl });

test("a chi is classified, with its category as an enumeration", async () => {
  const chi = await answer(client.POST("/v1/hands/classify", { body: { cards: ["Kh", "Kd", "2c"] } }));
  assert.equal(chi.category.key, "pair");
  assert.equal(chi.category.label.vi, "Đôi");
  const many = await answer(client.POST("/v1/hands/classify/batch", { body: { hands: [["Qs", "Qd", "Qc"]] } }));
  assert.deepEqual(
    many.results.map((hand) => hand.category.key),
    ["trips"],
  );
});

test("the optimal arrangement posts straight back into the analysis", async () => {
  const cards = ["As", "Ks", "Qs", "Js", "Ts", "9h", "9d", "9c", "4h", "4d", "7c", "5s", "2h"];
  const found = await answer(client.POST("/v1/arrangements/optimal", { body: { cards } }));
  const graded = await answer(
    client.POST("/v1/arrangements/analysis", { body: { arrangement: found.best.arrangement, variant: found.variant } }),
  );
  assert.equal(graded.ev_loss, 0);
  assert.equal(graded.best.ev, found.best.ev);
});

test("a bad card is a typed problem naming its place", async () => {
  await assert.rejects(
    answer(client.POST("/v1/hands/classify", { body: { cards: ["Kh", "Kd", "Zz"] } })),
    (error: unknown) => {
      assert.ok(error instanceof ProblemError);
      assert.equal(error.status, 422);
      assert.equal(error.problem.errors?.[0]?.pointer, "/cards/2");
      return true;
    },
  );
});

test("a level read from the enumerations is passed to a bot as it is", async () => {
  const named = await answer(client.GET("/v1/enumerations"));
  const level = named.levels.at(-1)?.key ?? "club"; // the strongest level, typed as a level key
  const cards = ["Ks", "Kh", "Qd", "Qc", "Jd", "Js", "Tc", "Th", "8s", "8h", "6c", "4d", "2d"];
  const played = await answer(client.POST("/v1/arrangements/play", { body: { cards, level, seed: 7 } }));
  assert.equal(played.level.key, level);
  assert.equal(played.seed, 7);
});

test("every answer says its request id and model", async () => {
  const { response } = await client.GET("/v1/variants");
  const headers = answerHeaders(response.headers);
  assert.match(headers.modelVersion ?? "", /^model-[0-9a-f]{16}$/);
  assert.ok(headers.requestId);
});
