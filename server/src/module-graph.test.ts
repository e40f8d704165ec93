import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Issue 18: modules reach each other through services, and no two server modules import each
// other, directly or round a longer circle. A node is a module folder under modules/, or a file
// or folder directly under src/; type-only imports count too.

const src = path.dirname(fileURLToPath(import.meta.url));

function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return name.endsWith(".ts") && !name.includes(".test.") && !name.includes("test-kit")
      ? [full]
      : [];
  });
}

function nodeOf(file: string): string {
  const [first, second] = path.relative(src, file).split(path.sep);
  return first === "modules" && second && !second.endsWith(".ts")
    ? `modules/${second}`
    : (first ?? "");
}

function readModuleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of listSources(src)) {
    const from = nodeOf(file);
    for (const match of readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)"/g)) {
      const to = nodeOf(path.resolve(path.dirname(file), match[1] as string));
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one node: the circles (Tarjan). */
function findCircles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      for (;;) {
        const member = stack.pop() as string;
        group.push(member);
        if (member === node) break;
      }
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

test("no circle of imports between server modules", () => {
  const graph = readModuleGraph();
  expect(graph.get("modules/reports")?.has("modules/ledger")).toBe(true);
  expect(findCircles(graph)).toEqual([]);
});

test("the check sees a circle when there is one", () => {
  const graph = new Map([
    ["modules/a", new Set(["modules/b"])],
    ["modules/b", new Set(["modules/c"])],
    ["modules/c", new Set(["modules/a"])],
  ]);
  expect(findCircles(graph)).toEqual([["modules/a", "modules/b", "modules/c"]]);
});
