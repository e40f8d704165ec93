import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { workerModuleUrl } from "../server/src/lib/worker-url.ts";

const old = Number(process.env.OLD ?? 128);
const young = Number(process.env.YOUNG ?? 8);
const docs = readdirSync("/tmp/dump").sort().filter((f) => !process.env.LATIN || !/[\u0900-\u0DFF]/.test(readFileSync(`/tmp/dump/${f}`, "utf8"))).map((f) => JSON.parse(readFileSync(`/tmp/dump/${f}`, "utf8")));
const mb = () => Math.round(process.memoryUsage().rss / 1048576);
const base = mb();
let peak = base;
const timer = setInterval(() => { peak = Math.max(peak, mb()); }, 20);
const worker = new Worker(workerModuleUrl("print-worker", process.env.DIST ? new URL("../server/dist/main.js", import.meta.url).href : new URL("../server/src/modules/documents/print-renderer.ts", import.meta.url).href), {
  resourceLimits: { maxOldGenerationSizeMb: old, maxYoungGenerationSizeMb: young },
});
let id = 0;
const render = (req: object) => new Promise<number>((resolve, reject) => {
  const my = ++id;
  const on = (m: { id: number; bytes?: Uint8Array; error?: string }) => {
    if (m.id !== my) return;
    worker.off("message", on);
    m.bytes ? resolve(m.bytes.byteLength) : reject(new Error(m.error));
  };
  worker.on("message", on);
  worker.postMessage({ id: my, ...req });
});
await new Promise((r) => worker.once("online", r));
await new Promise((r) => setTimeout(r, 1500));
console.log(`worker loaded only: rss ${base} -> ${mb()}`);
const t0 = performance.now();
await render(docs[0]);
console.log(`first render ${Math.round(performance.now() - t0)} ms, rss ${base} -> ${mb()} (peak ${peak})`);
for (let round = 0; round < 8; round++) for (const d of docs) await render(d);
const heap = await (worker as unknown as { getHeapStatistics?: () => Promise<{ used_heap_size: number; total_heap_size: number }> }).getHeapStatistics?.();
console.log(JSON.stringify(heap)); console.log(`old=${old} young=${young}: after ${8 * docs.length} renders rss ${mb()} peak ${peak} delta ${peak - base}; worker heap used ${heap ? Math.round(heap.used_heap_size / 1048576) : "?"} total ${heap ? Math.round(heap.total_heap_size / 1048576) : "?"}`);
clearInterval(timer);
await worker.terminate();
