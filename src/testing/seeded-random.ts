import { randomInt } from 'node:crypto';
import { createRandom } from '../../scripts/seed-demo/random.ts';

/**
 * A deterministic generator (the demo data's mulberry32): a test that makes random choices
 * prints its seed, and the same seed makes the same choices again.
 */
export function seededRandom(seed: number) {
  const random = createRandom(seed);
  return {
    /** An integer from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(random.next() * (max - min + 1)),
    boolean: () => random.chance(0.5),
  };
}

/** The seed a test asked for in `variable`, or a new one. */
export function seedFrom(variable: string): number {
  const given = process.env[variable];
  return given ? Number(given) : randomInt(2 ** 31);
}
