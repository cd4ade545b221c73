import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

/** argon2id with the library's defaults (19 MiB, t=2): about 14 ms here. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. With no stored hash it still does the work of one, so the answer takes
 * as long for an unknown username as for a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (storedHash === undefined) {
    dummyHash ??= hash('rulekeeper-timing-equaliser');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * True for a password in zxcvbn's list of about 49,000 common passwords, in any letter case.
 * The list ships with the app (never fetched); it is loaded on first use, which costs ~35 ms,
 * so that starting the server does not.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common'].filter((common) => common.length >= PASSWORD_MIN_LENGTH),
      ),
  );
  return (await commonPasswords).has(password.toLowerCase());
}
