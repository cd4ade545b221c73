import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

/** argon2id's cost: memory in KiB and passes over it. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** The library's defaults, OWASP's minimum for argon2id (19 MiB, 2 passes): about 14 ms here. */
export const PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/**
 * Hashes and checks passwords at `cost`. The server and the operator commands keep the
 * default; only the API tests pass a cheaper one (src/testing/test-app.ts). A check reads the
 * cost from the stored hash, so hashes of any cost verify.
 */
export function createPasswordHasher(cost: PasswordCost = PASSWORD_COST) {
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password: string): Promise<string> => hash(password, cost),

    /**
     * Checks a password. With no stored hash it still does the work of one, so the answer
     * takes as long for an unknown username as for a wrong password.
     */
    async verify(storedHash: string | undefined, password: string): Promise<boolean> {
      if (storedHash === undefined) {
        dummyHash ??= hash('rulekeeper-timing-equaliser', cost);
        await verify(await dummyHash, password);
        return false;
      }
      try {
        return await verify(storedHash, password);
      } catch {
        return false;
      }
    },
  };
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
