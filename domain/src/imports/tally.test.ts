import { describe, expect, test } from "vitest";
import {
  declaresEntities,
  decodeTallyXml,
  readTallyOpening,
  readTallyQuantity,
  resolveTallyGroups,
  tallyUnitToUqc,
} from "./tally.ts";

// A Tally company's masters (returns-reference.md §7): how the export's bytes, groups, openings,
// quantities and units are read.

const XML = '<ENVELOPE><LEDGER NAME="&#4; Cash">Rs. 1,000</LEDGER></ENVELOPE>';

function utf16(text: string, littleEndian: boolean, mark: boolean): Uint8Array {
  const bytes: number[] = mark ? (littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    const pair = [code & 0xff, code >> 8];
    bytes.push(...(littleEndian ? pair : pair.reverse()));
  }
  return Uint8Array.from(bytes);
}

describe("decodeTallyXml", () => {
  const expected = '<ENVELOPE><LEDGER NAME=" Cash">Rs. 1,000</LEDGER></ENVELOPE>';

  test("UTF-16 with or without a byte-order mark, either byte order, and UTF-8 with or without one", () => {
    expect(decodeTallyXml(utf16(XML, true, true))).toBe(expected);
    expect(decodeTallyXml(utf16(XML, false, true))).toBe(expected);
    expect(decodeTallyXml(utf16(XML, true, false))).toBe(expected);
    expect(decodeTallyXml(utf16(XML, false, false))).toBe(expected);
    const utf8 = new TextEncoder().encode(XML);
    expect(decodeTallyXml(utf8)).toBe(expected);
    expect(decodeTallyXml(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toBe(expected);
  });

  test("control characters XML forbids are removed, literal or as references; tab, LF, CR and text stay", () => {
    const text = "<A>\u0004x&#x4;&#4;&#9;&#10;&#13;&#65;\u0001y\tz</A>";
    expect(decodeTallyXml(new TextEncoder().encode(text))).toBe("<A>x&#9;&#10;&#13;&#65;y\tz</A>");
  });
});

test("a DOCTYPE or ENTITY is noticed in any case; a plain export has none", () => {
  expect(declaresEntities('<!doctype x [<!ENTITY a "b">]><ENVELOPE/>')).toBe(true);
  expect(declaresEntities("<!ENTITY a SYSTEM 'file:///etc/passwd'>")).toBe(true);
  expect(declaresEntities(XML)).toBe(false);
});

test("a group takes the nature of its nearest reserved ancestor; a loop or an orphan has none", () => {
  const groups = new Map([
    ["north debtors", "Sundry Debtors"],
    ["pune debtors", "North Debtors"],
    ["gst ledgers", "\u0004 Duties & Taxes"],
    ["loop a", "Loop B"],
    ["loop b", "Loop A"],
    ["orphan", "Primary"],
    ["lost", "Nowhere"],
  ]);
  const natures = resolveTallyGroups(groups);
  expect(natures.get("north debtors")).toBe("Debtors");
  expect(natures.get("pune debtors")).toBe("Debtors");
  expect(natures.get("gst ledgers")).toBe("Duties and Taxes");
  expect(natures.get("loop a")).toBeNull();
  expect(natures.get("orphan")).toBeNull();
  expect(natures.get("lost")).toBeNull();
});

describe("readTallyOpening: paise, positive for debit", () => {
  test.each([
    [undefined, 0],
    ["", 0],
    ["-1000.50", 100_050],
    ["2500", -250_000],
    ["1,234.56 Dr", 123_456],
    ["1,234.56 Cr", -123_456],
    ["-$8500.00 @ ₹ 83/$ = -₹ 705500.00", 70_550_000],
    ["not a number", 0],
  ])("%s → %i", (text, paise) => {
    expect(readTallyOpening(text)).toBe(paise);
  });
});

test("readTallyQuantity: the number before the unit, without sign or grouping", () => {
  expect(readTallyQuantity(" 55 Nos")).toBe(55);
  expect(readTallyQuantity("12.5 Kgs")).toBe(12.5);
  expect(readTallyQuantity("-1,200 Pcs")).toBe(1200);
  expect(readTallyQuantity("Nos")).toBe(0);
  expect(readTallyQuantity(undefined)).toBe(0);
});

test("tallyUnitToUqc: a Tally unit as its UQC code, or undefined", () => {
  expect(tallyUnitToUqc("Nos")).toBe("NOS");
  expect(tallyUnitToUqc("NOS-NUMBERS")).toBe("NOS");
  expect(tallyUnitToUqc("Kgs")).toBe("KGS");
  expect(tallyUnitToUqc("Bag")).toBe("BAG");
  expect(tallyUnitToUqc("Furlongs")).toBeUndefined();
  expect(tallyUnitToUqc(undefined)).toBeUndefined();
});
