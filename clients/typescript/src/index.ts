/**
 * A typed client of maubinh-api. The types and the paths come from the service's own
 * `openapi.yaml` (openapi-typescript, in `schema.d.ts`); the calls are openapi-fetch's, so every
 * path, body, parameter and answer is checked by the compiler. This module adds only what the
 * generator cannot say: the key, language and pinned model on every request, a problem answer as
 * a typed error ({@link answer}) carrying the answer's headers as values, a retry after a 429 or
 * 503 (every operation of the service is safe to repeat) that honours the client's timeout and the
 * caller's `AbortSignal`, and the offline checks: of a settlement's receipt ({@link verifyReceipt}),
 * of a deal ({@link verifyDeal}) and of a file of hand records ({@link verifyHandRecords}).
 */
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";

export type { Client, Middleware } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type * from "./schema.js";
export {
  ReceiptError,
  verifyReceipt,
  verifyReceiptText,
  type ReceiptCheck,
  type ReceiptRefusal,
  type SignatureRefusal,
} from "./receipts.js";
export { DECK, DealError, dealtHands, SHUFFLE, shuffledDeck, verifyDeal, type DealCheck, type DealRefusal } from "./deals.js";
export {
  buildHandRecord,
  HandRecordError,
  handRecordLine,
  RECORD_FORMAT,
  recordDigest,
  verifyHandRecords,
  type HandRecordCheck,
  type HandRecordParts,
  type HandRecordRefusal,
  type TableChain,
} from "./hand-records.js";

/** A problem document (RFC 9457), as every error answer of the service is. */
export type Problem = components["schemas"]["Problem"];

/** An error answer of the service, with its problem document, status and headers. */
export class ProblemError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** The answer's headers a caller acts on: request id, model version, `Retry-After`, limits. */
  readonly headers: AnswerHeaders;

  constructor(status: number, problem: Problem, headers: AnswerHeaders) {
    super(`${status} ${problem.title}: ${problem.detail}`);
    this.name = "ProblemError";
    this.status = status;
    this.problem = problem;
    this.headers = headers;
  }

  /** The answer's `X-Request-ID`, to find the request in the service's logs. */
  get requestId(): string | null {
    return this.headers.requestId;
  }

  /** Seconds the service said to wait before sending the request again (a 429 or 503), or null. */
  get retryAfter(): number | null {
    return this.headers.retryAfter;
  }
}

export interface ClientOptions {
  /** Where the service answers, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** The tenant's key, sent as `Authorization: Bearer <key>` (none on an open deployment). */
  apiKey?: string | undefined;
  /** The language of problem texts (`Accept-Language`); answers carry both languages anyway. */
  language?: "en" | "vi" | undefined;
  /** The model to be answered from (`X-Model-Version`, as an earlier answer named it): a pinned
   * request gets the same figures after any upgrade, while the deployment keeps that model. */
  modelVersion?: string | undefined;
  /** Seconds a call may take in all, its retries' waits included (default: no limit but the
   * caller's own `signal`). A wait that would end after it is not begun: the 429 is thrown. */
  timeout?: number | undefined;
  /** How many times a 429 or 503 is retried after its `Retry-After` (default 2; 0 turns it off). */
  retries?: number | undefined;
  /** The longest `Retry-After` worth waiting for, in seconds (default 10): longer waits are thrown. */
  longestWait?: number | undefined;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch | undefined;
}

/** A limit as `RateLimit` and `RateLimit-Policy` state it. */
export interface RateLimitWindow {
  /** The limit as the tenants file writes it, e.g. `50/second`. */
  name: string;
  /** Units the window allows (`q`), when the policy was sent. */
  quota?: number | undefined;
  /** The window in seconds (`w`), when the policy was sent. */
  window?: number | undefined;
  /** Units left after this request (`r`). */
  remaining?: number | undefined;
  /** Seconds until the whole window is free again (`t`). */
  reset?: number | undefined;
}

/** The headers every answer carries that a caller may act on, read into values. */
export interface AnswerHeaders {
  requestId: string | null;
  modelVersion: string | null;
  etag: string | null;
  retryAfter: number | null;
  rateLimits: RateLimitWindow[];
}

function parameters(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of text.split(";").slice(1)) {
    const [key, value] = part.split("=", 2);
    if (key !== undefined && value !== undefined && /^\d+$/.test(value.trim())) {
      found.set(key.trim(), Number(value.trim()));
    }
  }
  return found;
}

function windows(header: string | null): Map<string, Map<string, number>> {
  const found = new Map<string, Map<string, number>>();
  for (const item of (header ?? "").split(",")) {
    const name = /^\s*"([^"]*)"/.exec(item)?.[1];
    if (name !== undefined) {
      found.set(name, parameters(item));
    }
  }
  return found;
}

/** The answer's request id, model version, ETag, Retry-After and rate-limit windows. */
export function answerHeaders(headers: Headers): AnswerHeaders {
  const policy = windows(headers.get("RateLimit-Policy"));
  const left = windows(headers.get("RateLimit"));
  const names = [...new Set([...policy.keys(), ...left.keys()])];
  const retry = headers.get("Retry-After");
  return {
    requestId: headers.get("X-Request-ID"),
    modelVersion: headers.get("X-Model-Version"),
    etag: headers.get("ETag"),
    retryAfter: retry !== null && /^\d+$/.test(retry) ? Number(retry) : null,
    rateLimits: names.map((name) => ({
      name,
      quota: policy.get(name)?.get("q"),
      window: policy.get(name)?.get("w"),
      remaining: left.get(name)?.get("r"),
      reset: left.get(name)?.get("t"),
    })),
  };
}

/** Waits `seconds`, or until `signal` aborts: true when the wait ran its course. */
function sleep(seconds: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(false);
      return;
    }
    const stop = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve(true);
    }, seconds * 1000);
    signal.addEventListener("abort", stop, { once: true });
  });
}

function retrying(options: ClientOptions): Middleware {
  const retries = options.retries ?? 2;
  const longest = options.longestWait ?? 10;
  const send = options.fetch ?? globalThis.fetch;
  const bodies = new WeakMap<Request, Request>();
  const deadlines = new WeakMap<Request, number>();
  return {
    async onRequest({ request }) {
      let sent = request;
      if (options.timeout !== undefined) {
        // One signal for the whole call, retries and waits included: the caller's, or the timeout's.
        const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeout * 1000)]);
        sent = new Request(request, { signal });
        deadlines.set(sent, Date.now() + options.timeout * 1000);
      }
      // Every operation of the service computes its answer from the request alone and changes
      // nothing, so each may be sent again (a retry costs what the request cost).
      if (retries > 0) {
        bodies.set(sent, sent.clone()); // a body can be read once: keep a copy to send again
      }
      return sent === request ? undefined : sent;
    },
    async onResponse({ request, response }) {
      let answer = response;
      let copy = bodies.get(request);
      const deadline = deadlines.get(request) ?? Number.POSITIVE_INFINITY;
      for (let attempt = 0; copy !== undefined && attempt < retries; attempt += 1) {
        if (answer.status !== 429 && answer.status !== 503) {
          break;
        }
        const wait = answerHeaders(answer.headers).retryAfter;
        // A wait that would outlast the call's time is not begun: the caller gets the 429 now.
        if (wait === null || wait > longest || Date.now() + wait * 1000 >= deadline) {
          break;
        }
        if (!(await sleep(wait, request.signal))) {
          break; // the caller gave up (or the timeout ran out) while waiting: the answer it had
        }
        const again = copy.clone();
        answer = await send(copy);
        copy = again;
      }
      return answer;
    },
  };
}

/** What an openapi-fetch call resolves to: the typed answer, or the typed problem. */
export type Outcome<T, E> =
  | { data: T; error?: never; response: Response }
  | { data?: never; error: E; response: Response };

/**
 * The answer of a call, or a {@link ProblemError} thrown for its problem:
 * `const best = await answer(client.POST("/v1/arrangements/optimal", { body }))`. A call that
 * may be answered 304 (a GET with `If-None-Match`) is read from its own `response` instead.
 */
export async function answer<T, E extends Problem>(call: Promise<Outcome<T, E>>): Promise<NonNullable<T>> {
  const { data, error, response } = await call;
  if (error !== undefined) {
    throw new ProblemError(response.status, error, answerHeaders(response.headers));
  }
  if (data === undefined || data === null) {
    // A 304 has no body: a conditional GET reads `response.status` from the call itself.
    throw new Error(`the answer (${response.status}) has no body`);
  }
  return data;
}

/**
 * A client of the service at `options.baseUrl`. Calls are openapi-fetch's
 * (`client.POST("/v1/arrangements/optimal", { body })`, resolving to `{ data }` or `{ error }`,
 * each typed by the spec); {@link answer} turns the error into a thrown {@link ProblemError}.
 */
export function createClient(options: ClientOptions): Client<paths> {
  const headers: Record<string, string> = {};
  if (options.apiKey !== undefined) {
    headers["Authorization"] = `Bearer ${options.apiKey}`;
  }
  if (options.language !== undefined) {
    headers["Accept-Language"] = options.language;
  }
  if (options.modelVersion !== undefined) {
    headers["X-Model-Version"] = options.modelVersion;
  }
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  client.use(retrying(options));
  return client;
}
