import { wellFormedText } from '#shared/schemas/common.ts';

/** Longer than any real browser's; a header can be up to 16 kB, a row need not be. */
export const USER_AGENT_MAX_LENGTH = 512;

const userAgentText = wellFormedText({ label: 'User-Agent' });

/**
 * What a login keeps of the request's User-Agent: cut to a sane length, and nothing at all
 * when it is not well-formed one-line text (a control character, a bidirectional override),
 * so the list of logins shows only text a browser could have sent.
 */
export function userAgentToStore(header: string | undefined): string | null {
  const value = header?.trim().slice(0, USER_AGENT_MAX_LENGTH);
  if (!value) return null;
  return userAgentText.safeParse(value).success ? value : null;
}
