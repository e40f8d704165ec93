import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpGstRegisteredBook } from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";

// Issue 39: TDS entered through the API and compared to the rupee: a 194J threshold crossed
// mid-year, no PAN (s.206AA), a lower-deduction certificate, thresholds by date across 1 April
// 2025, a late deposit's interest, the quarter's statement and a deductee's certificate.

const YEAR = "2025-26";
let context: TestContext;
let owner: Person;
let stranger: Person;
let viewer: Person;
let salesOnly: Person;
let org: string;
let strangerOrg: string;
const ids = {} as Record<
  | "bank"
  | "fees"
  | "contract"
  | "rao"
  | "kumar"
  | "nopan"
  | "ldc"
  | "bill1"
  | "bill2"
  | "payable194J"
  | "nopanBill"
  | "kumarPayment",
  string
>;

function call(
  person: Person,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) {
  return requestAs(context, person, {
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok(person: Person, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) {
  const response = await call(person, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function qs(params: Record<string, string | number | undefined>, organisationId = org) {
  return new URLSearchParams(
    Object.entries({ organisationId, ...params })
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
}

const suggest = (params: Record<string, string | number | undefined>) =>
  ok(owner, "GET", `/tds/suggest?${qs(params)}`);

async function addParty(body: Record<string, unknown>) {
  const json = await ok(owner, "POST", "/account/add", {
    organisationId: org,
    nature: "Creditors",
    gstType: "unregistered",
    state: "27",
    ...body,
  });
  return json.accountId as string;
}

/** A bill of professional fees: one account line at 18 % GST. */
function feeBill(party: string, date: string, amount: number, number: string, tds?: unknown) {
  return {
    organisationId: org,
    year: YEAR,
    date,
    invoiceNumber: number,
    cashOrDebtorAccountId: party,
    itemDetails: [],
    accountDetails: [{ accountId: ids.fees, amount, gstRate: 18 }],
    ...(tds ? { tds } : {}),
  };
}

async function ledger(accountId: string) {
  return ok(
    owner,
    "GET",
    `/ledger/getLedger?${qs({ accountId, startDate: "2025-04-01", endDate: "2026-03-31" })}`,
  );
}

async function accountIdByName(name: string) {
  const row = await context.testDatabase.database.db
    .selectFrom("accounts")
    .select(["id", "group_id"])
    .where("organisation_id", "=", org)
    .where("name", "=", name)
    .executeTakeFirst();
  return row;
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Pune Works" },
    accountantRights: [
      { transactionType: "salesInvoice", view: true, add: true, edit: true, delete: false },
    ],
    accounts: {
      bank: { name: "HDFC Bank", nature: "Bank" },
      fees: { name: "Professional Fees", nature: "Indirect Expense" },
      contract: { name: "Contract Work", nature: "Direct Expense" },
    },
  });
  ({
    context,
    owner,
    stranger,
    viewer,
    accountant: salesOnly,
    organisationId: org,
    strangerOrganisationId: strangerOrg,
  } = book);
  Object.assign(ids, book.accounts);
  ids.rao = await addParty({
    name: "Rao & Associates",
    pan: "AAAFR1234K",
    tdsSection: "194J(b)",
    deducteeType: "firm",
  });
  ids.kumar = await addParty({ name: "Kumar Contractors", pan: "ABCPK1234L", tdsSection: "194C" });
  ids.nopan = await addParty({
    name: "No Pan Works",
    tdsSection: "194C",
    deducteeType: "company",
  });
  ids.ldc = await addParty({
    name: "LDC Consultants",
    pan: "ABCPL1234M",
    tdsSection: "194J(b)",
    deducteeType: "individual",
    lowerDeductionCertificate: {
      certificateNumber: "LDC0001",
      rate: 2,
      validFrom: "2025-04-01",
      validTo: "2026-03-31",
      limit: 100000,
    },
  });
});

afterAll(async () => {
  await context?.close();
});

describe("account fields", () => {
  test("a party keeps its section, deductee type and certificate", async () => {
    const json = await ok(
      owner,
      "GET",
      `/account/getsingleaccountdetails?${qs({ accountId: ids.ldc })}`,
    );
    const account = json.account ?? json;
    expect(account).toMatchObject({
      tdsSection: "194J(b)",
      deducteeType: "individual",
      lowerDeductionCertificate: {
        certificateNumber: "LDC0001",
        rate: 2,
        validFrom: "2025-04-01",
        validTo: "2026-03-31",
        limit: 100000,
      },
    });
  });

  test("an unknown section or a certificate ending before it starts is refused with a message", async () => {
    const bad = await call(owner, "POST", "/account/add", {
      organisationId: org,
      name: "Bad Section",
      nature: "Creditors",
      gstType: "unregistered",
      state: "27",
      tdsSection: "194Z",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("TDS section must be one of");
    const dates = await call(owner, "POST", "/account/add", {
      organisationId: org,
      name: "Bad Certificate",
      nature: "Creditors",
      gstType: "unregistered",
      state: "27",
      lowerDeductionCertificate: {
        certificateNumber: "X1",
        rate: 1,
        validFrom: "2025-06-01",
        validTo: "2025-05-01",
        limit: 1000,
      },
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.body).toContain("valid-to date cannot be before");
  });
});

describe("sections by date", () => {
  test("194J's threshold is 30,000 before 1 April 2025, 50,000 after; section 393 from 1 April 2026", async () => {
    const before = await ok(owner, "GET", `/tds/sections?${qs({ date: "2025-03-31" })}`);
    const after = await ok(owner, "GET", `/tds/sections?${qs({ date: "2025-04-01" })}`);
    const newAct = await ok(owner, "GET", `/tds/sections?${qs({ date: "2026-04-01" })}`);
    const fees = (json: { sections: { section: string; newActReference?: string }[] }) =>
      json.sections.find((s) => s.section === "194J(b)");
    expect(fees(before)).toMatchObject({ aggregateThreshold: 30000, rates: { firm: 10 } });
    expect(fees(after)).toMatchObject({ aggregateThreshold: 50000 });
    expect(newAct.act).toBe("Income-tax Act, 2025");
    expect(fees(newAct)?.newActReference).toContain("s.393(1) Table Sl. No. 6(iii)");
    const contractor = after.sections.find((s: { section: string }) => s.section === "194C");
    expect(contractor).toMatchObject({
      singleThreshold: 30000,
      aggregateThreshold: 100000,
      rates: { individual: 1, huf: 1, company: 2, firm: 2, other: 2 },
    });
  });

  test("bad input is refused, never a 500", async () => {
    for (const url of [
      `/tds/sections?${qs({ date: "2025-02-30" })}`,
      `/tds/suggest?${qs({ accountId: "x", date: "2025-04-01", amount: "lots" })}`,
      `/tds/report?${qs({ year: YEAR, quarter: 5 })}`,
    ]) {
      const response = await call(owner, "GET", url);
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe("suggestions and entries", () => {
  test("194J: 40,000 is under the year's 50,000; the next 20,000 crosses it — 10% on 60,000, posted to TDS Payable – 194J(b)", async () => {
    const first = await suggest({ accountId: ids.rao, date: "2025-06-15", amount: 40000 });
    expect(first).toMatchObject({ section: "194J(b)", deduct: false, amount: 0 });
    const bill1 = await ok(
      owner,
      "POST",
      "/purchases/add",
      feeBill(ids.rao, "2025-06-15", 40000, "R-1"),
    );
    ids.bill1 = bill1.entryId;

    const second = await suggest({ accountId: ids.rao, date: "2025-08-15", amount: 20000 });
    expect(second).toMatchObject({
      section: "194J(b)",
      rate: 10,
      deduct: true,
      baseAmount: 60000,
      amount: 6000,
    });
    expect(second.reason).toContain("not yet deducted on");
    const { section, rate, baseAmount, amount } = second;
    const bill2 = await ok(
      owner,
      "POST",
      "/purchases/add",
      feeBill(ids.rao, "2025-08-15", 20000, "R-2", { section, rate, baseAmount, amount }),
    );
    ids.bill2 = bill2.entryId;

    // The ledger made on demand under Duties and Taxes holds the ₹6,000.
    const payable = await accountIdByName("TDS Payable – 194J(b)");
    expect(payable).toBeDefined();
    ids.payable194J = payable?.id as string;
    expect((await ledger(ids.payable194J)).closingBalance).toMatchObject({
      amount: 6000,
      type: "cr",
    });
    // Rao is owed 47,200 + 23,600 − 6,000 = 64,800; bill 2 has 17,600 pending.
    expect((await ledger(ids.rao)).closingBalance).toMatchObject({ amount: 64800, type: "cr" });
    const entry = await ok(
      owner,
      "GET",
      `/purchases/getsingleentrydetails?${qs({ entryId: ids.bill2 })}`,
    );
    expect(entry.entry).toMatchObject({ totalAmount: 23600, pendingAmt: 17600 });
    expect(entry.entry.tds).toMatchObject({ section: "194J(b)", amount: 6000 });

    // Editing bill 2 leaves it out of its own history; a later credit is taxed on itself.
    const again = await suggest({
      accountId: ids.rao,
      date: "2025-08-15",
      amount: 20000,
      entryId: ids.bill2,
    });
    expect(again).toMatchObject({ baseAmount: 60000, amount: 6000 });
    const later = await suggest({ accountId: ids.rao, date: "2025-09-01", amount: 10000 });
    expect(later).toMatchObject({ baseAmount: 10000, amount: 1000 });
  });

  test("no PAN: 20% under s.206AA", async () => {
    const s = await suggest({ accountId: ids.nopan, date: "2025-09-20", amount: 50000 });
    expect(s).toMatchObject({ rate: 20, deduct: true, baseAmount: 50000, amount: 10000 });
    expect(s.reason).toContain("206AA");
    const saved = await ok(owner, "POST", "/purchases/add", {
      organisationId: org,
      year: YEAR,
      date: "2025-09-20",
      invoiceNumber: "NP-1",
      cashOrDebtorAccountId: ids.nopan,
      itemDetails: [],
      accountDetails: [{ accountId: ids.contract, amount: 50000, gstRate: 0 }],
      tds: { section: "194C", rate: 20, baseAmount: 50000, amount: 10000 },
    });
    ids.nopanBill = saved.entryId;
  });

  test("thresholds by date across 1 April 2025: 18,000 of commission is taxed in March, not in April", async () => {
    const march = await suggest({
      accountId: ids.kumar,
      date: "2025-03-15",
      amount: 18000,
      section: "194H",
    });
    const april = await suggest({
      accountId: ids.kumar,
      date: "2025-04-15",
      amount: 18000,
      section: "194H",
    });
    expect(march).toMatchObject({ deduct: true, rate: 2, amount: 360 });
    expect(april).toMatchObject({ deduct: false, amount: 0 });
  });

  test("a payment with TDS: the party is debited with what is paid and what is deducted", async () => {
    const s = await suggest({ accountId: ids.kumar, date: "2025-07-10", amount: 50000 });
    expect(s).toMatchObject({ rate: 1, amount: 500 });
    const saved = await ok(owner, "POST", "/payments/add", {
      organisationId: org,
      year: YEAR,
      date: "2025-07-10",
      paidAccountId: ids.bank,
      paidAmount: 49500,
      entries: [{ accountId: ids.kumar, amount: 49500 }],
      tds: { section: "194C", rate: 1, baseAmount: 50000, amount: 500 },
    });
    ids.kumarPayment = saved.entryId;
    expect((await ledger(ids.kumar)).closingBalance).toMatchObject({ amount: 50000, type: "dr" });
  });

  test("a lower-deduction certificate: 2% until its 1,00,000 is used, 10% after", async () => {
    const first = await suggest({ accountId: ids.ldc, date: "2025-10-10", amount: 60000 });
    expect(first).toMatchObject({ rate: 2, amount: 1200, certificateBaseAmount: 60000 });
    await ok(owner, "POST", "/journalentry/add", {
      organisationId: org,
      year: YEAR,
      date: "2025-10-10",
      entries: [
        { accountId: ids.fees, debitAmount: 60000 },
        { accountId: ids.ldc, creditAmount: 60000 },
      ],
      tds: {
        section: "194J(b)",
        rate: 2,
        baseAmount: 60000,
        amount: 1200,
        certificateBaseAmount: 60000,
      },
    });
    const second = await suggest({ accountId: ids.ldc, date: "2025-11-10", amount: 70000 });
    // 40,000 left at 2% (800) and 30,000 at 10% (3,000).
    expect(second).toMatchObject({ amount: 3800, certificateBaseAmount: 40000 });
    expect((await ledger(ids.ldc)).closingBalance).toMatchObject({ amount: 58800, type: "cr" });
  });

  test("a deduction over the bill is refused", async () => {
    const response = await call(
      owner,
      "POST",
      "/purchases/add",
      feeBill(ids.rao, "2025-09-02", 1000, "R-X", {
        section: "194J(b)",
        rate: 10,
        baseAmount: 1000,
        amount: 2000,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("cannot be more than the amount it is worked on");
  });
});

describe("challans", () => {
  const challan = (body: Record<string, unknown>) =>
    call(owner, "POST", "/tds/challan", {
      organisationId: org,
      bsrCode: "0510002",
      bankAccountId: ids.bank,
      interest: 0,
      fee: 0,
      ...body,
    });

  test("without the organisation's TAN a challan is refused; the TAN is set (and checked) in its settings", async () => {
    const noTan = await challan({
      date: "2025-09-05",
      challanSerial: "00011",
      section: "194J(b)",
      tax: 6000,
      entryIds: [ids.bill2],
    });
    expect(noTan.statusCode).toBe(400);
    expect(noTan.json().message).toBe(
      "The organisation has no TAN. Enter it in Settings → Organisation: TDS statements, certificates and challans are made out against it.",
    );
    const report = await ok(owner, "GET", `/tds/report?${qs({ year: YEAR, quarter: 2 })}`);
    expect(report.deductor).toMatchObject({ name: "Pune Works", tan: null });
    expect(report.deductor.problems[0]).toContain("has no TAN");
    for (const tan of ["PNEP1234A", "PNE123456A", "PNEP12345"]) {
      const bad = await call(owner, "POST", "/settings/organisation", { organisationId: org, tan });
      expect(bad.statusCode, tan).toBe(400);
      expect(bad.json().message).toBe(
        "TAN is not valid: 4 letters, 5 digits and a letter, like DELA12345B.",
      );
    }
    const set = await ok(owner, "POST", "/settings/organisation", {
      organisationId: org,
      tan: " pnep12345a ",
    });
    expect(set.settings.tan).toBe("PNEP12345A");
    // A viewer cannot change it; another organisation's owner cannot either.
    expect(
      (await call(viewer, "POST", "/settings/organisation", { organisationId: org, tan: "" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(stranger, "POST", "/settings/organisation", { organisationId: org, tan: "" }))
        .statusCode,
    ).toBe(403);
    const read = await ok(owner, "GET", `/settings/getorganisationsettings?${qs({})}`);
    expect(read.settings.tan).toBe("PNEP12345A");
    // The change is in the audit trail, who and when with the TAN before and after.
    const trail = await ok(
      owner,
      "GET",
      `/audit/trail?${qs({ startDate: "2025-04-01", endDate: "2030-03-31", entity: "settings" })}`,
    );
    const changes = (trail.entries as { changes: { field: string }[] }[]).flatMap(
      (entry) => entry.changes,
    );
    expect(changes).toContainEqual({ field: "tan", before: null, after: "PNEP12345A" });
  });

  test("on time: posts Dr TDS Payable, Cr bank", async () => {
    const wrongTax = await challan({
      date: "2025-09-05",
      challanSerial: "00011",
      section: "194J(b)",
      tax: 5000,
      entryIds: [ids.bill2],
    });
    expect(wrongTax.statusCode).toBe(400);
    expect(wrongTax.json().message).toBe("Tax must be the deductions' total: ₹6000.");
    const mixed = await challan({
      date: "2025-09-05",
      challanSerial: "00011",
      section: "194J(b)",
      tax: 6500,
      entryIds: [ids.bill2, ids.kumarPayment],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toContain("a challan pays one section");

    const made = await challan({
      date: "2025-09-05",
      challanSerial: "00011",
      section: "194J(b)",
      tax: 6000,
      entryIds: [ids.bill2],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      interestOwed: 0,
      lateDeductionInterest: 0,
      lateDepositInterest: 0,
      dueDate: "2025-09-07",
      tan: "PNEP12345A",
    });
    expect((await ledger(ids.payable194J)).closingBalance).toMatchObject({
      amount: 1200,
      type: "cr",
    });
    const again = await challan({
      date: "2025-09-06",
      challanSerial: "00012",
      section: "194J(b)",
      tax: 6000,
      entryIds: [ids.bill2],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain("already paid by a challan");
    // The bill whose TDS is deposited cannot be changed any more.
    const edit = await call(owner, "PUT", "/purchases/edit", {
      ...feeBill(ids.rao, "2025-08-15", 21000, "R-2"),
      entryId: ids.bill2,
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().message).toContain("paid by challan 00011");
  });

  test("late: refused naming the interest owed (1.5% a month or part), accepted with it", async () => {
    // ₹500 deducted 10 July, due 7 August, paid 10 September: July, August, September = 3 months.
    const late = await challan({
      date: "2025-09-10",
      challanSerial: "00021",
      section: "194C",
      tax: 500,
      entryIds: [ids.kumarPayment],
    });
    expect(late.statusCode).toBe(400);
    // ₹500 × 1.5% × 3 = ₹22.50, shown to the rupee: ₹23.
    expect(late.json().message).toBe(
      "This deposit owes ₹23 of interest under section 201(1A): ₹23 for late deposit (1.5% a month or part, up to 3 months). Enter interest of at least ₹23.",
    );
    const preview = await ok(
      owner,
      "GET",
      `/tds/challan/interest?${qs({ date: "2025-09-10", section: "194C", entryIds: ids.kumarPayment })}`,
    );
    expect(preview).toEqual({
      date: "2025-09-10",
      tax: 500,
      interestOwed: 23,
      lateDeductionInterest: 0,
      lateDeductionMonths: 0,
      lateDepositInterest: 23,
      lateDepositMonths: 3,
      dueDate: "2025-08-07",
    });
    const paid = await challan({
      date: "2025-09-10",
      challanSerial: "00021",
      section: "194C",
      tax: 500,
      interest: 23,
      entryIds: [ids.kumarPayment],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const interest = await accountIdByName("Interest and Fees on TDS");
    expect((await ledger(interest?.id as string)).closingBalance).toMatchObject({
      amount: 23,
      type: "dr",
    });
    const list = await ok(owner, "GET", `/tds/challans?${qs({ year: YEAR })}`);
    expect(
      list.challans.map((c: { challanSerial: string; total: number }) => [
        c.challanSerial,
        c.total,
      ]),
    ).toEqual([
      ["00011", 6000],
      ["00021", 523],
    ]);
  });
});

describe("the quarter's statement and certificates", () => {
  test("rows and totals, the missing PAN flagged; the file refused while tax is undeposited", async () => {
    const report = await ok(owner, "GET", `/tds/report?${qs({ year: YEAR, quarter: 2 })}`);
    expect(
      report.rows.map((row: Record<string, unknown>) => [
        row.name,
        row.pan,
        row.section,
        row.date,
        row.amountPaid,
        row.rate,
        row.tds,
        (row.challan as { challanSerial: string } | null)?.challanSerial ?? null,
      ]),
    ).toEqual([
      ["Kumar Contractors", "ABCPK1234L", "194C", "2025-07-10", 50000, 1, 500, "00021"],
      ["Rao & Associates", "AAAFR1234K", "194J(b)", "2025-08-15", 20000, 10, 6000, "00011"],
      ["No Pan Works", null, "194C", "2025-09-20", 50000, 20, 10000, null],
    ]);
    expect(report.rows[2].problems).toEqual([
      "PAN missing: reported as PANNOTAVBL at the s.206AA rate.",
      "No challan yet: the tax is not deposited.",
    ]);
    expect(report.totals).toEqual({
      count: 3,
      amountPaid: 120000,
      tds: 16500,
      deposited: 6500,
      notDeposited: 10000,
      missingPan: 1,
    });
    const refused = await call(
      owner,
      "GET",
      `/tds/report/download?${qs({ year: YEAR, quarter: 2 })}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("1 deduction has no challan yet");
  });

  test("once deposited, the workbook has the challans and the deductees in Form 26Q's columns", async () => {
    const made = await call(owner, "POST", "/tds/challan", {
      organisationId: org,
      date: "2025-10-06",
      bsrCode: "0510002",
      challanSerial: "00031",
      section: "194C",
      tax: 10000,
      bankAccountId: ids.bank,
      entryIds: [ids.nopanBill],
    });
    expect(made.statusCode, made.body).toBe(200);
    const file = await call(owner, "GET", `/tds/report/download?${qs({ year: YEAR, quarter: 2 })}`);
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values = (name: string) =>
      (workbook.getWorksheet(name)?.getSheetValues() ?? [])
        .filter(Boolean)
        .map((row) => (row as unknown[]).slice(1));
    // The RPU's Challan grid, column for column (decision 400).
    const challans = values("Challan");
    expect(challans[0]?.slice(0, 4)).toEqual([
      "Sr. No. (401)",
      "Update mode for challan",
      "Section code (402)",
      "TDS (Rs.)",
    ]);
    expect(challans[1]).toEqual([
      1,
      "",
      "4JB",
      6000,
      0,
      0,
      0,
      0,
      0,
      "",
      6000,
      "",
      "",
      "0510002",
      "",
      "05/09/2025",
      "",
      "00011",
      "No",
      0,
      0,
      "200",
    ]);
    expect(challans[2]?.slice(0, 11)).toEqual([2, "", "94C", 500, 0, 0, 23, 0, 0, "", 523]);
    // The RPU's Deductee grid: columns 1–32 after the row number, grouped challan by challan.
    const deductees = values("Deductee");
    expect(deductees[0]?.[21]).toBe("(21) Total tax deducted (18+19+20) (Rs.)");
    expect(deductees.slice(1).map((row) => [row[1], row[15]])).toEqual([
      [1, "Rao & Associates"],
      [2, "Kumar Contractors"],
      [3, "No Pan Works"],
    ]);
    expect(deductees[3]).toEqual([
      3,
      3,
      "",
      "0510002",
      "06/10/2025",
      "00031",
      "94C",
      10000,
      0,
      0,
      10000,
      3,
      "",
      "",
      "PANNOTAVBL",
      "No Pan Works",
      "20/09/2025",
      50000,
      10000,
      0,
      0,
      10000,
      "",
      10000,
      "",
      "20/09/2025",
      "C",
      "01",
      20,
      "",
      "",
      "",
      "",
    ]);
    expect(values("Deductor").slice(0, 3)).toEqual([
      ["Tax Deduction Account Number (TAN)", "PNEP12345A"],
      ["Permanent Account Number (PAN)", expect.stringMatching(/^[A-Z]{5}\d{4}[A-Z]$/)],
      ["Name of Deductor", "Pune Works"],
    ]);
  });

  test("a deductee's certificate lists its deductions and the challan that paid them", async () => {
    const response = await call(
      owner,
      "GET",
      `/tds/certificate?${qs({ year: YEAR, quarter: 2, accountId: ids.rao })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const text = await extractPdfText(response.rawPayload);
    expect(text).toContain("Certificate of tax deducted at source");
    expect(text).toContain("Rao & Associates");
    expect(text).toContain("AAAFR1234K");
    expect(text).toContain("6,000.00");
    expect(text).toContain("0510002");
    expect(text).toContain("PNEP12345A");
    const none = await call(
      owner,
      "GET",
      `/tds/certificate?${qs({ year: YEAR, quarter: 1, accountId: ids.rao })}`,
    );
    expect(none.statusCode).toBe(404);
  });
});

describe("late deduction (s.201(1A)(i)) and late deposit on one challan", () => {
  test("₹5,250 deductible 15 Nov, deducted 10 Jan, paid 8 Feb: ₹156 (1% × 3 on ₹5,200) and ₹156 (1.5% × 2)", async () => {
    const party = await addParty({
      name: "Late Deduction Works",
      pan: "ABCPD1234Q",
      tdsSection: "194C",
      deducteeType: "individual",
    });
    const early = await call(owner, "POST", "/purchases/add", {
      organisationId: org,
      year: YEAR,
      date: "2026-01-10",
      invoiceNumber: "LD-0",
      cashOrDebtorAccountId: party,
      itemDetails: [],
      accountDetails: [{ accountId: ids.contract, amount: 525000, gstRate: 0 }],
      tds: {
        section: "194C",
        rate: 1,
        baseAmount: 525000,
        amount: 5250,
        deductibleOn: "2026-01-11",
      },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain("cannot be after the entry's date");
    const bill = await ok(owner, "POST", "/purchases/add", {
      organisationId: org,
      year: YEAR,
      date: "2026-01-10",
      invoiceNumber: "LD-1",
      cashOrDebtorAccountId: party,
      itemDetails: [],
      accountDetails: [{ accountId: ids.contract, amount: 525000, gstRate: 0 }],
      tds: {
        section: "194C",
        rate: 1,
        baseAmount: 525000,
        amount: 5250,
        deductibleOn: "2025-11-15",
      },
    });
    const preview = await ok(
      owner,
      "GET",
      `/tds/challan/interest?${qs({ date: "2026-02-08", section: "194C", entryIds: bill.entryId })}`,
    );
    expect(preview).toEqual({
      date: "2026-02-08",
      tax: 5250,
      interestOwed: 312,
      lateDeductionInterest: 156,
      lateDeductionMonths: 3,
      lateDepositInterest: 156,
      lateDepositMonths: 2,
      dueDate: "2026-02-07",
    });
    const body = {
      organisationId: org,
      date: "2026-02-08",
      bsrCode: "0510002",
      challanSerial: "00051",
      section: "194C",
      tax: 5250,
      fee: 0,
      bankAccountId: ids.bank,
      entryIds: [bill.entryId],
    };
    const short = await call(owner, "POST", "/tds/challan", { ...body, interest: 300 });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(
      "This deposit owes ₹312 of interest under section 201(1A): ₹156 for late deduction (1% a month or part, up to 3 months) and ₹156 for late deposit (1.5% a month or part, up to 2 months). Enter interest of at least ₹312.",
    );
    const paid = await call(owner, "POST", "/tds/challan", { ...body, interest: 312 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      interestOwed: 312,
      lateDeductionInterest: 156,
      lateDepositInterest: 156,
    });
    // The statement reports it credited when deductible and deducted on the entry's date.
    const q4 = await ok(owner, "GET", `/tds/report?${qs({ year: YEAR, quarter: 4 })}`);
    expect(
      q4.rows
        .filter((row: { entryId: string }) => row.entryId === bill.entryId)
        .map((row: { date: string; deductibleOn: string | null }) => [row.date, row.deductibleOn]),
    ).toEqual([["2026-01-10", "2025-11-15"]]);
    const file = await call(owner, "GET", `/tds/report/download?${qs({ year: YEAR, quarter: 4 })}`);
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const row = workbook
      .getWorksheet("Deductee")
      ?.getSheetValues()
      .filter(Boolean)
      .map((cells) => (cells as unknown[]).slice(1))
      .find((cells) => cells[15] === "Late Deduction Works");
    expect([row?.[16], row?.[25]]).toEqual(["15/11/2025", "10/01/2026"]);
    // The preview names only unpaid deductions of the organisation.
    const again = await call(
      owner,
      "GET",
      `/tds/challan/interest?${qs({ date: "2026-02-09", section: "194C", entryIds: bill.entryId })}`,
    );
    expect(again.statusCode).toBe(400);
    expect(
      (
        await call(
          owner,
          "GET",
          `/tds/challan/interest?${qs({ date: "2026-02-09", section: "194C", entryIds: bill.entryId }, strangerOrg)}`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          salesOnly,
          "GET",
          `/tds/challan/interest?${qs({ date: "2026-02-09", section: "194C", entryIds: bill.entryId })}`,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe("a TRACES justification report's case through the API", () => {
  test("₹16,147 deducted on the last day of April, paid on 9 May (due 7 May): 2 months on ₹16,100, ₹483", async () => {
    // caclubindia.com/forum/tds-late-payment-254706.asp quotes TRACES: 30-Apr-2012, 7-May-2012,
    // 9-May-2012, 2 months, ₹483.00. The same days of 2025 (outside 2012, which Bahi keeps no
    // books for): a company contractor at 2% on ₹8,07,350 is ₹16,147.
    const party = await addParty({
      name: "Traces Case Contractors",
      pan: "AABCT1234E",
      tdsSection: "194C",
      deducteeType: "company",
    });
    const bill = await ok(owner, "POST", "/purchases/add", {
      organisationId: org,
      year: YEAR,
      date: "2025-04-30",
      invoiceNumber: "TC-1",
      cashOrDebtorAccountId: party,
      itemDetails: [],
      accountDetails: [{ accountId: ids.contract, amount: 807350, gstRate: 0 }],
      tds: { section: "194C", rate: 2, baseAmount: 807350, amount: 16147 },
    });
    const owed = await ok(
      owner,
      "GET",
      `/tds/challan/interest?${qs({ date: "2025-05-09", section: "194C", entryIds: bill.entryId })}`,
    );
    expect(owed).toMatchObject({
      interestOwed: 483,
      lateDeductionInterest: 0,
      lateDepositInterest: 483,
      lateDepositMonths: 2,
      dueDate: "2025-05-07",
    });
    const paid = await call(owner, "POST", "/tds/challan", {
      organisationId: org,
      date: "2025-05-09",
      bsrCode: "0510002",
      challanSerial: "00061",
      section: "194C",
      tax: 16147,
      interest: 483,
      bankAccountId: ids.bank,
      entryIds: [bill.entryId],
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });
});

describe("194Q: the buyer's turnover condition is an organisation setting", () => {
  test("not marked for the year: no deduction, and the reason says where to mark it; marked: 0.1% on what exceeds 50 lakh", async () => {
    const party = await addParty({
      name: "Steel Suppliers",
      pan: "AABCS1234D",
      tdsSection: "194Q",
      deducteeType: "company",
    });
    const before = await suggest({ accountId: party, date: "2025-08-01", amount: 6000000 });
    expect(before).toMatchObject({ section: "194Q", deduct: false, amount: 0 });
    expect(before.reason).toContain("exceeded ₹10 crore in the year before (2024-25)");
    expect(before.reason).toContain("Settings → Organisation");
    const bad = await call(owner, "POST", "/settings/organisation", {
      organisationId: org,
      tds194QYears: ["2025"],
    });
    expect(bad.statusCode).toBe(400);
    const set = await ok(owner, "POST", "/settings/organisation", {
      organisationId: org,
      tds194QYears: "2025-26, 2024-25",
    });
    expect(set.settings.tds194QYears).toEqual(["2024-25", "2025-26"]);
    const after = await suggest({ accountId: party, date: "2025-08-01", amount: 6000000 });
    expect(after).toMatchObject({ deduct: true, rate: 0.1, baseAmount: 1000000, amount: 1000 });
    expect(after.reason).toContain("turnover in 2024-25 exceeded ₹10 crore");
    // Another year is not marked.
    const nextYear = await suggest({ accountId: party, date: "2026-05-01", amount: 6000000 });
    expect(nextYear).toMatchObject({ deduct: false });
  });
});

describe("credits saved before the account had its section", () => {
  test("a bill saved before the party was given 194J(b), and one whose facts predate TDS, count in the year's aggregate", async () => {
    const party = await addParty({ name: "Earlier Consultants", pan: "ABCPE1234R" });
    const bill = await ok(
      owner,
      "POST",
      "/purchases/add",
      feeBill(party, "2025-05-10", 40000, "EC-1"),
    );
    const db = context.testDatabase.database.db;
    const facts = () =>
      db
        .selectFrom("tds_entries")
        .select(["section", "credit_paise"])
        .where("organisation_id", "=", org)
        .where("voucher_id", "=", bill.entryId)
        .execute();
    expect(await facts()).toEqual([]);
    await ok(owner, "PUT", "/account/edit", {
      organisationId: org,
      accountId: party,
      name: "Earlier Consultants",
      nature: "Creditors",
      gstType: "unregistered",
      state: "27",
      pan: "ABCPE1234R",
      tdsSection: "194J(b)",
      deducteeType: "individual",
      version: 1,
    });
    const s = await suggest({ accountId: party, date: "2025-06-01", amount: 20000 });
    expect(s).toMatchObject({ deduct: true, baseAmount: 60000, amount: 6000 });
    expect(s.reason).toContain("earlier credits of ₹40,000.00 not yet deducted on are included");
    expect(await facts()).toEqual([{ section: "194J(b)", credit_paise: 4_000_000 }]);

    // A voucher saved before TDS existed (migration 0110) has no fact at all.
    await db
      .deleteFrom("tds_entries")
      .where("organisation_id", "=", org)
      .where("voucher_id", "=", bill.entryId)
      .execute();
    await db
      .updateTable("accounts")
      .set({ tds_facts_section: null })
      .where("organisation_id", "=", org)
      .where("id", "=", party)
      .execute();
    expect(await suggest({ accountId: party, date: "2025-06-01", amount: 20000 })).toMatchObject({
      deduct: true,
      baseAmount: 60000,
    });
    // The section changed: the undeducted credit counts under the new one, not the old.
    await ok(owner, "PUT", "/account/edit", {
      organisationId: org,
      accountId: party,
      name: "Earlier Consultants",
      nature: "Creditors",
      gstType: "unregistered",
      state: "27",
      pan: "ABCPE1234R",
      tdsSection: "194J(a)",
      deducteeType: "individual",
      version: 2,
    });
    expect(await suggest({ accountId: party, date: "2025-06-01", amount: 20000 })).toMatchObject({
      section: "194J(a)",
      deduct: true,
      baseAmount: 60000,
      amount: 1200,
    });
    expect(await facts()).toEqual([{ section: "194J(a)", credit_paise: 4_000_000 }]);
    // Editing the bill rewrites its fact in the same save (on PostgreSQL too: delete, then insert).
    const edited = await call(owner, "PUT", "/purchases/edit", {
      ...feeBill(party, "2025-05-10", 45000, "EC-1"),
      entryId: bill.entryId,
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await facts()).toEqual([{ section: "194J(a)", credit_paise: 4_500_000 }]);
  });
});

describe("rights and tenant isolation", () => {
  test("another organisation's id is refused on every route", async () => {
    const urls = [
      `/tds/sections?${qs({ date: "2025-04-01" }, strangerOrg)}`,
      `/tds/suggest?${qs({ accountId: ids.rao, date: "2025-04-01", amount: 100 }, strangerOrg)}`,
      `/tds/challans?${qs({ year: YEAR }, strangerOrg)}`,
      `/tds/report?${qs({ year: YEAR, quarter: 2 }, strangerOrg)}`,
      `/tds/report/download?${qs({ year: YEAR, quarter: 2 }, strangerOrg)}`,
      `/tds/certificate?${qs({ year: YEAR, quarter: 2, accountId: ids.rao }, strangerOrg)}`,
    ];
    for (const url of urls) expect((await call(owner, "GET", url)).statusCode, url).toBe(403);
    // The stranger cannot read this organisation's books by its id either.
    expect(
      (await call(stranger, "GET", `/tds/report?${qs({ year: YEAR, quarter: 2 })}`)).statusCode,
    ).toBe(403);
    const challan = await call(owner, "POST", "/tds/challan", {
      organisationId: strangerOrg,
      date: "2025-10-06",
      bsrCode: "0510002",
      challanSerial: "00099",
      section: "194J(b)",
      tax: 1200,
      bankAccountId: ids.bank,
      entryIds: [ids.bill1],
    });
    expect(challan.statusCode).toBe(403);
  });

  test("a viewer reads the statement but makes no challan; a sales-only accountant reads neither", async () => {
    expect(
      (await call(viewer, "GET", `/tds/report?${qs({ year: YEAR, quarter: 2 })}`)).statusCode,
    ).toBe(200);
    const body = {
      organisationId: org,
      date: "2025-11-05",
      bsrCode: "0510002",
      challanSerial: "00041",
      section: "194J(b)",
      tax: 1200,
      bankAccountId: ids.bank,
      entryIds: [ids.bill1],
    };
    expect((await call(viewer, "POST", "/tds/challan", body)).statusCode).toBe(403);
    expect((await call(salesOnly, "POST", "/tds/challan", body)).statusCode).toBe(403);
    expect(
      (await call(salesOnly, "GET", `/tds/report?${qs({ year: YEAR, quarter: 2 })}`)).statusCode,
    ).toBe(403);
  });
});

// Last: it adds a 194J(b) deduction of Q2 that the statement tests above do not expect.
describe("restore", () => {
  test("a bill with TDS deleted, then restored from Deleted Entries, counts again", async () => {
    const party = await addParty({
      name: "Restored Consultants",
      pan: "ABCPR1234N",
      tdsSection: "194J(b)",
      deducteeType: "individual",
    });
    const tds = { section: "194J(b)", rate: 10, baseAmount: 60000, amount: 6000 };
    const bill = await ok(
      owner,
      "POST",
      "/purchases/add",
      feeBill(party, "2025-07-01", 60000, "RC-1", tds),
    );
    const deleted = await call(
      owner,
      "DELETE",
      `/purchases/delete?organisationId=${org}&entryIds[]=${bill.entryId}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Deleted, the year's credits are nothing: a later 10,000 is under the threshold.
    expect(await suggest({ accountId: party, date: "2025-07-10", amount: 10000 })).toMatchObject({
      deduct: false,
    });

    await ok(owner, "POST", "/purchases/restore", {
      organisationId: org,
      entryIds: [bill.entryId],
    });
    expect(await suggest({ accountId: party, date: "2025-07-10", amount: 10000 })).toMatchObject({
      deduct: true,
      baseAmount: 10000,
      amount: 1000,
    });
    const entry = await ok(
      owner,
      "GET",
      `/purchases/getsingleentrydetails?${qs({ entryId: bill.entryId })}`,
    );
    // 70,800 less the 6,000 deducted is what is owed.
    expect(entry.entry).toMatchObject({ totalAmount: 70800, pendingAmt: 64800 });
    expect((await ledger(party)).closingBalance).toMatchObject({ amount: 64800, type: "cr" });
  });
});
