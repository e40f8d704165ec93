import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { serverNodeFlags } from "../../scripts/server-node-flags.ts";

// The Node flags `npm start` runs the server with (decision 430): a worker thread's own heap
// ceiling must hold under them, and the server can ask for a memory-giving-back collection.
const PROBE = `
const { Worker } = require("node:worker_threads");
const worker = new Worker(
  "require('node:worker_threads').parentPort.postMessage(require('node:v8').getHeapStatistics().heap_size_limit)",
  { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64 } },
);
worker.once("message", (limit) => {
  console.log(JSON.stringify({ workerLimitMb: Math.round(limit / 1048576), gc: typeof gc }));
  process.exit(0);
});
`;

function probe(env: NodeJS.ProcessEnv) {
  const output = execFileSync(process.execPath, [...serverNodeFlags(env), "-e", PROBE], {
    encoding: "utf8",
  });
  return JSON.parse(output) as { workerLimitMb: number; gc: string };
}

describe("the server's Node flags", () => {
  test("a worker's own heap ceiling holds, and gc() is there to give memory back", () => {
    const { workerLimitMb, gc } = probe({});
    // 64 MB of old generation and V8's young generation on top, not the process's ceiling.
    expect(workerLimitMb).toBeLessThan(128);
    expect(gc).toBe("function");
  });

  test("BAHI_MAX_HEAP_MB sets a ceiling that overrides the workers' own (as the README says)", () => {
    expect(serverNodeFlags({ BAHI_MAX_HEAP_MB: "1024" })).toContain("--max-old-space-size=1024");
    expect(probe({ BAHI_MAX_HEAP_MB: "1024" }).workerLimitMb).toBeGreaterThan(1000);
    expect(serverNodeFlags({}).some((flag) => flag.startsWith("--max-old-space-size"))).toBe(false);
  });
});
