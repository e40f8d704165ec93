import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Issue 18: modules reach each other through services, and no two server modules import each
// other, directly or round a longer circle. A node is a module folder under modules/, or a file
// or folder directly under src/; type-only imports count too.
//
// Issue 34: every module sits in a layer and imports only from its own layer and those below.
// The engine writes the books; masters read its balances (an account's opening and current
// balance, an item's stock value), and the outputs read both. An output plugs into the engine by
// registering with it (vouchers/voucher-extensions.ts, ledger/ledger-answers.ts), never by being
// imported.
const LAYERS = [
  {
    name: "foundation",
    // Callers and rights, audit, organisations and people, messages, files and tables: what any
    // module may use.
    modules: [
      "access",
      "audit",
      "auth",
      "changes",
      "exports",
      "health",
      "messaging",
      "misc",
      "organisations",
      "sheets",
      "users",
    ],
  },
  {
    name: "engine",
    // The voucher engine and what it keeps in each save's transaction: balances and the ledger,
    // the period locks it obeys, the GST return facts (decision 056).
    modules: ["vouchers", "ledger", "lock-periods", "return-facts", "tds-facts"],
  },
  {
    name: "masters",
    modules: ["masters", "accounts", "items", "custom-fields", "gstin", "closing-stock"],
  },
  {
    name: "outputs",
    // What the books give out, and the imports that feed them through the engine's services.
    modules: [
      "documents",
      "document-links",
      "einvoice",
      "email-log",
      "ewaybill",
      "gst-returns",
      "gstr2",
      "imports",
      "reports",
      "sending",
      "tds",
    ],
  },
  {
    name: "tools",
    // Imported by no module: the demo's books loaded through masters and engine; help requests.
    modules: ["demo", "support"],
  },
] as const;

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

/** Every edge between two nodes, with the files that make it ("from -> to" to file names). */
function readImportEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of listSources(src)) {
    const from = nodeOf(file);
    for (const match of readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)"/g)) {
      const to = nodeOf(path.resolve(path.dirname(file), match[1] as string));
      if (to === from) continue;
      const edge = `${from} -> ${to}`;
      if (!edges.has(edge)) edges.set(edge, new Set());
      edges.get(edge)?.add(path.relative(src, file));
    }
  }
  return edges;
}

function readModuleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const edge of readImportEdges().keys()) {
    const [from, to] = edge.split(" -> ") as [string, string];
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)?.add(to);
  }
  return graph;
}

/** The imports from a module of a lower layer to one of a higher layer, each named with its files. */
function findUpwardEdges(
  edges: ReadonlyMap<string, ReadonlySet<string>>,
  layers: readonly { name: string; modules: readonly string[] }[],
): string[] {
  const layerOf = new Map<string, number>();
  layers.forEach((layer, index) => {
    for (const name of layer.modules) layerOf.set(`modules/${name}`, index);
  });
  const upward: string[] = [];
  for (const [edge, files] of edges) {
    const [from, to] = edge.split(" -> ") as [string, string];
    const fromLayer = layerOf.get(from);
    const toLayer = layerOf.get(to);
    if (fromLayer === undefined || toLayer === undefined || toLayer <= fromLayer) continue;
    upward.push(
      `${from} (${layers[fromLayer]?.name}) imports ${to} (${layers[toLayer]?.name}), a higher layer: ${[...files].sort().join(", ")}`,
    );
  }
  return upward.sort();
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

test("every server module is in exactly one layer", () => {
  const folders = readdirSync(path.join(src, "modules")).filter((name) =>
    statSync(path.join(src, "modules", name)).isDirectory(),
  );
  const assigned: string[] = LAYERS.flatMap((layer) => [...layer.modules]);
  const unassigned = folders.filter((name) => !assigned.includes(name));
  expect(unassigned, "modules in no layer: add them to LAYERS").toEqual([]);
  expect(
    assigned.filter((name) => !folders.includes(name)),
    "LAYERS names modules that do not exist",
  ).toEqual([]);
  expect(
    assigned.filter((name, index) => assigned.indexOf(name) !== index),
    "modules in two layers",
  ).toEqual([]);
});

test("no module imports a module of a higher layer", () => {
  const edges = readImportEdges();
  expect(edges.has("modules/accounts -> modules/ledger")).toBe(true);
  expect(findUpwardEdges(edges, LAYERS)).toEqual([]);
});

test("the check names an upward edge when there is one", () => {
  const edges = new Map([
    ["modules/a -> modules/b", new Set(["modules/a/a.service.ts"])],
    ["modules/b -> modules/a", new Set(["modules/b/b.service.ts"])],
  ]);
  const layers = [
    { name: "low", modules: ["a"] },
    { name: "high", modules: ["b"] },
  ];
  expect(findUpwardEdges(edges, layers)).toEqual([
    "modules/a (low) imports modules/b (high), a higher layer: modules/a/a.service.ts",
  ]);
});
