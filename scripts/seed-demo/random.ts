/**
 * mulberry32: a tiny seeded generator, so the demo data is the same on every run of a given day
 * (Math.random cannot be seeded). Answers numbers in [0, 1).
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** True with probability `p`. */
    chance: (p: number) => next() < p,
    between: (min: number, max: number) => min + (max - min) * next(),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

export type Random = ReturnType<typeof createRandom>;
