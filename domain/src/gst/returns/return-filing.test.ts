import { describe, expect, it } from "vitest";
import { filingOpensOn, filingTooEarlyReason } from "./return-filing.ts";

describe("filingTooEarlyReason", () => {
  it("refuses a period that has not ended, naming the first day it can be filed", () => {
    expect(filingOpensOn("2026-11-30")).toBe("2026-12-01");
    expect(filingTooEarlyReason("GSTR-1", "2026-11-30", "2026-11-30")).toBe(
      "GSTR-1 for this period can be marked as filed from 01-12-2026, after the period ends.",
    );
    expect(filingTooEarlyReason("GSTR-1", "2026-11-30", "2026-11-05")).not.toBeNull();
  });
  it("allows it from the next day on", () => {
    expect(filingTooEarlyReason("GSTR-3B", "2026-11-30", "2026-12-01")).toBeNull();
    expect(filingTooEarlyReason("IFF", "2027-03-31", "2027-04-13")).toBeNull();
  });
});
