import { describe, expect, test } from "vitest";
import {
  findGstRegistrationType,
  GST_REGISTRATION_TYPE_VALUES,
  GST_REGISTRATION_TYPES,
  isGstRegistrationType,
  mapLookupRegistrationType,
} from "./gst-registration-types.ts";

describe("GST_REGISTRATION_TYPES", () => {
  // Spec 3 "Account": gstType values and display labels, ids 1-8 in that order.
  test("values and labels are the spec's, ids 1-8", () => {
    expect(GST_REGISTRATION_TYPES.map(({ id, value, label }) => [id, value, label])).toEqual([
      [1, "unregistered", "Unregistered"],
      [2, "regular", "Regular"],
      [3, "composition", "Composition"],
      [4, "ecomoperator", "E-commerce Operator"],
      [5, "overseas", "Overseas - Import or Export"],
      [6, "sez", "Special Economic Zone (SEZ)"],
      [7, "uinholder", "UIN Holder"],
      [8, "casualtaxableperson", "Casual Taxable Person"],
    ]);
  });

  test.each<[string | number, string | undefined]>([
    [6, "Special Economic Zone (SEZ)"],
    ["sez", "Special Economic Zone (SEZ)"],
    ["uinholder", "UIN Holder"],
    [0, undefined],
    ["SEZ", undefined],
  ])("findGstRegistrationType(%j) -> %s", (key, label) => {
    expect(findGstRegistrationType(key)?.label).toBe(label);
  });

  test("GST_REGISTRATION_TYPE_VALUES lists the values in id order", () => {
    expect(GST_REGISTRATION_TYPE_VALUES).toEqual(GST_REGISTRATION_TYPES.map((type) => type.value));
  });

  test("isGstRegistrationType", () => {
    expect(isGstRegistrationType("ecomoperator")).toBe(true);
    expect(isGstRegistrationType("Regular")).toBe(false);
  });
});

describe("mapLookupRegistrationType", () => {
  test.each([
    // Spec 4 "Account modal".
    ["SEZ Unit", "sez"],
    ["United Nation Body", "uinholder"],
    ["Consulate or Embassy of Foreign Country", "uinholder"],
    // Our choices (README.md), portal "dty" strings as india-compliance lists them.
    ["Regular", "regular"],
    ["Normal Taxpayer", "regular"],
    ["Input Service Distributor (ISD)", "regular"],
    ["Tax Deductor", "regular"],
    ["Composition", "composition"],
    ["Tax Collector (Electronic Commerce Operator)", "ecomoperator"],
    ["SEZ Developer", "sez"],
    ["Casual Taxable Person", "casualtaxableperson"],
    ["Non Resident Taxable Person", "casualtaxableperson"],
    ["Non Resident Online Services Provider", "overseas"],
    ["URP", "unregistered"],
    ["  sez   unit ", "sez"],
  ])("%j -> %s", (text, value) => {
    expect(mapLookupRegistrationType(text)).toBe(value);
  });

  test.each(["", "Partnership", "GST Practitioner", "constructor", "__proto__"])(
    "%j -> undefined",
    (text) => {
      expect(mapLookupRegistrationType(text)).toBeUndefined();
    },
  );
});
