import type { z } from 'zod';

/**
 * The opaque `cursor` of a paged list: the sort key of the last row shown, so the next page
 * starts right after it however many rows were added or removed meanwhile (keyset paging).
 * Opaque to clients, but not secret: it only holds values of the trader's own rows.
 */
export function encodeCursor(position: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position in a cursor, or null when it is not one this list made. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
