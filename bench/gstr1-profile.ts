// GSTR-1 and GSTR-3B of September 2025 timed in process on a kept bench book (decision 056), wall
// and CPU time (process.cpuUsage) per step: `node bench/gstr1-profile.ts <dir>/bahi.db [migrate]`
// after `npm run bench -- --engines sqlite --sizes 100000 --keep`. The first lines time the steps
// of the whole-document computation (decision 060) for comparison.
import {
  buildGstr1Sections,
  findGstr1Warnings,
  getVoucherDefinition,
  toReturnDocument,
} from "@bahi/domain";
import { openDatabase } from "../server/src/db/database.ts";
import { migrateToLatest } from "../server/src/db/migrate.ts";
import { listLiveVouchers } from "../server/src/modules/gst-returns/gst-returns.repository.ts";
import {
  buildReturnFile,
  OUTWARD_TYPES,
  readReturnBook,
  readReturnCounts,
  readReturnTransactions,
} from "../server/src/modules/gst-returns/gst-returns.service.ts";
import {
  INWARD_TYPES,
  readGstr3bDetails,
  readGstr3bJson,
  readGstr3bSummary,
} from "../server/src/modules/gst-returns/gstr3b.service.ts";

const file = process.argv[2] as string;
const opened = openDatabase({ kind: "sqlite", file });
const db = opened.db;
if (process.argv[3] === "migrate") {
  await migrateToLatest(opened);
}
const org = await db
  .selectFrom("organisations")
  .select(["id", "gstin"])
  .where("gstin", "is not", null)
  .executeTakeFirstOrThrow();
const member = await db
  .selectFrom("memberships")
  .select(["user_id"])
  .where("organisation_id", "=", org.id)
  .executeTakeFirstOrThrow();
const caller = { kind: "user" as const, userId: member.user_id, sessionId: "x" };
const query = {
  organisationId: org.id,
  year: "2025-26",
  startDate: "2025-09-01",
  endDate: "2025-09-30",
};
async function time<T>(name: string, fn: () => Promise<T> | T, n = 5): Promise<T> {
  let result!: T;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    result = await fn();
    walls.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpus.push((d.user + d.system) / 1000);
  }
  walls.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(28)} wall p50 ${walls[Math.floor(n / 2)]?.toFixed(1)} min ${walls[0]?.toFixed(1)} ms; cpu p50 ${cpus[Math.floor(n / 2)]?.toFixed(1)} ms`,
  );
  return result;
}
await time("first counts (lazy build)", () => readReturnCounts(db, caller, "gstr1", query), 1);
const rows = await time("listLiveVouchers", () =>
  listLiveVouchers(db, org.id, "2025-26", OUTWARD_TYPES, "2025-09-01", "2025-09-30"),
);
console.log(
  "rows",
  rows.length,
  "doc bytes",
  rows.reduce((s, r) => s + r.document.length, 0),
);
const parsed = await time("JSON.parse", () => rows.map((r) => JSON.parse(r.document)));
const docs = await time("toReturnDocument", () =>
  rows.map((r, i) => {
    const f = getVoucherDefinition(r.type as never).gstReturn;
    return toReturnDocument(
      {
        id: r.id,
        type: r.type,
        date: r.date,
        number: r.number,
        partyName: r.party_name,
        amountPaise: Number(r.amount_paise),
        document: parsed[i],
      },
      { role: f.role as never, noteType: f.noteType, table13Nature: f.table13Nature },
      [],
    );
  }),
);
const sections = await time("buildGstr1Sections", () =>
  buildGstr1Sections(docs, [], { gstin: org.gstin as string, fp: "092025" }),
);
await time("findGstr1Warnings", () =>
  findGstr1Warnings(docs, sections, { gstin: org.gstin as string, previousYearTurnoverPaise: 0 }),
);
console.log(
  "compact bytes",
  docs.reduce((s, d) => s + JSON.stringify(d).length, 0),
);
await time("readReturnBook", () => readReturnBook(db, caller, "gstr1", query));
await time("readReturnCounts", () => readReturnCounts(db, caller, "gstr1", query));
await time("transactions b2b page", () =>
  readReturnTransactions(db, caller, "gstr1", { ...query, type: "b2b", skip: 0, limit: 50 }),
);
await time(
  "json",
  async () => buildReturnFile(await readReturnBook(db, caller, "gstr1", query)),
  3,
);
await time(
  "gstr3b summary",
  () => readGstr3bSummary(db, caller, { ...query, type: "summary" } as never, undefined),
  3,
);
await time(
  "gstr3b json",
  () => readGstr3bJson(db, caller, { ...query, type: "summary" } as never, undefined),
  3,
);
await time(
  "gstr3b inward: read + parse",
  async () =>
    (await listLiveVouchers(db, org.id, "2025-26", INWARD_TYPES, "2025-09-01", "2025-09-30")).map(
      (row) => JSON.parse(row.document),
    ),
  3,
);
await time(
  "gstr3b details 3.1a page",
  () =>
    readGstr3bDetails(
      db,
      caller,
      { ...query, type: "details", table: "3.1a", skip: 0, limit: 50 } as never,
      undefined,
    ),
  3,
);
console.log("rss MB", Math.round(process.memoryUsage().rss / 1e6));
await opened.close();
