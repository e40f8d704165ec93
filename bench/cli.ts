/**
 * What every bench script needs to run on its own: whether it was started directly, its numeric
 * options, and a seeded random source so that a run's data is the same every time.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export function startedDirectly(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && fileURLToPath(moduleUrl) === path.resolve(script);
}

export function numberOption(argv: readonly string[], name: string): number | undefined {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : undefined;
}

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
