import { describe, expect, test } from "vitest";
import { findUqcUnit, UQC_UNITS } from "./uqc-units.ts";

describe("UQC_UNITS", () => {
  test("the GST portal's 45 codes, unique and sorted (gst-reference.md §3)", () => {
    const codes = UQC_UNITS.map((unit) => unit.code);
    expect(codes).toHaveLength(45);
    expect(new Set(codes).size).toBe(45);
    expect(codes).toEqual([...codes].sort());
  });

  test("labels are CODE-NAME", () => {
    for (const unit of UQC_UNITS) {
      expect(unit.label).toBe(`${unit.code}-${unit.name}`);
    }
  });

  test("no name is another unit's code or label, so lookups are unambiguous", () => {
    const keys = UQC_UNITS.flatMap((unit) =>
      unit.name === unit.code ? [unit.code, unit.label] : [unit.code, unit.name, unit.label],
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  // Spec 3 "Item": its named examples, as name/code.
  test.each([
    ["BALE", "BAL"],
    ["BOX", "BOX"],
    ["KILOGRAMS", "KGS"],
    ["NUMBERS", "NOS"],
    ["PIECES", "PCS"],
    ["UNITS", "UNT"],
    ["OTHERS", "OTH"],
  ])("spec example %s/%s is present", (name, code) => {
    expect(findUqcUnit(code)).toEqual({ code, name, label: `${code}-${name}` });
  });
});

describe("findUqcUnit", () => {
  test.each([
    ["KGS", "KGS"],
    [" kgs ", "KGS"],
    ["KGS-KILOGRAMS", "KGS"],
    ["kilograms", "KGS"],
    ["MILILITRE", "MLT"],
    ["BOU-BILLION OF UNITS", "BOU"],
  ])("%j -> %s", (text, code) => {
    expect(findUqcUnit(text)?.code).toBe(code);
  });

  test.each(["", "KG", "NA", "MILLILITRE"])("%j -> undefined", (text) => {
    expect(findUqcUnit(text)).toBeUndefined();
  });
});
