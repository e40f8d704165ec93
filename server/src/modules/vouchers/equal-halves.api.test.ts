import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  balancesFromPostings,
  GST_PARTIES,
  setUpGstRegisteredBook,
  systemAccountId,
} from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

// Issue 35, decision 099: intra-state CGST and SGST are each taxable × rate/2, rounded alike, so
// a new document's halves are equal wherever they appear; a document saved before keeps its own.

const YEAR = "2024-25";
const SEPTEMBER = { startDate: "2024-09-01", endDate: "2024-09-30" };

let context: TestContext;
let owner: Person;
let org: string;
let walkIn: string;
let item: string;

/**
 * Three lines of ₹101 at 5 % to a walk-in customer in Maharashtra. Worked by hand: each half is
 * ₹101 × 2.5 % = ₹2.525 → ₹2.53, so CGST ₹7.59 and SGST ₹7.59 (the old split of 5.05 gave 2.53 +
 * 2.52 a line, 7.59 + 7.56); ₹303 + ₹15.18 = ₹318.18 → ₹318, round off −0.18.
 */
function payload(declared: { cgst: number; sgst: number; total: number }) {
  return {
    organisationId: org,
    year: YEAR,
    date: "2024-09-10",
    cashOrDebtorAccountId: walkIn,
    pos: "27",
    itemDetails: [1, 2, 3].map(() => ({
      itemId: item,
      hsnCode: "8471",
      uom: "NOS",
      quantity: 1,
      rate: 101,
      discountType: "percent",
      discount: 0,
      gstRate: 5,
      amount: 101,
    })),
    accountDetails: [],
    grossAmount: 303,
    cgstAmount: declared.cgst,
    sgstAmount: declared.sgst,
    igstAmount: 0,
    totalAmount: declared.total,
  };
}

function add(body: Record<string, unknown>) {
  return requestAs(context, owner, { method: "POST", url: "/api/salesinvoice/add", payload: body });
}

function get(path: string, params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(
    Object.entries({ organisationId: org, year: YEAR, ...params }).map(([k, v]) => [k, String(v)]),
  ).toString();
  return requestAs(context, owner, { method: "GET", url: `/api/${path}?${query}` });
}

async function entryOf(entryId: string) {
  const response = await get("salesinvoice/getsingleentrydetails", { entryId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entry;
}

async function printText(entryId: string) {
  const response = await requestAs(context, owner, {
    method: "GET",
    url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${entryId}&transactionType=salesInvoice&format=download`,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return extractPdfText(response.rawPayload);
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Mumbai Computers", startingYear: YEAR },
    accounts: { walkIn: GST_PARTIES.walkIn },
    items: { laptop: { name: "Laptop" } },
  });
  ({ context, owner, organisationId: org } = book);
  walkIn = book.accounts.walkIn;
  item = book.items.laptop;
});

afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

describe("a new intra-state document", () => {
  let entryId: string;

  test("is refused when it declares the old unequal split", async () => {
    // SGST 7.56 declared, 7.59 computed: 3 paise off, over the tolerance of a paisa.
    const response = await add(payload({ cgst: 7.59, sgst: 7.56, total: 318 }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("7.59");
  });

  test("stores equal halves on every line and in its totals, and posts them", async () => {
    const response = await add(payload({ cgst: 7.59, sgst: 7.59, total: 318 }));
    expect(response.statusCode, response.body).toBe(200);
    entryId = response.json().entryId;
    const entry = await entryOf(entryId);
    expect(entry).toMatchObject({
      grossAmount: 303,
      cgstAmount: 7.59,
      sgstAmount: 7.59,
      igstAmount: 0,
      roundOffAmount: -0.18,
      totalAmount: 318,
    });
    for (const line of entry.itemDetails) {
      expect(line).toMatchObject({ amount: 101, cgstAmount: 2.53, sgstAmount: 2.53 });
    }
    const balances = await balancesFromPostings(context, org);
    expect(balances.get(await systemAccountId(context, org, "outputCgst"))).toBe(-759);
    expect(balances.get(await systemAccountId(context, org, "outputSgst"))).toBe(-759);
    expect(balances.get(walkIn)).toBe(318_00);
  });

  test("GSTR-1 and GSTR-3B carry the equal halves", async () => {
    const gstr1 = await get("gstr1/gstr1Json", SEPTEMBER);
    expect(gstr1.statusCode, gstr1.body).toBe(200);
    const json = JSON.parse(gstr1.body);
    expect(json.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        pos: "27",
        typ: "OE",
        rt: 5,
        txval: 303,
        camt: 7.59,
        samt: 7.59,
        csamt: 0,
      },
    ]);
    expect(json.hsn.data).toEqual([
      expect.objectContaining({ hsn_sc: "8471", rt: 5, txval: 303, camt: 7.59, samt: 7.59 }),
    ]);
    const gstr3b = await get("gstr3b/gstr3B", { ...SEPTEMBER, type: "summary" });
    expect(gstr3b.statusCode, gstr3b.body).toBe(200);
    expect(gstr3b.body).toContain("7.59");
    expect(gstr3b.body).not.toContain("7.56");
  });

  test("prints the equal halves", async () => {
    const text = await printText(entryId);
    expect(text).toContain("7.59");
    expect(text).not.toContain("7.56");
  });

  test("a document saved under the old split keeps its amounts in what reads it", async () => {
    // Saved before decision 099: the stored document carries 2.53 + 2.52 a line, 7.59 + 7.56.
    const db = context.testDatabase.database.db;
    const row = await db
      .selectFrom("vouchers")
      .select("document")
      .where("id", "=", entryId)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.document);
    stored.itemDetails = stored.itemDetails.map((line: Record<string, unknown>) => ({
      ...line,
      sgstAmount: 2.52,
    }));
    stored.sgstAmount = 7.56;
    stored.roundOffAmount = -0.15;
    await db
      .updateTable("vouchers")
      .set({ document: JSON.stringify(stored) })
      .where("id", "=", entryId)
      .execute();

    const entry = await entryOf(entryId);
    expect(entry).toMatchObject({ cgstAmount: 7.59, sgstAmount: 7.56, totalAmount: 318 });
    expect(entry.itemDetails[0]).toMatchObject({ cgstAmount: 2.53, sgstAmount: 2.52 });
    const text = await printText(entryId);
    expect(text).toContain("7.56");
  });
});
