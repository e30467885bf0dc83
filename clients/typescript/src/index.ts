/**
 * A typed client of maubinh-api. The types and the paths come from the service's own
 * `openapi.yaml` (openapi-typescript, in `schema.d.ts`); the calls are openapi-fetch's, so every
 * path, body, parameter and answer is checked by the compiler. This module adds only what the
 * generator cannot say: the key and language on every request, a problem answer as a typed
 * error ({@link answer}), the rate-limit and version headers read into values, and a retry after
 * a 429 or 503 (every operation of the service is safe to repeat).
 */
import createFetchClient, { type Client, type Middleware } from "openapi-fetch";

export type { Client, Middleware } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type * from "./schema.js";

/** A problem document (RFC 9457), as every error answer of the service is. */
export type Problem = components["schemas"]["Problem"];

/** An error answer of the service, with its problem document and status. */
export class ProblemError extends Error {
  readonly status: number;
  readonly problem: Problem;
  readonly requestId: string | null;

  constructor(status: number, problem: Problem, requestId: string | null) {
    super(`${status} ${problem.title}: ${problem.detail}`);
    this.name = "ProblemError";
    this.status = status;
    this.problem = problem;
    this.requestId = requestId;
  }
}

export interface ClientOptions {
  /** Where the service answers, e.g. `http://127.0.0.1:8000`. */
  baseUrl: string;
  /** The tenant's key, sent as `Authorization: Bearer <key>` (none on an open deployment). */
  apiKey?: string;
  /** The language of problem texts (`Accept-Language`); answers carry both languages anyway. */
  language?: "en" | "vi";
  /** How many times a 429 or 503 is retried after its `Retry-After` (default 2; 0 turns it off). */
  retries?: number;
  /** The longest `Retry-After` worth waiting for, in seconds (default 10): longer waits are thrown. */
  longestWait?: number;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

/** A limit as `RateLimit` and `RateLimit-Policy` state it. */
export interface RateLimitWindow {
  /** The limit as the tenants file writes it, e.g. `50/second`. */
  name: string;
  /** Units the window allows (`q`), when the policy was sent. */
  quota?: number;
  /** The window in seconds (`w`), when the policy was sent. */
  window?: number;
  /** Units left after this request (`r`). */
  remaining?: number;
  /** Seconds until the whole window is free again (`t`). */
  reset?: number;
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

function sleep(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

function retrying(options: ClientOptions): Middleware {
  const retries = options.retries ?? 2;
  const longest = options.longestWait ?? 10;
  const send = options.fetch ?? globalThis.fetch;
  const bodies = new WeakMap<Request, Request>();
  return {
    async onRequest({ request }) {
      // Every operation of the service computes its answer from the request alone and changes
      // nothing, so each may be sent again (a retry costs what the request cost).
      if (retries > 0) {
        bodies.set(request, request.clone()); // a body can be read once: keep a copy to send again
      }
      return undefined;
    },
    async onResponse({ request, response }) {
      let answer = response;
      let copy = bodies.get(request);
      for (let attempt = 0; copy !== undefined && attempt < retries; attempt += 1) {
        if (answer.status !== 429 && answer.status !== 503) {
          break;
        }
        const wait = answerHeaders(answer.headers).retryAfter;
        if (wait === null || wait > longest) {
          break;
        }
        await sleep(wait);
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
    throw new ProblemError(response.status, error, response.headers.get("X-Request-ID"));
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
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  client.use(retrying(options));
  return client;
}
