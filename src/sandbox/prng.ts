// A small seeded PRNG (mulberry32) and the draws the data set needs. Deterministic by design:
// the same seed yields the same sequence on every platform, which Math.random cannot promise.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks a value with the given relative weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A string of `length` random decimal digits. */
  digits(length: number): string;
  /** A UUID v4-shaped string. */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  /** 8 hex digits from one draw. */
  const hex8 = (): string =>
    Math.floor(next() * 4294967296)
      .toString(16)
      .padStart(8, '0');
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let threshold = next() * total;
      for (const [value, weight] of entries) {
        threshold -= weight;
        if (threshold < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (last === undefined) throw new RangeError('weighted pick from an empty list');
      return last[0];
    },
    digits(length) {
      let out = '';
      // Up to 9 digits per draw: far fewer intermediate strings than one per digit.
      for (let left = length; left > 0; left -= 9) {
        const size = Math.min(9, left);
        out += Math.floor(next() * 10 ** size)
          .toString()
          .padStart(size, '0');
      }
      return out;
    },
    uuid() {
      const a = hex8();
      const b = hex8();
      const c = hex8();
      const d = hex8();
      const variant = (8 + (parseInt(c[0] ?? '0', 16) & 3)).toString(16);
      return [a, '-', b.slice(0, 4), '-4', b.slice(5, 8), '-', variant, c.slice(1, 4), '-', c.slice(4, 8), d].join('');
    },
  };
}
