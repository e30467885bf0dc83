// A call's own options over its client's (`withOptions`), and an answer with the texts sent and
// received (`answered`), checked offline against a recording fetch in place of the service: what
// these tests read is what the client sends, which is what the service sees.
// tests/client/test_typescript_client.py runs this file under `node --test` and compiles it under
// `tsc --strict`, where each `@ts-expect-error` below must meet its error.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  answer,
  answered,
  type CallOptions,
  type ClientOptions,
  createClient,
  type Middleware,
  ProblemError,
} from "../dist/index.js";

/** A 429's problem document, as the service writes it. */
const refused = {
  type: "urn:maubinh:problem:too-many-requests",
  title: "Too many requests",
  status: 429,
  detail: "The tenant's limit of 2/second is spent.",
};

/** A service that refuses the first `refusals` requests with a 429 and `Retry-After: wait`, then
 * answers 200, and records each request it was sent. */
function recording(refusals = 0, wait = "0") {
  const sent: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    sent.push(new Request(input, init));
    if (sent.length <= refusals) {
      return Response.json(refused, { status: 429, headers: { "Retry-After": wait } });
    }
    return Response.json({ category: "pair" });
  };
  const header = (name: string): (string | null)[] => sent.map((request) => request.headers.get(name));
  return { sent, fetch, header };
}

function client(options: Omit<ClientOptions, "baseUrl" | "fetch">, service: ReturnType<typeof recording>) {
  return createClient({ baseUrl: "http://service", fetch: service.fetch, ...options });
}

const body = { cards: ["Kh", "Kd", "9s"] };

/** The status a classify call through `api` ends with: 200, or the problem's. */
async function status(api: ReturnType<typeof createClient>): Promise<number> {
  try {
    await answer(api.POST("/v1/hands/classify", { body }));
    return 200;
  } catch (error) {
    if (error instanceof ProblemError) {
      return error.status;
    }
    throw error;
  }
}

test("a call's own language, model and request id win over the client's, which holds where the call is silent", async () => {
  const service = recording();
  const api = client({ language: "en", modelVersion: "model-of-the-client" }, service);
  await status(api.withOptions({ language: "vi", modelVersion: "model-of-the-call", requestId: "call-1" }));
  const round = api.withOptions({ requestId: "round-7" }); // a client for a round: its calls' default
  await status(round.withOptions({ language: "vi" })); // silent on model and request id
  await status(round.withOptions({ requestId: "call-3" }));
  await status(api); // the client itself: no call's options stayed on it
  assert.deepEqual(service.header("Accept-Language"), ["vi", "vi", "en", "en"]);
  assert.deepEqual(service.header("X-Model-Version"), [
    "model-of-the-call",
    "model-of-the-client",
    "model-of-the-client",
    "model-of-the-client",
  ]);
  assert.deepEqual(service.header("X-Request-ID"), ["call-1", "round-7", "call-3", null]);
});

test("a call's own timeout wins over the client's: a wait that would outlast it is not begun", async () => {
  // The service refuses and asks for a wait of 1 s: a call with 0.5 s in all does not begin it
  // (the 429 is its answer, sent once); a call with 30 s waits and is answered.
  let service = recording(1, "1");
  assert.equal(await status(client({ timeout: 30 }, service).withOptions({ timeout: 0.5 })), 429);
  assert.equal(service.sent.length, 1);
  service = recording(2, "1"); // each of the next two calls is refused once
  const api = client({ timeout: 0.5 }, service);
  assert.equal(await status(api.withOptions({ language: "vi" })), 429); // silent: the client's 0.5 s
  assert.equal(service.sent.length, 1);
  assert.equal(await status(api.withOptions({ timeout: 30 })), 200); // waited 1 s, sent again
  assert.equal(service.sent.length, 3);
});

test("whether a call may be sent again is the call's own, then the client's", async () => {
  async function sends(clientIdempotent: boolean, call: CallOptions): Promise<number[]> {
    // Refused once with Retry-After: 0, a retry is sent at once: [the status, requests sent].
    const service = recording(1, "0");
    const code = await status(client({ idempotent: clientIdempotent }, service).withOptions(call));
    return [code, service.sent.length];
  }
  assert.deepEqual(await sends(true, {}), [200, 2]); // the default: every operation may be sent again
  assert.deepEqual(await sends(true, { idempotent: false }), [429, 1]); // the call's own wins
  assert.deepEqual(await sends(false, { language: "vi" }), [429, 1]); // silent: the client's
  assert.deepEqual(await sends(false, { idempotent: true }), [200, 2]);
});

test("a client for one call keeps the middleware its client was given", async () => {
  const service = recording();
  const seen: string[] = [];
  const tracing: Middleware = {
    async onRequest({ request }) {
      seen.push(request.headers.get("Accept-Language") ?? "none");
      return undefined;
    },
  };
  const api = client({}, service);
  api.use(tracing);
  await status(api.withOptions({ language: "vi" }));
  api.eject(tracing);
  await status(api.withOptions({ language: "en" }));
  assert.deepEqual(seen, ["vi"]);
});

test("an answer keeps the request's text as it was sent, a retry's too", async () => {
  const service = recording(1, "0");
  const got = await answered(client({}, service).POST("/v1/hands/classify", { body }));
  assert.equal(service.sent.length, 2);
  assert.equal(got.requestText, await service.sent[1]?.text());
  assert.deepEqual(JSON.parse(got.requestText), body);
  assert.equal(got.text, '{"category":"pair"}');
});

test("options are named and typed: a swapped or misspelt one does not compile", () => {
  const api = client({}, recording());
  const model = "model-0123";
  api.withOptions({ language: "vi", modelVersion: model, requestId: "r-1", timeout: 2.5, idempotent: false });
  // @ts-expect-error a model given as the language: a language is "en" or "vi"
  api.withOptions({ language: model, modelVersion: "vi" });
  // @ts-expect-error options are named, never given by place
  api.withOptions("vi", model);
  // @ts-expect-error a misspelt option is refused, not dropped
  api.withOptions({ lang: "vi" });
  // @ts-expect-error a timeout is a number of seconds
  api.withOptions({ timeout: "5" });
  // @ts-expect-error the client's language is typed alike
  createClient({ baseUrl: "http://service", language: model });
});
