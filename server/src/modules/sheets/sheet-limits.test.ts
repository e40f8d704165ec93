import { expect, test } from "vitest";
import { columnName, decodeRange, MAX_SHEET_COLUMNS, sheetLimitProblem } from "./sheet-limits.ts";

test("cell references and column names", () => {
  expect(columnName(0)).toBe("A");
  expect(columnName(25)).toBe("Z");
  expect(columnName(26)).toBe("AA");
  expect(columnName(16_383)).toBe("XFD");
  expect(decodeRange("A1:XFD1048576")).toEqual({
    s: { r: 0, c: 0 },
    e: { r: 1_048_575, c: 16_383 },
  });
  expect(decodeRange("$B$3")).toEqual({ s: { r: 2, c: 1 }, e: { r: 2, c: 1 } });
  expect(decodeRange("not a range")).toBeNull();
});

test("a statement-sized sheet is within the limits; each limit names its reason", () => {
  const statement = { range: decodeRange("A1:H2500"), merges: [decodeRange("A1:H1")!] };
  expect(sheetLimitProblem("Statement", statement, 100_001)).toBeNull();

  expect(
    sheetLimitProblem("S", { range: decodeRange("A1:B2"), merges: [], maxColumn: 16_383 }, 10),
  ).toMatch(/reaches column XFD \(16,384 columns\); at most 1,000 are read/);
  expect(
    sheetLimitProblem(
      "S",
      { range: decodeRange(`A1:${columnName(MAX_SHEET_COLUMNS - 1)}2`), merges: [] },
      10,
    ),
  ).toBeNull();
  // Cells are counted over the rows that will be read, not the rows declared.
  const tall = { range: decodeRange("A1:CV1048576"), merges: [] };
  expect(sheetLimitProblem("S", tall, 1_001)).toBeNull();
  expect(sheetLimitProblem("S", tall, 100_001)).toMatch(
    /declares 1,00,00,100 cells; at most 50,00,000/,
  );
  const manyMerges = Array.from({ length: 10_001 }, (_, r) => ({ s: { r, c: 0 }, e: { r, c: 1 } }));
  expect(sheetLimitProblem("S", { range: null, merges: manyMerges }, 100_001)).toMatch(
    /has 10,001 merged ranges; at most 10,000/,
  );
  const wideMerge = { s: { r: 0, c: 0 }, e: { r: 99_999, c: 20 } };
  expect(sheetLimitProblem("S", { range: null, merges: [wideMerge] }, 100_001)).toMatch(
    /merged cells covering more than 10,00,000 cells/,
  );
  // The same merge over only the rows read is small.
  expect(sheetLimitProblem("S", { range: null, merges: [wideMerge] }, 1_000)).toBeNull();
});
