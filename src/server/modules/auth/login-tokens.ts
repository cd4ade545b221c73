import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits for the login cookie. */
export function generateLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps: a leaked table does not hand out logins. */
export function hashLoginToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The id a login goes by in its owner's list: a hash of the stored hash, so the API never
 * shows what the table is keyed by. 128 bits, base64url.
 */
export function publicLoginId(storedId: string): string {
  return createHash('sha256')
    .update(`rulekeeper-login-id:${storedId}`)
    .digest('base64url')
    .slice(0, 22);
}
