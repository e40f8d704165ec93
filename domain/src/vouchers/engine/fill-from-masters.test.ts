import { describe, expect, test } from "vitest";
import { SalesInvoiceInput } from "../../schemas/document-entries.ts";
import {
  fillFromMasters,
  type ItemMaster,
  type MastersForFill,
  type PartyMaster,
  partyPlaceOfSupply,
} from "./fill-from-masters.ts";

const KARNATAKA_CUSTOMER: PartyMaster = {
  name: "Bengaluru Traders",
  gstin: "29AAGCB7383J1Z4",
  stateCode: "29",
  gstType: "regular",
  billingAddress: "12 MG Road, Bengaluru",
  shippingAddress: "Plot 4, Peenya",
};
const CONSUMER: PartyMaster = {
  name: "Walk-in",
  gstin: null,
  stateCode: "7",
  gstType: "unregistered",
  billingAddress: null,
  shippingAddress: "  ",
};

const ITEMS = new Map<string, ItemMaster>([
  ["rice", { type: "goods", hsnCode: "1006", sacCode: null, uom: "KGS" }],
  ["repair", { type: "services", hsnCode: null, sacCode: "998729", uom: null }],
  ["bare", { type: "goods", hsnCode: null, sacCode: null, uom: null }],
]);

const masters = (party: PartyMaster | undefined): MastersForFill => ({
  organisationStateCode: "27",
  party,
  items: ITEMS,
});

const line = (itemId: string, extra: Record<string, unknown> = {}) => ({
  itemId,
  quantity: 2,
  rate: 500,
  gstRate: 18,
  amount: 1000,
  ...extra,
});

const invoice = (extra: Record<string, unknown> = {}) => ({
  organisationId: "org",
  year: "2025-26",
  date: "2025-05-10",
  cashOrDebtorAccountId: "party",
  itemDetails: [line("rice"), line("repair")],
  ...extra,
});

describe("fillFromMasters", () => {
  test("fills the header from the party and each line from its item, as the screen does", () => {
    const filled = fillFromMasters("salesInvoice", invoice(), masters(KARNATAKA_CUSTOMER));
    expect(filled).toMatchObject({
      partyName: "Bengaluru Traders",
      billingAddress: "12 MG Road, Bengaluru",
      shippingAddress: "Plot 4, Peenya",
      gstin: "29AAGCB7383J1Z4",
      pos: "29",
      itemDetails: [
        { itemId: "rice", hsnCode: "1006", uom: "KGS", rate: 500, gstRate: 18 },
        { itemId: "repair", sacCode: "998729" },
      ],
    });
    const [rice, repair] = filled.itemDetails as Record<string, unknown>[];
    expect(rice).not.toHaveProperty("sacCode");
    expect(rice).not.toHaveProperty("description");
    expect(repair).not.toHaveProperty("hsnCode");
    expect(repair).not.toHaveProperty("uom");
  });

  test("a value sent wins, even a blank one; the payload itself is not changed", () => {
    const payload = invoice({
      gstin: "27AAPFU0939F1ZV",
      pos: "27",
      billingAddress: undefined,
      partyName: "Bengaluru Traders (Peenya)",
      itemDetails: [
        line("rice", { hsnCode: "100630", uom: "BAG" }),
        line("rice", { sacCode: undefined }),
      ],
    });
    const copy = structuredClone(payload);
    const filled = fillFromMasters("salesInvoice", payload, masters(KARNATAKA_CUSTOMER));
    expect(filled).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      pos: "27",
      partyName: "Bengaluru Traders (Peenya)",
      shippingAddress: "Plot 4, Peenya",
    });
    expect(filled.billingAddress).toBeUndefined();
    const [first, second] = filled.itemDetails as Record<string, unknown>[];
    expect(first).toMatchObject({ hsnCode: "100630", uom: "BAG" });
    expect(second).not.toHaveProperty("hsnCode");
    expect(second).toMatchObject({ uom: "KGS" });
    expect(payload).toEqual(copy);
    expect(Object.keys(payload)).toEqual(Object.keys(copy));
  });

  test("what a master does not hold stays out: no GSTIN for an unregistered party", () => {
    const filled = fillFromMasters(
      "salesInvoice",
      invoice({ itemDetails: [line("bare")] }),
      masters(CONSUMER),
    );
    expect(filled).not.toHaveProperty("gstin");
    expect(filled).not.toHaveProperty("billingAddress");
    expect(filled).not.toHaveProperty("shippingAddress");
    expect(filled.pos).toBe("07");
    expect(filled.itemDetails).toEqual([line("bare")]);
  });

  test("on a purchase the place of supply is the organisation's; the GSTIN is the supplier's", () => {
    const filled = fillFromMasters("purchases", invoice(), masters(KARNATAKA_CUSTOMER));
    expect(filled).toMatchObject({ gstin: "29AAGCB7383J1Z4", pos: "27" });
    const unregistered = fillFromMasters("purchases", invoice(), {
      ...masters(CONSUMER),
      organisationStateCode: null,
    });
    expect(unregistered).not.toHaveProperty("pos");
  });

  test("an unknown party or item, and the account-line families, are left as they came", () => {
    const unknown = invoice({ itemDetails: [line("ghost")] });
    expect(fillFromMasters("salesInvoice", unknown, masters(undefined))).toEqual(unknown);
    const receipt = { receivedAccountId: "cash", entries: [] };
    expect(fillFromMasters("receipts", receipt, masters(KARNATAKA_CUSTOMER))).toBe(receipt);
  });

  test("the schema keeps a blank field's key and drops an absent one (what 'sent' means)", () => {
    const parsed = SalesInvoiceInput.parse(
      invoice({ gstin: "", itemDetails: [line("rice", { hsnCode: " ", uom: "" })] }),
    );
    expect(Object.hasOwn(parsed, "gstin")).toBe(true);
    expect(Object.hasOwn(parsed, "pos")).toBe(false);
    expect(Object.hasOwn(parsed.itemDetails[0] ?? {}, "hsnCode")).toBe(true);
    const filled = fillFromMasters("salesInvoice", parsed, masters(KARNATAKA_CUSTOMER));
    expect(filled.gstin).toBeUndefined();
    expect(filled.pos).toBe("29");
    expect((filled.itemDetails as Record<string, unknown>[])[0]).toMatchObject({
      hsnCode: undefined,
      uom: undefined,
    });
  });
});

describe("partyPlaceOfSupply", () => {
  const party = (facts: Partial<PartyMaster>) => ({
    gstin: null,
    stateCode: null,
    gstType: null,
    ...facts,
  });
  test("a customer's GSTIN state, else 96 overseas, else its state, else ours", () => {
    expect(partyPlaceOfSupply(party({ gstin: "29AAGCB7383J1Z4" }), "27", "customer")).toBe("29");
    expect(partyPlaceOfSupply(party({ gstType: "overseas" }), "27", "customer")).toBe("96");
    expect(partyPlaceOfSupply(party({ stateCode: "9" }), "27", "customer")).toBe("09");
    expect(partyPlaceOfSupply(party({ stateCode: "-1" }), "27", "customer")).toBe("27");
    expect(partyPlaceOfSupply(party({}), null, "customer")).toBe("");
  });
  test("a supplier's documents are received at the organisation's state", () => {
    expect(partyPlaceOfSupply(party({ gstin: "29AAGCB7383J1Z4" }), "27", "supplier")).toBe("27");
  });
});
