import { PAGE_USER_HEADER, PAGE_USER_PARAM } from '#shared/constants.ts';
import type { z } from '#shared/zod.ts';
import { errorSchema, type ApiError } from '#shared/schemas/common.ts';
import { pageAnswers } from './page-answers.ts';
import { awaitTurn } from './turns.ts';

/** A non-OK answer of the API. `message` is the server's own message when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly issues: ApiError['issues'];

  constructor(status: number, message: string, issues?: ApiError['issues']) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.issues = issues;
  }
}

/** The request never got an answer: the server or the network is down. Worth one retry. */
export class NetworkError extends Error {
  constructor(options?: ErrorOptions) {
    super('The server could not be reached. Check your connection and try again.', options);
    this.name = 'NetworkError';
  }
}

/** True for an answer with one of these statuses. */
export function isHttpError(error: unknown, ...statuses: number[]): error is HttpError {
  return error instanceof HttpError && (statuses.length === 0 || statuses.includes(error.status));
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a `Blob` (an uploaded file) is sent as its bytes, with its own type. */
  body?: unknown;
  /**
   * Query parameters; `undefined` ones are left out. A list that grows passes its page here
   * (`{ limit, cursor }`) along with its filters.
   */
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates the JSON answer; the call fails when the answer does not match. */
  schema: z.ZodMiniType<T>;
  signal?: AbortSignal;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Words for an error answer that carries no message of ours (a proxy's HTML page, an empty
 * body): a person should never read a status code followed by raw text.
 */
export function describeStatus(status: number): string {
  if (status === 401) return 'You are not logged in';
  if (status === 403) return 'You are not allowed to do that';
  if (status === 404) return 'Not found';
  if (status === 409) return 'It was changed in the meantime';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong. Please try again.';
  return 'The request could not be completed';
}

async function toHttpError(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  const parsed = errorSchema.safeParse(parseJson(text));
  if (parsed.success && parsed.data.message) {
    return new HttpError(response.status, parsed.data.message, parsed.data.issues);
  }
  return new HttpError(response.status, describeStatus(response.status));
}

/** `path` with the defined `query` values appended, in the order given. */
export function withQuery(path: string, query: RequestOptions<unknown>['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The user this page shows, once known: each call names them (`PAGE_USER_HEADER`). */
let pageUser: number | null = null;

/**
 * Sets the user each call is made for, or none while logged out. The query client keeps it to
 * the login its cached answers belong to; the server refuses a call whose login is someone
 * else's (another tab logged in), so no answer or write goes to the wrong person.
 */
export function callAs(userId: number | null) {
  pageUser = userId;
}

/**
 * A link to the API (a download) that names the page's user, as each call does in its header:
 * the server refuses it when another tab has logged in as someone else since.
 */
export function linkAs(path: string): string {
  return pageUser === null ? path : withQuery(path, { [PAGE_USER_PARAM]: pageUser });
}

/** The single way the client talks to the API: same-origin cookies, JSON both ways. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, query, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (pageUser !== null) headers[PAGE_USER_HEADER] = String(pageUser);
  const isFile = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = isFile ? body.type : 'application/json';

  const url = withQuery(path, query);
  if (method === 'GET') {
    // The page may have come with this answer (a screen's first calls): checked as any other.
    const answered = pageAnswers.take(url);
    if (answered) {
      // In a task of its own, as an answer from the network comes: what it makes the app draw
      // is not added to the task that is running, often the one that evaluated the app's code.
      await new Promise<void>((resolve) => awaitTurn(resolve));
      return schema.parse(answered.value);
    }
  } else {
    pageAnswers.forget();
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined || isFile ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A cancelled request is not a failure to report or retry.
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }

  if (!response.ok) throw await toHttpError(response);
  return schema.parse(await response.json());
}

/** The message to show for a failed call: the server's words, or a fallback for anything else. */
export function getErrorMessage(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.message ? error.message : fallback;
}
