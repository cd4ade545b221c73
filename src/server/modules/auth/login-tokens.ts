import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits for the login cookie. */
export function generateLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps: a leaked table does not hand out logins. */
export function hashLoginToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
