import { VOUCHER_REGISTRY } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import { collectAccountIds, describeAccountCell, findUnknownAccountIds } from "./list-accounts.ts";

const receipts = VOUCHER_REGISTRY.receipts.listColumns;
const records = [
  { _id: "r1", version: 1, receivedAccountId: "bank", receivedFromAccountIds: ["ravi", "sharma"] },
  { _id: "r2", version: 1, receivedAccountId: "cash", receivedFromAccountIds: ["ravi"] },
];

describe("account cells and the unknown-account refresh (spec 4)", () => {
  test("collects every account id the account columns show", () => {
    expect(collectAccountIds(records, receipts).sort()).toEqual(["bank", "cash", "ravi", "sharma"]);
    expect(collectAccountIds(records, VOUCHER_REGISTRY.salesInvoice.listColumns)).toEqual([]);
  });

  test("finds the ones missing from the cached accounts", () => {
    const cached = ["bank", "cash", "ravi"].map((id) => ({
      _id: id,
      name: id,
      nature: "Bank",
      active: true,
    }));
    expect(findUnknownAccountIds(records, receipts, cached)).toEqual(["sharma"]);
    const sharma = { _id: "sharma", name: "Sharma & Sons", nature: "Debtors", active: true };
    expect(findUnknownAccountIds(records, receipts, [...cached, sharma])).toEqual([]);
  });

  test("shows one name or several, joined", () => {
    const names = new Map([
      ["ravi", "Ravi Stores"],
      ["sharma", "Sharma & Sons"],
    ]);
    expect(describeAccountCell("ravi", names)).toBe("Ravi Stores");
    expect(describeAccountCell(["ravi", "sharma", "gone"], names)).toBe(
      "Ravi Stores, Sharma & Sons",
    );
    expect(describeAccountCell(undefined, names)).toBe("");
  });
});
