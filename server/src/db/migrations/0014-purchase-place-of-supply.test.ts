import { describe, expect, test } from "vitest";
import { correctPlaceOfSupply } from "./0014-purchase-place-of-supply.ts";

const REGISTERED = { stateCode: "24", gstType: "regular" };

describe("migration 0014: a purchase's place of supply that held the supplier's state", () => {
  test("a Gujarat supplier's bill filled with pos 24 becomes pos 27 with the supplier at 24; tax kept", () => {
    const saved = { pos: "24", gstin: "24AAACC1206D1ZM", igstAmount: 180, taxKind: "inter" };
    expect(correctPlaceOfSupply(saved, "27", REGISTERED)).toEqual({
      document: { ...saved, pos: "27", supplierStateCode: "24", partyGstType: "regular" },
      posChanged: true,
    });
  });

  test("an unregistered supplier is located by the account's state", () => {
    const saved = { pos: "29", taxKind: "inter" };
    expect(
      correctPlaceOfSupply(saved, "27", { stateCode: "29", gstType: "unregistered" })?.document,
    ).toMatchObject({ pos: "27", supplierStateCode: "29" });
  });

  test("a local supplier's bill keeps its pos", () => {
    const saved = { pos: "27", gstin: "27AAPFU0939F1ZV", taxKind: "intra" };
    expect(correctPlaceOfSupply(saved, "27", { stateCode: "27", gstType: "regular" })).toEqual({
      document: { ...saved, supplierStateCode: "27", partyGstType: "regular" },
      posChanged: false,
    });
  });

  test("a pos that is neither the supplier's state nor the organisation's was typed: kept", () => {
    const saved = { pos: "29", gstin: "24AAACC1206D1ZM", taxKind: "inter" };
    expect(correctPlaceOfSupply(saved, "27", REGISTERED)).toMatchObject({
      document: { pos: "29", supplierStateCode: "24" },
      posChanged: false,
    });
  });

  test("a document saved by the new engine is left alone (re-running changes nothing)", () => {
    expect(correctPlaceOfSupply({ pos: "27", supplierStateCode: "24" }, "27", REGISTERED)).toBe(
      null,
    );
  });

  test("an overseas supplier without a state is outside India (96)", () => {
    const saved = { pos: "96", taxKind: "inter" };
    expect(
      correctPlaceOfSupply(saved, "27", { stateCode: null, gstType: "overseas" }),
    ).toMatchObject({ document: { pos: "27", supplierStateCode: "96" }, posChanged: true });
  });
});
