/**
 * Where uploaded images live. Narrow on purpose: keys are chosen by the server
 * (`screenshots/<random>.png`), values are whole files, and nothing else is asked of a driver,
 * so an object-storage driver can be added beside the filesystem one without touching the
 * modules that store images.
 */
export interface ImageStore {
  /**
   * Fails with an ImageStoreUnavailableError (or the file system's error) when the store cannot
   * be used: the server calls it before it starts answering, so a wrong setting stops the start
   * with one line instead of failing every upload later.
   */
  check(): Promise<void>;
  /** Stores the bytes under `key`, replacing nothing: keys are random and used once. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes stored under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (`screenshots/`), with when it was written: for the sweep. */
  list(prefix: string): AsyncIterable<{ key: string; writtenAt: Date }>;
  /**
   * Removes what writes cut short by a crash left behind (the filesystem store's temporary
   * files) that were last touched before `before`; answers how many. For the sweep. A store
   * whose writes are all-or-nothing (object storage) has nothing to remove and leaves it out.
   */
  removeAbandonedWrites?(before: Date): Promise<number>;
}

/**
 * A key the server made: a folder and a file name with its extensions (`a1B2.png.webp`),
 * nothing that could climb out of the store.
 */
const KEY = /^[a-z]+\/[A-Za-z0-9_-]+(\.[a-z]+)+$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Not an image store key: ${JSON.stringify(key)}`);
}

/** Why a remote store cannot be used; start-up turns it into a line naming the settings. */
export class ImageStoreUnavailableError extends Error {
  override name = 'ImageStoreUnavailableError';
  constructor(
    readonly reason: 'missing' | 'denied' | 'wrong-region' | 'no-credentials' | 'unreachable',
    options: { cause: unknown },
  ) {
    super(`The image store cannot be used (${reason})`, options);
  }
}
