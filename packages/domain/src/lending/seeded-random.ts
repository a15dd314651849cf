// Deterministic randomness for the simulated lender panel: the same seed and the same key always give the
// same draw, so tests and benchmarks are repeatable (issue 4: "Randomness is seeded").

/** cyrb53 string hash (public domain): 53 well-mixed bits from a string. */
export function hashString(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** mulberry32: a small, fast 32-bit generator; good enough for simulation, never for security. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator for one purpose: `seededRandom(seed, 'lender-x', 'decision', key)`. */
export function seededRandom(seed: number, ...parts: (string | number)[]): () => number {
  return mulberry32(hashString(parts.join('\u001f'), seed));
}

/** One uniform draw in [0, 1) for the given seed and key parts. */
export function seededDraw(seed: number, ...parts: (string | number)[]): number {
  return seededRandom(seed, ...parts)();
}
