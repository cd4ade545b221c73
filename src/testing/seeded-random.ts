import { randomInt } from 'node:crypto';

/**
 * A small deterministic generator (mulberry32): a test that makes random choices prints its
 * seed, and the same seed makes the same choices again.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return {
    /** An integer from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    boolean: () => next() < 0.5,
  };
}

/** The seed a test asked for in `variable`, or a new one. */
export function seedFrom(variable: string): number {
  const given = process.env[variable];
  return given ? Number(given) : randomInt(2 ** 31);
}
