import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type LedgerStretch, spanOfPage } from "./page-span.ts";

const stretch = (from: string, to: string, count: number, net: number): LedgerStretch => ({
  from,
  to,
  count,
  net,
});

// April 10 entries (net 100), May none, June 5 (net −30), July 1–14 3 (net 7).
const year = [
  stretch("2025-04-01", "2025-04-30", 10, 100),
  stretch("2025-05-01", "2025-05-31", 0, 0),
  stretch("2025-06-01", "2025-06-30", 5, -30),
  stretch("2025-07-01", "2025-07-14", 3, 7),
];

describe("spanOfPage", () => {
  test.each([
    [
      { skip: 0, limit: 4 },
      { from: "2025-04-01", to: "2025-04-30", skip: 0, count: 10, net: 100, netBefore: 0 },
    ],
    [
      { skip: 6, limit: 4 },
      { from: "2025-04-01", to: "2025-04-30", skip: 6, count: 10, net: 100, netBefore: 0 },
    ],
    [
      { skip: 8, limit: 4 },
      { from: "2025-04-01", to: "2025-06-30", skip: 8, count: 15, net: 70, netBefore: 0 },
    ],
    [
      { skip: 10, limit: 5 },
      { from: "2025-06-01", to: "2025-06-30", skip: 0, count: 5, net: -30, netBefore: 100 },
    ],
    [
      { skip: 12, limit: 50 },
      { from: "2025-06-01", to: "2025-07-14", skip: 2, count: 8, net: -23, netBefore: 100 },
    ],
    [
      { skip: 17, limit: 50 },
      { from: "2025-07-01", to: "2025-07-14", skip: 2, count: 3, net: 7, netBefore: 70 },
    ],
    [
      { skip: 0, limit: 50 },
      { from: "2025-04-01", to: "2025-07-14", skip: 0, count: 18, net: 77, netBefore: 0 },
    ],
  ])("page %o lies in %o", (page, span) => {
    expect(spanOfPage(year, page)).toEqual(span);
  });

  test("a page past the last entry, or of an empty range, has no span", () => {
    expect(spanOfPage(year, { skip: 18, limit: 50 })).toBeNull();
    expect(spanOfPage([], { skip: 0, limit: 50 })).toBeNull();
    expect(
      spanOfPage([stretch("2025-04-01", "2025-04-30", 0, 0)], { skip: 0, limit: 5 }),
    ).toBeNull();
  });

  test("the span holds exactly the page's entries and the balance before it", () => {
    // Entries numbered in date order; each stretch's entries carry amounts from a list.
    const stretches = fc.array(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 6 }), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(stretches, fc.nat(40), fc.nat(12), (amounts, skip, limit) => {
        const entries = amounts.flatMap((list, index) => list.map((amount) => ({ index, amount })));
        const day = (index: number) => `2025-04-${String(index + 10).padStart(2, "0")}`;
        const list = amounts.map((list, index) =>
          stretch(
            day(index),
            day(index),
            list.length,
            list.reduce((a, b) => a + b, 0),
          ),
        );
        const span = spanOfPage(list, { skip, limit });
        const page = entries.slice(skip, skip + Math.max(limit, 1));
        if (page.length === 0) {
          expect(span).toBeNull();
          return;
        }
        if (!span) throw new Error("a page with entries has a span");
        const inSpan = entries.filter(
          (entry) => day(entry.index) >= span.from && day(entry.index) <= span.to,
        );
        const before = entries.filter((entry) => day(entry.index) < span.from);
        expect(inSpan.slice(span.skip, span.skip + page.length)).toEqual(page);
        expect(span.count).toBe(inSpan.length);
        expect(span.net).toBe(inSpan.reduce((sum, entry) => sum + entry.amount, 0));
        expect(span.netBefore).toBe(before.reduce((sum, entry) => sum + entry.amount, 0));
        expect(before.length + span.skip).toBe(skip);
        // The fewest stretches: the span starts and ends in a stretch the page touches.
        expect(day(page[0]?.index ?? -1)).toBe(span.from);
        expect(day(page.at(-1)?.index ?? -1)).toBe(span.to);
      }),
    );
  });
});
