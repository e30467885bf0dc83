// The conformance scenario (tests/conformance/scenario.json in the repository), as this client
// plays it: every step sent through the client (openapi-fetch over the spec's paths), what must
// hold checked on the answer as it reads it, a line per step passed written to MAUBINH_REPORT. The
// round is played again through MAUBINH_FUTURE_URL, a proxy whose answers carry what no 1.0 client
// knows. tests/client/test_conformance.py starts the service and the proxy, and holds the report
// against the scenario. The client's types are the compiler's: a step's body, read from JSON, goes
// in as the scenario wrote it. A receipt or a deal step is checked offline, on the texts received.
import assert from "node:assert/strict";
import { appendFileSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";

import { type Client, createClient, DealError, ReceiptError, verifyDeal, verifyReceipt } from "../dist/index.js";
import type { paths } from "../dist/schema.js";

interface Same {
  pointer: string;
  as: unknown;
  drop?: string[];
}
interface Expectation {
  status: number;
  equal?: Record<string, unknown>;
  present?: string[];
  length?: Record<string, number>;
  same?: Same[];
  decimal_sum_zero?: string[];
  headers?: Record<string, string>;
  headers_present?: string[];
  headers_same?: Record<string, unknown>;
  waited_at_least_seconds?: number;
  receipt?: string;
  deal?: string;
}
interface Step {
  id: string;
  round?: boolean;
  operation?: string;
  // The JSON of a request, as the scenario writes it: the compiler cannot type what is read at run time.
  body?: any;
  path?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  client?: { key?: string; language?: "en" | "vi"; retries?: number; model?: unknown };
  receipt?: { of: string; keys: string; replace?: [string, string]; tenant?: string };
  deal?: { commitment: string; of: string; keys: string; tenant?: string };
  repeat_until_status?: number;
  at_most?: number;
  expect: Expectation;
}
interface Scenario {
  keys: Record<string, string>;
  steps: Step[];
}
interface Observation {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  request: string;
  seconds: number;
}
interface Input {
  body: any;
  header: any;
  path: any;
}
interface Outcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}
type Call = (api: Client<paths>, input: Input) => Promise<Outcome>;

// Each operation's method and path (and whether its answer is text, not JSON), as the spec says:
// MAUBINH_OPERATIONS names the file tests/client/test_conformance.py writes from openapi.yaml, so
// an operation the spec gains is played with no table here to keep.
interface Route {
  method: "GET" | "POST";
  path: string;
  text: boolean;
}
const routes: Record<string, Route> = JSON.parse(readFileSync(process.env.MAUBINH_OPERATIONS ?? "", "utf8"));

function operationNamed(name: string): Call | undefined {
  const route = routes[name];
  if (route === undefined) {
    return undefined;
  }
  return (api, i) => {
    const params = route.path.includes("{") ? { header: i.header, path: i.path } : { header: i.header };
    const init = { params, ...(i.body === undefined ? {} : { body: i.body }), ...(route.text ? { parseAs: "text" } : {}) };
    // The path is the spec's, read at run time: openapi-fetch's types, which check a path written
    // in the code, cannot check it here, so the client's GET or POST is taken untyped.
    const method: string = route.method;
    const send: (path: string, init: object) => Promise<Outcome> = Reflect.get(api, method);
    return send.call(api, route.path, init);
  };
}

function pointer(document: unknown, path: string): unknown {
  let value = document;
  for (const raw of path === "" ? [] : path.split("/").slice(1)) {
    const token = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(value)) {
      value = value[Number(token)];
    } else if (value !== null && typeof value === "object" && Object.hasOwn(value, token)) {
      value = Object.entries(value).find(([name]) => name === token)?.[1];
    } else {
      throw new Error(`nothing at ${path}`);
    }
    if (value === undefined) {
      throw new Error(`nothing at ${path}`);
    }
  }
  return value;
}

function expand(document: unknown, path: string): unknown[] {
  const star = path.indexOf("/*");
  if (star < 0) {
    return [pointer(document, path)];
  }
  const items = pointer(document, path.slice(0, star));
  const rest = path.slice(star + 2);
  assert.ok(Array.isArray(items), `no array at ${path.slice(0, star)}`);
  return items.flatMap((item: unknown) => (rest === "" ? [item] : expand(item, rest)));
}

/** Exact sums of decimal texts: each scaled to 12 decimal places as a BigInt. */
function scaled(amount: unknown): bigint {
  assert.ok(typeof amount === "string" && /^-?[0-9]+(\.[0-9]{1,12})?$/.test(amount), `${String(amount)} is not a decimal text`);
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = amount.replace("-", "").split(".");
  const value = BigInt(whole + fraction.padEnd(12, "0"));
  return negative ? -value : value;
}

function without(value: unknown, drop: string[] = []): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).filter(([name]) => !drop.includes(name)));
}

class Run {
  readonly seen = new Map<string, Observation>();
  readonly scenario: Scenario;
  constructor(scenario: Scenario) {
    this.scenario = scenario;
  }

  resolve(value: unknown): any {
    if (Array.isArray(value)) {
      return value.map((item: unknown) => this.resolve(item));
    }
    if (value === null || typeof value !== "object") {
      return value;
    }
    const members = new Map(Object.entries(value));
    const from = members.get("$from");
    if (typeof from === "string") {
      const seen = this.seen.get(from);
      assert.ok(seen !== undefined, `no step ${from} before`);
      const header = members.get("header");
      if (typeof header === "string") {
        return seen.headers.get(header);
      }
      const path = members.get("pointer");
      return pointer(seen.body, typeof path === "string" ? path : "");
    }
    return Object.fromEntries([...members].map(([name, item]) => [name, this.resolve(item)]));
  }

  check(step: Step, seen: Observation): void {
    const e = step.expect;
    assert.equal(seen.status, e.status, `${step.id}: status ${seen.status}: ${seen.text}`);
    for (const [path, value] of Object.entries(e.equal ?? {})) {
      assert.deepEqual(pointer(seen.body, path), value, `${step.id}: ${path}`);
    }
    for (const path of e.present ?? []) {
      assert.ok(pointer(seen.body, path) !== null, `${step.id}: nothing at ${path}`);
    }
    for (const [path, count] of Object.entries(e.length ?? {})) {
      const found = pointer(seen.body, path);
      assert.ok(Array.isArray(found) && found.length === count, `${step.id}: ${path} does not hold ${count}`);
    }
    for (const same of e.same ?? []) {
      const mine = without(pointer(seen.body, same.pointer), same.drop);
      assert.ok(isDeepStrictEqual(mine, without(this.resolve(same.as), same.drop)), `${step.id}: ${same.pointer}`);
    }
    if (e.decimal_sum_zero !== undefined) {
      const total = e.decimal_sum_zero.flatMap((path) => expand(seen.body, path)).reduce((sum: bigint, amount) => sum + scaled(amount), 0n);
      assert.equal(total, 0n, `${step.id}: the amounts do not add up to 0`);
    }
    for (const [name, value] of Object.entries(e.headers ?? {})) {
      assert.equal(seen.headers.get(name), value, `${step.id}: ${name}`);
    }
    for (const name of e.headers_present ?? []) {
      assert.ok(seen.headers.get(name), `${step.id}: no ${name}`);
    }
    for (const [name, value] of Object.entries(e.headers_same ?? {})) {
      assert.equal(seen.headers.get(name), this.resolve(value), `${step.id}: ${name}`);
    }
    if (e.waited_at_least_seconds !== undefined) {
      assert.ok(seen.seconds >= e.waited_at_least_seconds, `${step.id}: answered in ${seen.seconds} s`);
    }
  }

  async send(step: Step, baseUrl: string): Promise<Observation> {
    const options = step.client ?? {};
    const exchanged: { request: string; text: string } = { request: "", text: "" };
    const api = createClient({
      baseUrl,
      apiKey: this.scenario.keys[options.key ?? "platform"],
      language: options.language,
      retries: options.retries,
      modelVersion: options.model === undefined ? undefined : String(this.resolve(options.model)),
      // Keeps the texts sent and received: a receipt is checked on them. Redirects are not
      // followed (undici then answers the 308 itself): a 308 is the answer the contract documents.
      fetch: async (input, init) => {
        const request = new Request(input, { ...init, redirect: "manual" });
        exchanged.request = await request.clone().text();
        const response = await globalThis.fetch(request);
        exchanged.text = await response.clone().text();
        return response;
      },
    });
    const call = operationNamed(step.operation ?? "");
    assert.ok(call !== undefined, `no operation ${String(step.operation)} in this client`);
    const input: Input = { body: this.resolve(step.body), header: this.resolve(step.headers ?? {}), path: this.resolve(step.path ?? {}) };
    let outcome: Outcome | undefined;
    let seconds = 0;
    for (let attempt = 0; attempt < (step.at_most ?? 1); attempt += 1) {
      const started = performance.now();
      outcome = await call(api, input);
      seconds = (performance.now() - started) / 1000;
      if (outcome.response.status === (step.repeat_until_status ?? outcome.response.status)) {
        break;
      }
    }
    assert.ok(outcome !== undefined);
    const read = outcome.data ?? outcome.error;
    const body = typeof read === "object" ? read : null;
    return { status: outcome.response.status, headers: outcome.response.headers, body, seconds, ...exchanged };
  }

  async verify(step: Step): Promise<string> {
    const check = step.receipt;
    assert.ok(check !== undefined);
    const settled = this.seen.get(check.of);
    const keys = this.seen.get(check.keys);
    assert.ok(settled !== undefined && keys !== undefined, `${step.id}: the settlement and the keys come first`);
    const answer = check.replace === undefined ? settled.text : settled.text.replace(check.replace[0], check.replace[1]);
    try {
      await verifyReceipt(JSON.parse(settled.request), JSON.parse(answer), JSON.parse(keys.text), { tenant: check.tenant });
    } catch (refused) {
      assert.ok(refused instanceof ReceiptError, String(refused));
      return refused.reason;
    }
    return "holds";
  }

  /** A deal checked offline against its commitment: "holds", or the refusal's code. */
  async verifyDeal(step: Step): Promise<string> {
    const check = step.deal;
    assert.ok(check !== undefined);
    const [commitment, dealt, keys] = [check.commitment, check.of, check.keys].map((id) => this.seen.get(id));
    assert.ok(commitment !== undefined && dealt !== undefined && keys !== undefined, `${step.id}: the deal and the keys come first`);
    try {
      await verifyDeal(JSON.parse(commitment.text), JSON.parse(dealt.text), JSON.parse(keys.text), { tenant: check.tenant });
    } catch (refused) {
      assert.ok(refused instanceof DealError, String(refused));
      return refused.code;
    }
    return "holds";
  }
}

async function play(scenario: Scenario, baseUrl: string, future: boolean, report: string): Promise<void> {
  const run = new Run(scenario);
  for (const step of scenario.steps) {
    if (future && step.round !== true) {
      continue;
    }
    const started = performance.now();
    if (step.receipt !== undefined) {
      assert.equal(await run.verify(step), step.expect.receipt, `${step.id}: the receipt`);
    } else if (step.deal !== undefined) {
      assert.equal(await run.verifyDeal(step), step.expect.deal, `${step.id}: the deal`);
    } else {
      const seen = await run.send(step, baseUrl);
      run.check(step, seen);
      run.seen.set(step.id, seen);
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    appendFileSync(report, JSON.stringify({ step: step.id, future, ms }) + "\n");
  }
}

const url = process.env["MAUBINH_URL"];
const futureUrl = process.env["MAUBINH_FUTURE_URL"];
const file = process.env["MAUBINH_SCENARIO"];
const report = process.env["MAUBINH_REPORT"];

test("the conformance scenario, then its round against answers of a later release", async (context) => {
  if (url === undefined || futureUrl === undefined || file === undefined || report === undefined) {
    context.skip("MAUBINH_URL, MAUBINH_FUTURE_URL, MAUBINH_SCENARIO and MAUBINH_REPORT are not set");
    return;
  }
  const scenario: Scenario = JSON.parse(readFileSync(file, "utf-8"));
  await play(scenario, url, false, report);
  await play(scenario, futureUrl, true, report);
});
