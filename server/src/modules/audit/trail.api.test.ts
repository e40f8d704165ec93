import type { InjectOptions } from "fastify";
import { PostgresAdapter, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  balancesFromMonthlyTable,
  balancesFromPostings,
  insertAccount,
} from "../../../test/books.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 39, decisions 310–312: the audit trail of vouchers, masters and settings, written in the
// change's transaction, read by owners and admins, chained by hashes that a changed row breaks.

let context: TestContext;
let owner: Person;
let admin: Person;
let accountant: Person;
let outsider: Person;
let org: string;
let otherOrg: string;
let ravi: string;
let bank: string;

const YEAR = "2025-26";
const TODAY = new Date().toISOString().slice(0, 10);
const inject = (options: InjectOptions) => context.app.inject(options);
const db = () => context.testDatabase.database.db;
const isPostgres = () => db().getExecutor().adapter instanceof PostgresAdapter;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context, { name: "Ramesh Owner" });
  admin = await signUpPerson(context, { name: "Asha Admin" });
  accountant = await signUpPerson(context, { name: "Kiran Accountant" });
  outsider = await signUpPerson(context, { name: "Other Owner" });
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: YEAR,
    billWiseEntry: false,
  }));
  ({ organisationId: otherOrg } = await createOrganisation(context, outsider.cookies, {
    startingYear: YEAR,
  }));
  await addMember(context, owner, org, admin, "admin");
  await addMember(context, owner, org, accountant, "accountant");
  ravi = await insertAccount(context, org, { name: "Ravi Stores", nature: "Debtors" });
  bank = await insertAccount(context, org, { name: "HDFC Bank", nature: "Bank" });
});
afterAll(() => context.close());

function receipt(amount: number, date = "2025-06-10") {
  return {
    organisationId: org,
    year: YEAR,
    date,
    receivedAccountId: bank,
    receivedAmount: amount,
    entries: [{ accountId: ravi, amount }],
  };
}

async function addReceipt(amount: number, person = owner, date = "2025-06-10") {
  const response = await inject({
    method: "POST",
    url: "/api/receipts/add",
    headers: as(person),
    payload: receipt(amount, date),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entryId: string; version: number; invoiceNumber: string };
}

function deleteReceipts(ids: string[], person = owner) {
  return inject({
    method: "DELETE",
    url: `/api/receipts/delete?organisationId=${org}&${ids.map((id) => `entryIds[]=${id}`).join("&")}`,
    headers: as(person),
  });
}

function restoreReceipts(ids: string[], person = owner, organisationId = org) {
  return inject({
    method: "POST",
    url: "/api/receipts/restore",
    headers: as(person),
    payload: { organisationId, entryIds: ids },
  });
}

interface TrailEntry {
  _id: string;
  at: string;
  userId: string;
  userName: string;
  action: string;
  entity: string;
  entityId: string;
  number: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

function trail(params: Record<string, string> = {}, person = owner) {
  const query = new URLSearchParams({
    organisationId: org,
    startDate: "2025-04-01",
    endDate: TODAY,
    limit: "500",
    ...params,
  });
  return inject({ method: "GET", url: `/api/audit/trail?${query}`, headers: as(person) });
}

async function trailOk(params: Record<string, string> = {}, person = owner) {
  const response = await trail(params, person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entries: TrailEntry[]; count: number };
}

async function verify(organisationId = org, person = owner) {
  const response = await inject({
    method: "GET",
    url: `/api/audit/verify?organisationId=${organisationId}`,
    headers: as(person),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    ok: boolean;
    checked: number;
    firstBroken: { id: string; at: string; reason: string } | null;
  };
}

const changeOf = (entry: TrailEntry, field: string) =>
  entry.changes.find((change) => change.field === field);

describe("a voucher's life in the trail", () => {
  let receiptId: string;

  test("created by the owner, edited by the admin, deleted, restored: four entries with who and what", async () => {
    const saved = await addReceipt(1000);
    receiptId = saved.entryId;
    const edited = await inject({
      method: "PUT",
      url: "/api/receipts/edit",
      headers: as(admin),
      payload: { ...receipt(1500), entryId: receiptId, version: saved.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await deleteReceipts([receiptId])).statusCode).toBe(200);
    const restored = await restoreReceipts([receiptId], admin);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ success: true, restored: 1 });

    const { entries, count } = await trailOk({ entityId: receiptId });
    expect(count).toBe(4);
    // Newest first.
    expect(entries.map((entry) => [entry.action, entry.userName])).toEqual([
      ["restored", "Asha Admin"],
      ["deleted", "Ramesh Owner"],
      ["edited", "Asha Admin"],
      ["created", "Ramesh Owner"],
    ]);
    const [restoredEntry, deletedEntry, editedEntry, createdEntry] = entries as [
      TrailEntry,
      TrailEntry,
      TrailEntry,
      TrailEntry,
    ];
    for (const entry of entries) {
      expect(entry).toMatchObject({
        entity: "receipts",
        entityId: receiptId,
        number: saved.invoiceNumber,
      });
    }
    expect(changeOf(createdEntry, "receivedAmount")).toEqual({
      field: "receivedAmount",
      before: null,
      after: 1000,
    });
    // The edit names only what changed, each field flattened to its path.
    expect(changeOf(editedEntry, "receivedAmount")).toEqual({
      field: "receivedAmount",
      before: 1000,
      after: 1500,
    });
    expect(changeOf(editedEntry, "entries[0].amount")).toEqual({
      field: "entries[0].amount",
      before: 1000,
      after: 1500,
    });
    expect(changeOf(editedEntry, "date")).toBeUndefined();
    expect(changeOf(deletedEntry, "receivedAmount")).toEqual({
      field: "receivedAmount",
      before: 1500,
      after: null,
    });
    expect(changeOf(restoredEntry, "receivedAmount")).toEqual({
      field: "receivedAmount",
      before: null,
      after: 1500,
    });
    expect(editedEntry.userId).toBe(admin.userId);
  });

  test("the restored receipt is back in the list and the books", async () => {
    const list = await inject({
      method: "GET",
      url: `/api/receipts/getsingleentrydetails?organisationId=${org}&entryId=${receiptId}`,
      headers: as(owner),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().entry).toMatchObject({ receivedAmount: 1500 });
    const fromPostings = await balancesFromPostings(context, org);
    expect(fromPostings.get(bank)).toBe(150_000);
    expect(fromPostings.get(ravi)).toBe(-150_000);
    expect(await balancesFromMonthlyTable(context, org)).toEqual(fromPostings);
  });

  test("restore refuses a live entry, a taken number and a locked month", async () => {
    const live = await restoreReceipts([receiptId]);
    expect(live.statusCode).toBe(404);

    const gone = await addReceipt(200);
    expect((await deleteReceipts([gone.entryId])).statusCode).toBe(200);
    const taker = await inject({
      method: "POST",
      url: "/api/receipts/add",
      headers: as(owner),
      payload: { ...receipt(300), voucherNumber: gone.invoiceNumber },
    });
    expect(taker.statusCode, taker.body).toBe(200);
    const taken = await restoreReceipts([gone.entryId]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(`number ${gone.invoiceNumber} is now used`);

    const locked = await addReceipt(400, owner, "2025-07-15");
    expect((await deleteReceipts([locked.entryId])).statusCode).toBe(200);
    const lock = await inject({
      method: "POST",
      url: "/api/settings/lockPeriod",
      headers: as(owner),
      payload: {
        organisationId: org,
        year: YEAR,
        month: 7,
        transactionType: "receipts",
        locked: true,
      },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    const refused = await restoreReceipts([locked.entryId]);
    expect(refused.statusCode).toBe(423);
    // Nothing of a refused restore reaches the trail.
    const { entries } = await trailOk({ entityId: locked.entryId });
    expect(entries.map((entry) => entry.action)).toEqual(["deleted", "created"]);
    // The lock itself is a setting that changes the books: in the trail.
    const locks = await trailOk({ entity: "lockPeriod" });
    expect(locks.entries[0]).toMatchObject({ action: "edited", userName: "Ramesh Owner" });
    expect(changeOf(locks.entries[0] as TrailEntry, "locked")).toEqual({
      field: "locked",
      before: false,
      after: true,
    });
  });

  test("a bulk delete writes one entry per voucher", async () => {
    const many = await Promise.all([addReceipt(11), addReceipt(12), addReceipt(13)]);
    const ids = many.map((saved) => saved.entryId);
    expect((await deleteReceipts(ids)).statusCode).toBe(200);
    const { entries } = await trailOk({ entity: "receipts" });
    const deletions = entries.filter(
      (entry) => entry.action === "deleted" && ids.includes(entry.entityId),
    );
    expect(deletions).toHaveLength(3);
    expect((await restoreReceipts(ids)).statusCode).toBe(200);
  });
});

describe("masters and settings in the trail", () => {
  test("an account's add and edit carry each field's before and after", async () => {
    const added = await inject({
      method: "POST",
      url: "/api/account/add",
      headers: as(owner),
      payload: {
        organisationId: org,
        name: "Gupta Traders",
        nature: "Creditors",
        openingBalance: 100,
        openingBalanceType: "cr",
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const accountId = added.json().accountId as string;
    const edited = await inject({
      method: "PUT",
      url: "/api/account/edit",
      headers: as(admin),
      payload: {
        organisationId: org,
        accountId,
        name: "Gupta Traders Pvt",
        nature: "Creditors",
        openingBalance: 250,
        openingBalanceType: "cr",
        version: 1,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { entries } = await trailOk({ entityId: accountId });
    expect(entries.map((entry) => [entry.action, entry.entity, entry.userName])).toEqual([
      ["edited", "account", "Asha Admin"],
      ["created", "account", "Ramesh Owner"],
    ]);
    expect(changeOf(entries[0] as TrailEntry, "name")).toEqual({
      field: "name",
      before: "Gupta Traders",
      after: "Gupta Traders Pvt",
    });
    expect(changeOf(entries[0] as TrailEntry, "openingBalance")).toEqual({
      field: "openingBalance",
      // Signed as stored: a credit balance is negative.
      before: -100,
      after: -250,
    });
  });

  test("the organisation's settings are in the trail", async () => {
    const saved = await inject({
      method: "POST",
      url: "/api/settings/organisation",
      headers: as(owner),
      payload: { organisationId: org, billWiseEntry: true, billingCity: "Pune" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { entries } = await trailOk({ entity: "settings" });
    expect(entries[0]).toMatchObject({ action: "edited", entityId: org });
    expect(changeOf(entries[0] as TrailEntry, "bill_wise_entry")).toEqual({
      field: "bill_wise_entry",
      before: 0,
      after: 1,
    });
    expect(changeOf(entries[0] as TrailEntry, "billing_city")).toEqual({
      field: "billing_city",
      before: null,
      after: "Pune",
    });
  });
});

describe("who may read it", () => {
  test("owners and admins read it; an accountant, another organisation and no session do not", async () => {
    expect((await trail({}, admin)).statusCode).toBe(200);
    expect((await trail({}, accountant)).statusCode).toBe(403);
    expect((await trail({}, outsider)).statusCode).toBe(403);
    const verifyOther = await inject({
      method: "GET",
      url: `/api/audit/verify?organisationId=${org}`,
      headers: as(outsider),
    });
    expect(verifyOther.statusCode).toBe(403);
    const anonymous = await inject({
      method: "GET",
      url: `/api/audit/trail?organisationId=${org}&startDate=2025-04-01&endDate=${TODAY}`,
    });
    expect(anonymous.statusCode).toBe(401);
    // The other organisation's trail holds only its own entries.
    const theirs = await trailOk({ organisationId: otherOrg }, outsider);
    expect(theirs.entries.every((entry) => entry.entity !== "receipts")).toBe(true);
  });

  test("bad filters are refused with a message", async () => {
    const backwards = await trail({ startDate: "2025-06-01", endDate: "2025-05-01" });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain("start date");
    expect((await trail({ startDate: "yesterday" })).statusCode).toBe(400);
  });

  test("no call changes or removes the trail", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      for (const url of ["/api/audit/trail", "/api/audit/verify", "/api/audit/purge"]) {
        const response = await inject({
          method,
          url: `${url}?organisationId=${org}`,
          headers: as(owner),
          payload: method === "DELETE" ? undefined : { organisationId: org },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  test("downloads for the auditor: Excel and PDF", async () => {
    const excel = await trail({ download: "true", format: "excel" });
    expect(excel.statusCode, excel.body.slice(0, 200)).toBe(200);
    expect(excel.headers["content-type"]).toContain("spreadsheetml");
    const pdf = await trail({ download: "true", format: "pdf" });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
  });
});

describe("concurrent writers", () => {
  test("saves, edits of masters and settings at once keep one unbroken chain", async () => {
    const { count: before } = await trailOk();
    const writes = [
      ...[21, 22, 23, 24, 25].map((amount) =>
        inject({
          method: "POST",
          url: "/api/receipts/add",
          headers: as(owner),
          payload: receipt(amount),
        }),
      ),
      ...["Kumar Agencies", "Lal Brothers", "Naik & Co"].map((name) =>
        inject({
          method: "POST",
          url: "/api/account/add",
          headers: as(admin),
          payload: { organisationId: org, name, nature: "Debtors" },
        }),
      ),
      inject({
        method: "POST",
        url: "/api/settings/organisation",
        headers: as(owner),
        payload: { organisationId: org, billingCity: "Nashik" },
      }),
    ];
    const answers = await Promise.all(writes);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const { count: after } = await trailOk();
    expect(after - before).toBe(writes.length);
    const seqs = await db()
      .selectFrom("audit_trail")
      .select("seq")
      .where("organisation_id", "=", org)
      .orderBy("seq")
      .execute();
    expect(seqs.map((row) => Number(row.seq))).toEqual(seqs.map((_, index) => index + 1));
    expect(await verify()).toMatchObject({ ok: true, checked: seqs.length, firstBroken: null });
  });
});

describe("tamper evidence", () => {
  test("the chain verifies, the database refuses changes, and a row changed behind its back is named", async () => {
    const before = await verify();
    const { count } = await trailOk({ startDate: "2025-04-01" });
    expect(before).toEqual({ ok: true, checked: expect.any(Number), firstBroken: null });
    expect(before.checked).toBeGreaterThanOrEqual(count);

    // The triggers refuse an update and a delete whatever the application asks.
    await expect(
      sql`update audit_trail set number = 'X' where organisation_id = ${org}`.execute(db()),
    ).rejects.toThrow(/audit trail cannot be changed/);
    await expect(
      sql`delete from audit_trail where organisation_id = ${org}`.execute(db()),
    ).rejects.toThrow(/audit trail cannot be changed/);

    // A superuser goes round the trigger and changes the edit's "after".
    const { entries } = await trailOk({ entity: "receipts" });
    const target = entries.find((entry) => entry.action === "edited") as TrailEntry;
    const forged = JSON.stringify(
      target.changes.map((change) => (change.after === 1500 ? { ...change, after: 1000 } : change)),
    );
    await tamper(sql`update audit_trail set changes = ${forged} where id = ${target._id}`);
    const broken = await verify();
    expect(broken.ok).toBe(false);
    expect(broken.firstBroken).toMatchObject({ id: target._id, at: target.at });
    expect(broken.firstBroken?.reason).toContain("does not match its hash");
  });

  test("a removed row breaks the chain at the entry after it", async () => {
    const ids: string[] = [];
    for (const name of ["Alpha Traders", "Beta Traders", "Gamma Traders"]) {
      const added = await inject({
        method: "POST",
        url: "/api/account/add",
        headers: as(outsider),
        payload: { organisationId: otherOrg, name, nature: "Debtors" },
      });
      expect(added.statusCode, added.body).toBe(200);
      ids.push(added.json().accountId as string);
    }
    expect(await verify(otherOrg, outsider)).toEqual({ ok: true, checked: 3, firstBroken: null });
    const rows = await db()
      .selectFrom("audit_trail")
      .select(["id", "seq", "entity_id"])
      .where("organisation_id", "=", otherOrg)
      .orderBy("seq")
      .execute();
    expect(rows.map((row) => row.entity_id)).toEqual(ids);
    await tamper(sql`delete from audit_trail where id = ${rows[1]?.id}`);
    const result = await verify(otherOrg, outsider);
    expect(result).toMatchObject({ ok: false, checked: 1 });
    expect(result.firstBroken?.id).toBe(rows[2]?.id);
    expect(result.firstBroken?.reason).toBe("Entries 2 to 2 are missing before this entry.");
  });
});

/** Runs a statement with the trail's triggers off, as a database superuser could. */
async function tamper(statement: ReturnType<typeof sql>) {
  if (isPostgres()) {
    await db()
      .connection()
      .execute(async (connection) => {
        await sql`alter table audit_trail disable trigger user`.execute(connection);
        try {
          await statement.execute(connection);
        } finally {
          await sql`alter table audit_trail enable trigger user`.execute(connection);
        }
      });
    return;
  }
  await sql`drop trigger audit_trail_no_update`.execute(db());
  await sql`drop trigger audit_trail_no_delete`.execute(db());
  try {
    await statement.execute(db());
  } finally {
    await sql`create trigger audit_trail_no_update before update on audit_trail
      begin select raise(abort, 'The audit trail cannot be changed or deleted.'); end`.execute(
      db(),
    );
    await sql`create trigger audit_trail_no_delete before delete on audit_trail
      begin select raise(abort, 'The audit trail cannot be changed or deleted.'); end`.execute(
      db(),
    );
  }
}
