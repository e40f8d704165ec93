import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { serverNodeFlags } from "../../scripts/server-node-flags.ts";

// The Node flags `npm start` runs the server with (decisions 027, 430).
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
  test("a 1 GB ceiling by default, which a worker's own ceiling does not lower: the Tally parser checks its heap itself", () => {
    const flags = serverNodeFlags({});
    expect(flags).toContain("--max-old-space-size=1024");
    // If Node ever lets a worker keep its own ceiling under the process's, the parser's own check
    // (tally-xml-stream.ts heapLimitBytes) becomes a second line, not the only one.
    expect(probe({}).workerLimitMb).toBeGreaterThan(1000);
    expect(serverNodeFlags({ BAHI_MAX_HEAP_MB: "2048" })).toContain("--max-old-space-size=2048");
  });

  test("no allocation-site pretenuring, and gc() there to give memory back", () => {
    expect(serverNodeFlags({})).toContain("--no-allocation-site-pretenuring");
    expect(probe({}).gc).toBe("function");
  });
});
