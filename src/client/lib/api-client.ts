import type { z } from 'zod';
import { errorSchema, type ApiError } from '#shared/schemas/common.ts';

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

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the JSON answer; the call fails when the answer does not match. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toHttpError(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  const parsed = errorSchema.safeParse(parseJson(text));
  if (parsed.success && parsed.data.message) {
    return new HttpError(response.status, parsed.data.message, parsed.data.issues);
  }
  return new HttpError(response.status, `${response.status}: ${text || response.statusText}`);
}

/** The single way the client talks to the API: same-origin cookies, JSON both ways. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  if (!response.ok) throw await toHttpError(response);
  return schema.parse(await response.json());
}

/** The message to show for a failed call: the server's words, or a fallback for network errors. */
export function getErrorMessage(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.message ? error.message : fallback;
}
