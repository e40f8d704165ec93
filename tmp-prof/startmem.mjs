const mb = (b) => Math.round(b / 1048576);
await import(process.env.MAIN ?? "/work/main/server/dist/main.js");
await new Promise((r) => setTimeout(r, 3000));
const m = process.memoryUsage();
const v8 = await import("node:v8");
const spaces = v8.getHeapSpaceStatistics().map((s) => `${s.space_name}:${mb(s.space_physical_size)}`).join(" ");
console.error(`rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)}\n${spaces}`);
process.exit(0);
