import { expect, test } from "vitest";
import { diffRecords, flattenRecord } from "./trail-diff.ts";
import { GENESIS_HASH, hashTrailRow } from "./trail-hash.ts";

test("records flatten into paths with indexes, empty containers kept as leaves", () => {
  expect([
    ...flattenRecord({
      date: "2025-06-10",
      lines: [{ rate: 10, tax: { igst: 1.8 } }, { rate: 20 }],
      tags: [],
      extra: {},
      missing: undefined,
      flag: true,
    }),
  ]).toEqual([
    ["date", "2025-06-10"],
    ["lines[0].rate", 10],
    ["lines[0].tax.igst", 1.8],
    ["lines[1].rate", 20],
    ["tags", "[]"],
    ["extra", "{}"],
    ["flag", true],
  ]);
});

test("an edit lists only what changed; a line added or removed shows its fields", () => {
  const before = { date: "2025-06-10", lines: [{ rate: 10 }, { rate: 20 }], narration: null };
  const after = { date: "2025-06-10", lines: [{ rate: 12 }], narration: "Corrected" };
  expect(diffRecords(before, after)).toEqual([
    { field: "lines[0].rate", before: 10, after: 12 },
    { field: "lines[1].rate", before: 20, after: null },
    { field: "narration", before: null, after: "Corrected" },
  ]);
  expect(diffRecords(before, before)).toEqual([]);
});

test("a creation has every field's before null, a deletion every field's after null", () => {
  expect(diffRecords(null, { a: 1, b: { c: "x" } })).toEqual([
    { field: "a", before: null, after: 1 },
    { field: "b.c", before: null, after: "x" },
  ]);
  expect(diffRecords({ a: 1, b: null }, null)).toEqual([{ field: "a", before: 1, after: null }]);
});

test("the hash covers every column and the previous hash", () => {
  const row = {
    organisation_id: "org-1",
    seq: 1,
    id: "e-1",
    at: "2025-06-10T04:00:00.000Z",
    user_id: "u-1",
    action: "edited",
    entity: "receipts",
    entity_id: "v-1",
    number: "7",
    changes: '[{"field":"a","before":1,"after":2}]',
    prev_hash: GENESIS_HASH,
  };
  const hash = hashTrailRow(row);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(hashTrailRow({ ...row })).toBe(hash);
  for (const [column, value] of Object.entries({
    seq: 2,
    at: "2025-06-10T04:00:00.001Z",
    user_id: "u-2",
    changes: '[{"field":"a","before":1,"after":3}]',
    prev_hash: "1".repeat(64),
    number: null,
  })) {
    expect(hashTrailRow({ ...row, [column]: value }), column).not.toBe(hash);
  }
});
