import { describe, expect, test } from "vitest";
import { accounts as SYSTEM } from "../../ledger/test-accounts.ts";
import type { VoucherType } from "../voucher-type.ts";
import { prepareVoucher, type VoucherAccount, type VoucherContext } from "./prepare-voucher.ts";
import { locateSupplier, type PartyGstFacts } from "./supplier-state.ts";

// Issue 18: on a purchase-side document the supplier is the party, so IGST or CGST + SGST follows
// the party's state against the place of supply, not the organisation's state against it.

const PARTIES: Record<string, PartyGstFacts> = {
  registeredHome: { gstin: "27AAPFU0939F1ZV", stateCode: "27", gstType: "regular" },
  registeredGujarat: { gstin: "24AAACC1206D1ZM", stateCode: "24", gstType: "regular" },
  unregisteredHome: { gstin: null, stateCode: "27", gstType: "unregistered" },
  unregisteredGujarat: { gstin: null, stateCode: "24", gstType: "unregistered" },
  unregisteredNowhere: { gstin: null, stateCode: null, gstType: null },
  sezHome: { gstin: "27AAPFU0939F1ZV", stateCode: "27", gstType: "sez" },
  overseas: { gstin: null, stateCode: "96", gstType: "overseas" },
};

function contextFor(party: PartyGstFacts): VoucherContext {
  const accounts = new Map<string, VoucherAccount>([
    ["party", { name: "The Party", nature: "Creditors", active: true, ...party }],
  ]);
  return {
    organisation: {
      stateCode: "27",
      gstRegistered: true,
      gstRegType: "regular",
      manageInventory: true,
    },
    systemAccounts: SYSTEM,
    accounts,
    items: new Map([["rice", { name: "Rice", type: "goods" as const }]]),
  };
}

// ₹1,000 at 18 %: ₹90 + ₹90 or ₹180 IGST; under reverse charge the tax is not in the total.
function documentFor(kind: "intra" | "inter", rcm: boolean, extra: Record<string, unknown>) {
  return {
    date: "2026-06-10",
    year: "2026-27",
    invoiceNumber: "B-1",
    cashOrDebtorAccountId: "party",
    rcmApplicable: rcm,
    itemDetails: [
      { itemId: "rice", quantity: 2, rate: 500, discountType: "percent", discount: 0, gstRate: 18 },
    ],
    accountDetails: [],
    grossAmount: 1000,
    cgstAmount: kind === "intra" ? 90 : 0,
    sgstAmount: kind === "intra" ? 90 : 0,
    igstAmount: kind === "inter" ? 180 : 0,
    roundOffAmount: 0,
    totalAmount: rcm ? 1000 : 1180,
    ...extra,
  };
}

const PURCHASE_SIDE: VoucherType[] = ["purchases", "debitNote", "purchaseOrder"];

describe("purchase-side documents: the supplier's state against the place of supply", () => {
  const cases: [party: string, pos: string | undefined, extra: object, kind: "intra" | "inter"][] =
    [
      ["registeredHome", "27", {}, "intra"],
      ["registeredHome", undefined, {}, "intra"],
      ["registeredGujarat", "27", {}, "inter"],
      ["registeredGujarat", undefined, {}, "inter"],
      // Goods delivered to the organisation in Gujarat (its branch there): local to the supplier.
      ["registeredGujarat", "24", {}, "intra"],
      ["unregisteredHome", "27", {}, "intra"],
      ["unregisteredGujarat", "27", {}, "inter"],
      ["unregisteredNowhere", "27", {}, "intra"],
      ["sezHome", "27", {}, "inter"],
      ["overseas", "27", {}, "inter"],
      ["registeredHome", "27", { importType: "goods" }, "inter"],
      ["registeredHome", "27", { importType: "services" }, "inter"],
      // The GSTIN on the document wins over the account's (the bill names the branch that supplied).
      ["registeredHome", "27", { gstin: "24AAACC1206D1ZM" }, "inter"],
    ];
  for (const type of PURCHASE_SIDE) {
    for (const rcm of [false, true]) {
      test.each(cases)(
        `${type}${rcm ? " under RCM" : ""}: %s supplier, pos %s, %j → %s`,
        (party, pos, extra, kind) => {
          const facts = PARTIES[party] as PartyGstFacts;
          const payload = documentFor(kind, rcm, { ...(pos ? { pos } : {}), ...extra });
          const prepared = prepareVoucher(type, payload, contextFor(facts));
          expect(prepared.document).toMatchObject({ taxKind: kind, pos: pos ?? "27" });
          if (type === "purchaseOrder") {
            expect(prepared.postings).toEqual([]);
            return;
          }
          const taxAccounts = prepared.postings
            .map((posting) => posting.accountId)
            .filter((id) => /Cgst|Sgst|Igst/.test(id));
          if (kind === "inter") {
            expect(taxAccounts.every((id) => id.includes("Igst"))).toBe(true);
            expect(taxAccounts.length).toBe(rcm ? 2 : 1);
          } else {
            expect(taxAccounts.some((id) => id.includes("Igst"))).toBe(false);
            expect(taxAccounts.length).toBe(rcm ? 4 : 2);
          }
        },
      );
    }
  }
});

describe("sales-side documents: the organisation supplies", () => {
  test.each([
    ["registeredGujarat", "24", "inter"],
    ["registeredGujarat", "27", "intra"],
    ["registeredHome", "27", "intra"],
    ["sezHome", "27", "intra"],
    ["overseas", "27", "intra"],
  ] as const)("%s customer, pos %s → %s", (party, pos, kind) => {
    const prepared = prepareVoucher(
      "salesInvoice",
      documentFor(kind, false, { pos }),
      contextFor(PARTIES[party] as PartyGstFacts),
    );
    expect(prepared.document).toMatchObject({ taxKind: kind, supplierStateCode: "27" });
  });
});

describe("locateSupplier", () => {
  test("a supplier nothing locates is left to the place of supply", () => {
    expect(locateSupplier("supplier", "27", {}, null)).toEqual({
      stateCode: null,
      alwaysInterState: false,
    });
  });
  test("the organisation supplies on the customer side, whatever the party", () => {
    expect(
      locateSupplier("customer", "29", { importType: "goods" }, PARTIES.overseas ?? null),
    ).toEqual({ stateCode: "29", alwaysInterState: false });
  });
});
