/**
 * Seeded randomness for the fuzzer. Every request gets its own generator derived from
 * (seed, index), so request #i is the same in every run with the same seed, whatever the
 * concurrency, and can be regenerated alone (`npm run fuzz -- --only i`).
 */

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for picking test inputs. */
function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes two integers into one 32-bit state (splitmix-style finaliser). */
function mix(a: number, b: number): number {
  let h = (Math.imul(a >>> 0, 0x9e3779b1) ^ Math.imul((b >>> 0) + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x21f0aaad) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x735a2d97) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number, stream = 0) {
    this.next = mulberry32(mix(seed, stream));
  }

  /** The generator for request `index` of a run with `seed`. */
  static forRequest(seed: number, index: number): Rng {
    return new Rng(seed, index + 1);
  }

  /** [0, 1) */
  float(): number {
    return this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `[[weight, value], …]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![1];
  }

  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.max(0, count));
  }

  /** A string of `length` characters from `alphabet`. */
  string(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  bytes(length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) out[i] = Math.floor(this.next() * 256);
    return out;
  }
}

export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
