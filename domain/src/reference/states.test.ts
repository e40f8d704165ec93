import { describe, expect, test } from "vitest";
import {
  findPlaceOfSupply,
  findStateByCode,
  findStateById,
  isRegistrationStateCode,
  NO_STATE,
  PLACES_OF_SUPPLY,
  STATES,
} from "./states.ts";

describe("STATES", () => {
  test("spec 3: codes 01-38 without 25 and 28, plus 97 (37 states)", () => {
    const expected = [...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, "0"))]
      .filter((code) => code !== "25" && code !== "28")
      .concat("97");
    expect(STATES.map((state) => state.code)).toEqual(expected);
  });

  test("spec 3: ids are the code's number, and 39 for 97", () => {
    for (const state of STATES) {
      expect(state.id).toBe(state.code === "97" ? 39 : Number(state.code));
    }
  });

  test("names and ids are unique", () => {
    expect(new Set(STATES.map((state) => state.name)).size).toBe(STATES.length);
    expect(new Set(STATES.map((state) => state.id)).size).toBe(STATES.length);
  });

  // Names: spec 3 for 01, 26, 38 and 97; gst-reference.md §2 for the others.
  test.each([
    ["01", "Jammu and Kashmir"],
    ["26", "Dadra & Nagar Haveli And Daman & Diu"],
    ["27", "Maharashtra"],
    ["38", "Ladakh"],
    ["97", "Other Territory"],
  ])("%s is %s", (code, name) => {
    expect(findStateByCode(code)?.name).toBe(name);
  });
});

describe("findStateByCode", () => {
  test.each<[string | number, string | undefined]>([
    ["07", "Delhi"],
    ["7", "Delhi"],
    [7, "Delhi"],
    [" 27 ", "Maharashtra"],
    [97, "Other Territory"],
    [NO_STATE, undefined],
    ["-1", undefined],
    ["25", undefined],
    ["96", undefined], // a place of supply, not a state
    ["99", undefined],
    ["", undefined],
    ["ab", undefined],
    ["007", undefined],
  ])("%j -> %s", (code, name) => {
    expect(findStateByCode(code)?.name).toBe(name);
  });
});

describe("findStateById", () => {
  test.each<[number, string | undefined]>([
    [1, "01"],
    [39, "97"],
    [25, undefined],
    [28, undefined],
    [40, undefined],
    [NO_STATE, undefined],
  ])("%d -> %s", (id, code) => {
    expect(findStateById(id)?.code).toBe(code);
  });
});

describe("PLACES_OF_SUPPLY and findPlaceOfSupply", () => {
  test("states plus 96 Other Countries, in code order", () => {
    const codes = PLACES_OF_SUPPLY.map((place) => place.code);
    expect(codes).toHaveLength(STATES.length + 1);
    expect(codes).toEqual([...codes].sort());
    expect(codes.slice(-2)).toEqual(["96", "97"]);
  });

  test.each<[string | number, string | undefined]>([
    ["96", "Other Countries"],
    [96, "Other Countries"],
    ["27", "Maharashtra"],
    ["97", "Other Territory"],
    [NO_STATE, undefined],
    ["28", undefined],
  ])("%j -> %s", (code, name) => {
    expect(findPlaceOfSupply(code)?.name).toBe(name);
  });
});

describe("isRegistrationStateCode", () => {
  // gst-reference.md §2: 25 and 28 are legacy but still on old GSTINs; 96 and 99 never register.
  test.each([
    ["01", true],
    ["38", true],
    ["97", true],
    ["25", true],
    ["28", true],
    ["00", false],
    ["39", false],
    ["96", false],
    ["99", false],
    ["7", false],
  ])("%s -> %s", (code, expected) => {
    expect(isRegistrationStateCode(code)).toBe(expected);
  });
});
