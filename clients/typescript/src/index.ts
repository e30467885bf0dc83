/**
 * A typed client of maubinh-api. The types and the paths come from the service's own
 * `openapi.yaml` (openapi-typescript, in `schema.d.ts`); the calls are openapi-fetch's, so every
 * path, body, parameter and answer is checked by the compiler. This module adds only what the
 * generator cannot say: the key, language and pinned model on every request, a call's own options
 * over the client's ({@link MauBinhClient.withOptions}), a problem answer as a typed error
 * ({@link answer}) carrying the answer's headers as values, an answer with the texts sent and
 * received ({@link answered}), a retry after a 429 or 503 (every operation of the service is safe
 * to repeat) that honours the call's timeout and the caller's `AbortSignal`, and the offline checks:
 * of a settlement's receipt ({@link verifyAnswer}, {@link verifyReceipt}), of a deal
 * ({@link verifyDeal}) and of a file of hand records ({@link verifyHandRecords}).
 */
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";

import { type ReceiptCheck, verifyReceiptText } from "./receipts.js";

export type { Client, Middleware } from "openapi-fetch";

import type { components, paths, Receipt, ReceiptKeys } from "./schema.js";

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

/** The languages of problem texts (`Accept-Language`); answers carry both languages anyway. */
export type Language = "en" | "vi";

/**
 * One call's own options, each named (two cannot be swapped) and each optional:
 * `api.withOptions({ language: "vi", timeout: 1 })` is a client whose calls send them. Each one
 * given wins over the client's; each left out (or undefined) is the client's.
 */
export interface CallOptions {
  /** Problem texts in this language (`Accept-Language`). */
  language?: Language | undefined;
  /** The model to be answered from (`X-Model-Version`, as an earlier answer named it). */
  modelVersion?: string | undefined;
  /** The call's `X-Request-ID` (1-128 letters, digits, `._:-`), to find it in the service's logs. */
  requestId?: string | undefined;
  /** Seconds the call may take in all, a retry's wait included. */
  timeout?: number | undefined;
  /** Whether a 429 or 503 may be answered by sending the request again after its `Retry-After`
   * (every operation of the service may be; false keeps the call to one sending). */
  idempotent?: boolean | undefined;
}

export interface ClientOptions {
  /** Where the service answers, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** The tenant's key, sent as `Authorization: Bearer <key>` (none on an open deployment). */
  apiKey?: string | undefined;
  /** The language of problem texts (`Accept-Language`); answers carry both languages anyway. */
  language?: Language | undefined;
  /** The model to be answered from (`X-Model-Version`, as an earlier answer named it): a pinned
   * request gets the same figures after any upgrade, while the deployment keeps that model. */
  modelVersion?: string | undefined;
  /** Seconds a call may take in all, its retries' waits included (default: no limit but the
   * caller's own `signal`). A wait that would end after it is not begun: the 429 is thrown. */
  timeout?: number | undefined;
  /** How many times a 429 or 503 is retried after its `Retry-After` (default 2; 0 turns it off). */
  retries?: number | undefined;
  /** Whether calls may be sent again after a 429 or 503 (default true: every operation may be). */
  idempotent?: boolean | undefined;
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

/** A client's options and the call options it was made with ({@link MauBinhClient.withOptions}). */
interface Settings extends ClientOptions {
  requestId?: string | undefined;
}

/** The texts of each answer received through a client of {@link createClient}, and of its request. */
const exchanges = new WeakMap<Response, { requestText: string; text: string }>();

function retrying(options: Settings): Middleware {
  const retries = options.idempotent === false ? 0 : (options.retries ?? 2);
  const longest = options.longestWait ?? 10;
  const send = options.fetch ?? globalThis.fetch;
  const bodies = new WeakMap<Request, Request>();
  const deadlines = new WeakMap<Request, number>();
  const sentTexts = new WeakMap<Request, string>();
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
      sentTexts.set(sent, await sent.clone().text()); // the request's body as sent, for its receipt
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
      exchanges.set(answer, { requestText: sentTexts.get(request) ?? "", text: await answer.clone().text() });
      return answer;
    },
  };
}

/** What an openapi-fetch call resolves to: the typed answer, or the typed problem. */
export type Outcome<T, E> =
  | { data: T; error?: never; response: Response }
  | { data?: never; error: E; response: Response };

/** The answer's body, or a {@link ProblemError} thrown for its problem. */
async function settled<T, E extends Problem>(call: Promise<Outcome<T, E>>): Promise<[NonNullable<T>, Response]> {
  const { data, error, response } = await call;
  if (error !== undefined) {
    throw new ProblemError(response.status, error, answerHeaders(response.headers));
  }
  if (data === undefined || data === null) {
    // A 304 has no body: a conditional GET reads `response.status` from the call itself.
    throw new Error(`the answer (${response.status}) has no body`);
  }
  return [data, response];
}

/**
 * The answer of a call, or a {@link ProblemError} thrown for its problem:
 * `const best = await answer(client.POST("/v1/arrangements/optimal", { body }))`. A call that
 * may be answered 304 (a GET with `If-None-Match`) is read from its own `response` instead.
 */
export async function answer<T, E extends Problem>(call: Promise<Outcome<T, E>>): Promise<NonNullable<T>> {
  return (await settled(call))[0];
}

/** An answer with the texts sent and received: what a settlement's receipt is checked against. */
export interface Answered<T> {
  /** The answer, as the spec types it. */
  body: T;
  /** The request's body exactly as it was sent ("" for a request without one). */
  requestText: string;
  /** The answer's body exactly as it was received. */
  text: string;
  /** The answer's headers, read into values. */
  headers: AnswerHeaders;
}

/**
 * {@link answer}, with the request's text as it was sent and the answer's as it was received
 * (keep both with a receipt): `const settled = await answered(api.POST("/v1/settlements", { body }))`.
 * The call must be a client's of {@link createClient}, which keeps the texts.
 */
export async function answered<T, E extends Problem>(call: Promise<Outcome<T, E>>): Promise<Answered<NonNullable<T>>> {
  const [body, response] = await settled(call);
  const texts = exchanges.get(response);
  if (texts === undefined) {
    throw new Error("the answer did not come through a client of createClient, which keeps the texts sent");
  }
  return { body, requestText: texts.requestText, text: texts.text, headers: answerHeaders(response.headers) };
}

/**
 * The receipt of a settlement {@link answered}, checked offline from the answer alone (the request's
 * text as it was sent, the answer's as received): {@link verifyReceiptText}'s whole check, with
 * the deployment's key set `keys` (`GET /.well-known/jwks.json`, parsed or its text).
 */
export function verifyAnswer(
  answer: Pick<Answered<unknown>, "requestText" | "text">,
  keys: ReceiptKeys | string,
  check: ReceiptCheck = {},
): Promise<Receipt> {
  return verifyReceiptText(answer.requestText, answer.text, keys, check);
}

/** A client of the service: openapi-fetch's, and {@link MauBinhClient.withOptions} for one call's options. */
export interface MauBinhClient extends Client<paths> {
  /**
   * A client whose calls send `options`: each one given wins over this client's, each left out is
   * this client's; this client is left as it was. Middleware added with `use` comes along.
   * `await answer(api.withOptions({ language: "vi", timeout: 1 }).POST("/v1/settlements", { body }))`.
   */
  withOptions(options: CallOptions): MauBinhClient;
}

function over(call: CallOptions, client: Settings): Settings {
  const chosen: Settings = { ...client };
  if (call.language !== undefined) chosen.language = call.language;
  if (call.modelVersion !== undefined) chosen.modelVersion = call.modelVersion;
  if (call.requestId !== undefined) chosen.requestId = call.requestId;
  if (call.timeout !== undefined) chosen.timeout = call.timeout;
  if (call.idempotent !== undefined) chosen.idempotent = call.idempotent;
  return chosen;
}

function made(settings: Settings, added: readonly Middleware[]): MauBinhClient {
  const headers: Record<string, string> = {};
  if (settings.apiKey !== undefined) {
    headers["Authorization"] = `Bearer ${settings.apiKey}`;
  }
  if (settings.language !== undefined) {
    headers["Accept-Language"] = settings.language;
  }
  if (settings.modelVersion !== undefined) {
    headers["X-Model-Version"] = settings.modelVersion;
  }
  if (settings.requestId !== undefined) {
    headers["X-Request-ID"] = settings.requestId;
  }
  const client = createFetchClient<paths>({
    baseUrl: settings.baseUrl,
    headers,
    ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
  });
  client.use(retrying(settings));
  const own = [...added]; // the caller's middleware, in order: a client for one call keeps it
  if (own.length > 0) {
    client.use(...own);
  }
  const use = client.use.bind(client);
  const eject = client.eject.bind(client);
  return Object.assign(client, {
    use(...middleware: Middleware[]): void {
      own.push(...middleware);
      use(...middleware);
    },
    eject(...middleware: Middleware[]): void {
      for (const gone of middleware) {
        const at = own.indexOf(gone);
        if (at >= 0) {
          own.splice(at, 1);
        }
      }
      eject(...middleware);
    },
    withOptions(options: CallOptions): MauBinhClient {
      return made(over(options, settings), own);
    },
  });
}

/**
 * A client of the service at `options.baseUrl`. Calls are openapi-fetch's
 * (`client.POST("/v1/arrangements/optimal", { body })`, resolving to `{ data }` or `{ error }`,
 * each typed by the spec); {@link answer} turns the error into a thrown {@link ProblemError}, and
 * `client.withOptions(...)` gives one call its own options.
 */
export function createClient(options: ClientOptions): MauBinhClient {
  return made(options, []);
}
