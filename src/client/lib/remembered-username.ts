/**
 * "Remember me" keeps only the username in the browser, never the password
 * (docs/decisions/0002-logins.md). Storage can be unavailable (private mode,
 * quota), so every access is guarded and failures are ignored.
 */
const STORAGE_KEY = 'rulekeeper.rememberedUsername';

export function getRememberedUsername(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setRememberedUsername(username: string) {
  try {
    window.localStorage.setItem(STORAGE_KEY, username);
  } catch {
    // Not remembering the name is harmless.
  }
}

export function clearRememberedUsername() {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored means nothing to forget.
  }
}

/** Forgets the remembered username when it is this one (an account that no longer exists). */
export function forgetRememberedUsername(username: string) {
  if (getRememberedUsername() === username) clearRememberedUsername();
}
