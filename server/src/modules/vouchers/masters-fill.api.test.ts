import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, GST_PARTIES, setUpGstRegisteredBook } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";

// Issue 35 (decision 210): what an item-line payload leaves out is filled at save from the party
// and item masters, as the entry screen fills it; a value sent, blank included, wins.

const YEAR = "2024-25";
const SEPTEMBER = { startDate: "2024-09-01", endDate: "2024-09-30" };
const OCTOBER = { startDate: "2024-10-01", endDate: "2024-10-31" };
const CUSTOMER = {
  ...GST_PARTIES.bengaluruCustomer,
  gstType: "regular",
  billingAddress: "12 MG Road, Bengaluru",
  shippingAddress: "Plot 4, Peenya, Bengaluru",
};

let context: TestContext;
let owner: Person;
let org: string;
let ids: { customer: string; laptop: string; installation: string };

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Mumbai Computers" },
    accounts: { customer: CUSTOMER },
    items: {
      laptop: { name: "Laptop", hsnCode: "8471", uom: "NOS" },
      installation: { name: "Installation", type: "services", sacCode: "998729", uom: null },
    },
  });
  ({ context, owner, organisationId: org } = book);
  ids = { ...book.accounts, ...book.items };
});
afterAll(() => context.close());

/** docs/api/vouchers.md's sales invoice, with only the party and the lines' numbers. */
function minimalInvoice(
  date: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> & { itemDetails: Record<string, unknown>[] } {
  return {
    organisationId: org,
    year: YEAR,
    date,
    cashOrDebtorAccountId: ids.customer,
    itemDetails: [
      {
        itemId: ids.laptop,
        quantity: 2,
        rate: 500,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: 1000,
      },
      { itemId: ids.installation, quantity: 1, rate: 200, gstRate: 18, amount: 200 },
    ],
    ...extra,
  };
}

async function send(method: "POST" | "PUT", family: string, payload: Record<string, unknown>) {
  return requestAs(context, owner, {
    method,
    url: `/api/${family}/${method === "POST" ? "add" : "edit"}`,
    payload,
  });
}

async function saved(family: string, entryId: string) {
  const response = await requestAs(context, owner, {
    method: "GET",
    url: `/api/${family}/getsingleentrydetails?organisationId=${org}&entryId=${entryId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entry as Record<string, unknown> & {
    itemDetails: Record<string, unknown>[];
  };
}

async function gstr1(path: string, params: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries({ organisationId: org, year: YEAR, ...params }).map(([k, v]) => [k, String(v)]),
  );
  const response = await requestAs(context, owner, {
    method: "GET",
    url: `/api/gstr1/${path}?${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("a payload that leaves out what the screen fills", () => {
  let minimalId: string;

  test("the docs' minimal invoice takes the party's GSTIN, place and addresses, each line's HSN/SAC and unit", async () => {
    const response = await send("POST", "salesinvoice", minimalInvoice("2024-09-05"));
    expect(response.statusCode, response.body).toBe(200);
    // The customer is in Karnataka (29), the organisation in Maharashtra (27): IGST.
    expect(response.json()).toMatchObject({
      grossAmount: 1200,
      igstAmount: 216,
      cgstAmount: 0,
      totalAmount: 1416,
      taxKind: "inter",
      pos: "29",
    });
    minimalId = response.json().entryId;
    const entry = await saved("salesinvoice", minimalId);
    expect(entry).toMatchObject({
      partyName: "Bengaluru Systems",
      gstin: CUSTOMER.gstin,
      pos: "29",
      billingAddress: CUSTOMER.billingAddress,
      shippingAddress: CUSTOMER.shippingAddress,
    });
    expect(entry.itemDetails[0]).toMatchObject({ hsnCode: "8471", uom: "NOS" });
    expect(entry.itemDetails[0]).not.toHaveProperty("sacCode");
    expect(entry.itemDetails[0]).not.toHaveProperty("description");
    expect(entry.itemDetails[1]).toMatchObject({ sacCode: "998729" });
    expect(entry.itemDetails[1]).not.toHaveProperty("hsnCode");
    expect(entry.itemDetails[1]).not.toHaveProperty("uom");
  });

  test("its month's GSTR-1 lists it as B2B, with the HSN and SAC in Table 12 and no HSN error", async () => {
    const counts = await gstr1("gstr1B2BCount", SEPTEMBER);
    expect(counts.warnings.filter((w: { entryId: string }) => w.entryId === minimalId)).toEqual([]);
    const b2b = await gstr1("gstr1transactions", { ...SEPTEMBER, type: "b2b" });
    expect(b2b.transactions).toEqual([
      expect.objectContaining({
        entryId: minimalId,
        gstin: CUSTOMER.gstin,
        pos: "29",
        value: 1416,
      }),
    ]);
    const hsn = await gstr1("gstr1transactions", { ...SEPTEMBER, type: "hsn", limit: 50 });
    expect(hsn.transactions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ hsn: "8471", quantity: 2, taxableValue: 1000 }),
        expect.objectContaining({ hsn: "998729", taxableValue: 200 }),
      ]),
    );
  });

  test("a value sent wins, a blank one included: no GSTIN sent blank is a B2C sale", async () => {
    const payload = minimalInvoice("2024-09-06", {
      gstin: "",
      pos: "27",
      billingAddress: "Counter sale",
      shippingAddress: "",
    });
    payload.itemDetails[0] = { ...payload.itemDetails[0], hsnCode: "847130", uom: "BOX" };
    payload.itemDetails[1] = { ...payload.itemDetails[1], sacCode: "" };
    const response = await send("POST", "salesinvoice", payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ taxKind: "intra", pos: "27", cgstAmount: 108 });
    const entryId = response.json().entryId as string;
    const entry = await saved("salesinvoice", entryId);
    expect(entry).not.toHaveProperty("gstin");
    expect(entry).not.toHaveProperty("shippingAddress");
    expect(entry).toMatchObject({ pos: "27", billingAddress: "Counter sale" });
    expect(entry.itemDetails[0]).toMatchObject({ hsnCode: "847130", uom: "BOX" });
    expect(entry.itemDetails[1]).not.toHaveProperty("sacCode");
    const b2cs = await gstr1("gstr1transactions", { ...SEPTEMBER, type: "b2cs" });
    expect(b2cs.transactions.map((row: { entryId: string }) => row.entryId)).toContain(entryId);

    // An edit that leaves them out takes them from the masters as they are at the edit.
    const { gstin: _gstin, pos: _pos, ...rest } = payload;
    const edited = await send("PUT", "salesinvoice", { ...rest, entryId, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ taxKind: "inter", pos: "29", igstAmount: 216 });
    expect(await saved("salesinvoice", entryId)).toMatchObject({ gstin: CUSTOMER.gstin });
  });

  test("declared totals of the tax the filled place of supply does not charge are refused, not changed", async () => {
    const response = await send(
      "POST",
      "salesinvoice",
      minimalInvoice("2024-09-07", {
        grossAmount: 1200,
        cgstAmount: 108,
        sgstAmount: 108,
        igstAmount: 0,
        totalAmount: 1416,
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain("IGST amount should be 216.00, not 0.00");
  });

  test("a purchase's place of supply stays the organisation's; the supplier's GSTIN is filled", async () => {
    const response = await send("POST", "purchases", minimalInvoice("2024-09-08"));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pos: "27", taxKind: "inter" });
    const entry = await saved("purchases", response.json().entryId);
    expect(entry).toMatchObject({ gstin: CUSTOMER.gstin, pos: "27" });
    expect(entry.itemDetails[0]).toMatchObject({ hsnCode: "8471", uom: "NOS" });
  });
});

describe("a spreadsheet of vouchers", () => {
  test("its invoices take the party's GSTIN and the items' HSN, so their month's GSTR-1 can be built", async () => {
    const csv = [
      "entry,type,date,number,customer,item,qty,rate,discount,gst %,account,amount,narration",
      "S1,Sales Invoice,2024-10-03,IMP-1,Bengaluru Systems,Laptop,3,1000,,18,,,",
      "S1,Sales Invoice,2024-10-03,IMP-1,Bengaluru Systems,Installation,1,500,,18,,,",
    ].join("\n");
    const { payload, headers } = buildMultipart({ organisationId: org, type: "vouchers" }, [
      { field: "file", fileName: "sales.csv", bytes: csv },
    ]);
    const imported = await context.app.inject({
      method: "POST",
      url: "/api/import/other/importData",
      payload,
      headers: { ...headers, ...as(owner) },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 1 });
    const b2b = await gstr1("gstr1transactions", { ...OCTOBER, type: "b2b" });
    expect(b2b.transactions).toEqual([
      expect.objectContaining({ number: "IMP-1", gstin: CUSTOMER.gstin, pos: "29", value: 4130 }),
    ]);
    const entry = await saved("salesinvoice", b2b.transactions[0].entryId);
    expect(entry.itemDetails.map((line) => [line.hsnCode, line.sacCode, line.uom])).toEqual([
      ["8471", undefined, "NOS"],
      [undefined, "998729", undefined],
    ]);
    const counts = await gstr1("gstr1B2BCount", OCTOBER);
    expect(counts.errorsCount).toBe(0);
    const file = await gstr1("gstr1Json", OCTOBER);
    expect(file.hsn.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ hsn_sc: "8471", qty: 3, txval: 3000 })]),
    );
  });
});
