// NUL and the other control characters have no place in anything a person types; PostgreSQL
// refuses NUL in text outright ("invalid byte sequence"), which was a 500 on 56 routes (issue 26).
// Tab, line feed and carriage return stay: addresses and notes have several lines.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTER_MESSAGE = "Text cannot contain control characters.";

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The path of the first string (or object key) with a control character in a parsed JSON body or
 * query ("" for the value itself), or null. Walks at most `limit` values, so a huge body costs
 * bounded time; the rest is left to the schemas.
 */
export function findControlCharacter(value: unknown, limit = 100_000): string | null {
  let visited = 0;
  const walk = (node: unknown, path: string): string | null => {
    visited += 1;
    if (visited > limit) return null;
    if (typeof node === "string") return hasControlCharacter(node) ? path : null;
    if (typeof node !== "object" || node === null) return null;
    const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
    for (const [key, child] of entries) {
      const childPath = path === "" ? String(key) : `${path}.${key}`;
      if (typeof key === "string" && hasControlCharacter(key)) return childPath;
      const found = walk(child, childPath);
      if (found !== null) return found;
    }
    return null;
  };
  return walk(value, "");
}

/** How deep a request's JSON may nest (issue 37: 6,000 levels were a 500 on every route). */
export const MAX_JSON_DEPTH = 64;
export const JSON_DEPTH_MESSAGE = `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * Whether a parsed value nests objects or arrays deeper than `max`: walked without recursion,
 * so no depth can overflow the stack, and at most `limit` values, like findControlCharacter.
 */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH, limit = 100_000): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length > 0 && visited < limit) {
    const [node, depth] = stack.pop() as [unknown, number];
    visited += 1;
    if (typeof node !== "object" || node === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
