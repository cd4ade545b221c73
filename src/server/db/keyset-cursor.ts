import type { z } from '#shared/zod.ts';
import { createErrorFactory } from '../errors.ts';

/**
 * The opaque `cursor` of a paged list: the sort key of the last row shown, so the next page
 * starts right after it however many rows were added or removed meanwhile (keyset paging).
 * Opaque to clients, but not secret: it only holds values of the trader's own rows.
 */
export function encodeCursor(position: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position in a cursor, or null when it is not one this list made. */
export function decodeCursor<T>(cursor: string, schema: z.ZodMiniType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const INVALID_CURSOR = 'cursor is not valid: start again from the first page';
/** The 400 of a cursor this list did not make. */
export const invalidCursor = createErrorFactory({
  code: 'paging.invalid_cursor',
  statusCode: 400,
  message: INVALID_CURSOR,
  issues: [{ path: 'cursor', message: INVALID_CURSOR }],
});

/** The position a page starts after: null for the first page, 400 for a cursor this list did not make. */
export function readCursor<T>(cursor: string | undefined, schema: z.ZodMiniType<T>): T | null {
  if (!cursor) return null;
  const position = decodeCursor(cursor, schema);
  if (position === null) throw invalidCursor();
  return position;
}
