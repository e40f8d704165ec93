import { describe, expect, it } from "vitest";
import { DocumentError } from "./document-error.ts";
import { determineTaxKind, type TaxKindInput } from "./tax-kind.ts";
import { expectInputError } from "./test-errors.ts";

const base: TaxKindInput = {
  supplierStateCode: "27",
  placeOfSupply: "27",
  gstApplicable: true,
  supplyType: "regular",
};

describe("determineTaxKind", () => {
  // gst-reference §7.
  it.each<[string, Partial<TaxKindInput>, string]>([
    ["same state", {}, "intra"],
    ["other state", { placeOfSupply: "29" }, "inter"],
    ["Other Territory like a state", { supplierStateCode: "97", placeOfSupply: "97" }, "intra"],
    ["place of supply outside India", { placeOfSupply: "96" }, "inter"],
    ["supplier outside India (import of services)", { supplierStateCode: "96" }, "inter"],
    ["not registered for GST", { gstApplicable: false, supplierStateCode: "" }, "none"],
    [
      "SEZ with payment in the same state",
      { supplyType: "sez", exportOrSezPayment: "withPayment" },
      "inter",
    ],
    ["SEZ under LUT", { supplyType: "sez", exportOrSezPayment: "withoutPayment" }, "none"],
    [
      "export with payment",
      { supplyType: "export", placeOfSupply: "96", exportOrSezPayment: "withPayment" },
      "inter",
    ],
    [
      "export under LUT",
      { supplyType: "export", placeOfSupply: "96", exportOrSezPayment: "withoutPayment" },
      "none",
    ],
  ])("%s → %s", (_name, change, expected) => {
    expect(determineTaxKind({ ...base, ...change })).toBe(expected);
  });

  it.each<[string, Partial<TaxKindInput>, string, string]>([
    [
      "export without a payment choice",
      { supplyType: "export" },
      "exportOrSezPayment",
      "Choose whether the export or SEZ supply is made with payment of IGST or under LUT/bond.",
    ],
    [
      "empty place of supply",
      { placeOfSupply: "" },
      "placeOfSupply",
      "Place of supply must be a two-digit state code.",
    ],
    [
      "one-digit place of supply",
      { placeOfSupply: "7" },
      "placeOfSupply",
      "Place of supply must be a two-digit state code.",
    ],
    [
      "registered supplier without a state",
      { supplierStateCode: "" },
      "supplierStateCode",
      "Supplier state must be a two-digit state code to tell intra-state from inter-state supply.",
    ],
  ])("refuses %s", (_name, change, field, message) => {
    const attempt = () => determineTaxKind({ ...base, ...change });
    const error = expectInputError(attempt, DocumentError, message, [field]);
    expect(error.name).toBe("DocumentError");
  });
});
