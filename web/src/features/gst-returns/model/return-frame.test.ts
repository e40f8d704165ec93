import type { ReturnWarning } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import {
  FILING_LOCKS,
  filedSentence,
  filingBlocked,
  pageCount,
  pageOf,
  returnSubtitle,
  rowStep,
  summariseWarnings,
} from "./return-frame.ts";

const warning = (level: ReturnWarning["level"], message: string): ReturnWarning => ({
  level,
  code: "C",
  message,
  entryId: null,
  transactionType: null,
  number: null,
});

describe("the return screens' shared rules", () => {
  test("the page comes from ?page=, else 1", () => {
    expect(pageOf(new URLSearchParams("page=3"))).toBe(3);
    expect(pageOf(new URLSearchParams(""))).toBe(1);
    expect(pageOf(new URLSearchParams("page=abc"))).toBe(1);
    expect(pageOf(new URLSearchParams("page=0"))).toBe(1);
  });

  test("a table pages only when its rows pass one page", () => {
    expect(pageCount(50, 50)).toBeNull();
    expect(pageCount(0, 50)).toBeNull();
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(250, 100)).toBe(3);
  });

  test("the subtitle names the GSTIN and return period once the server answered", () => {
    expect(returnSubtitle(undefined)).toBeUndefined();
    expect(returnSubtitle({ gstin: "27AAAPA1234A1Z5", fp: "092024" })).toBe(
      "GSTIN 27AAAPA1234A1Z5 · Return period 092024",
    );
  });

  test("the Filed notice gives the date, the ARN when there is one, and what is locked", () => {
    expect(
      filedSentence(
        { filedAt: "2024-10-11T10:00:00.000Z", arn: "AA2710240001" },
        FILING_LOCKS.gstr1.notice,
      ),
    ).toBe(
      "Marked as filed on 11-10-2024 (ARN AA2710240001). Its sales invoices and credit notes are locked; lift the lock in Settings → Lock Period.",
    );
    expect(
      filedSentence({ filedAt: "2024-10-20T00:00:00.000Z", arn: null }, FILING_LOCKS.gstr3b.notice),
    ).toBe(
      "Marked as filed on 20-10-2024. Every entry of the period is locked; lift the lock in Settings → Lock Period.",
    );
  });

  test("Mark as filed waits for the return and is gone once filed", () => {
    expect(filingBlocked(undefined)).toBe(true);
    expect(filingBlocked({ filing: null })).toBe(false);
    expect(filingBlocked({ filing: { filedAt: "2024-10-11", arn: null } })).toBe(true);
  });

  test("warnings: errors turn the panel red and say they stop the file", () => {
    expect(summariseWarnings([warning("warning", "a")])).toEqual({
      errors: 0,
      color: "yellow",
      title: "Warnings (1)",
      errorLine: null,
    });
    expect(summariseWarnings([warning("error", "a"), warning("warning", "b")])).toMatchObject({
      errors: 1,
      color: "red",
      title: "Warnings (2)",
      errorLine: "Fix the 1 error before downloading the file.",
    });
    expect(summariseWarnings([warning("error", "a"), warning("error", "b")]).errorLine).toBe(
      "Fix the 2 errors before downloading the file.",
    );
  });

  test("only the arrow keys move between rows", () => {
    expect(rowStep("ArrowDown")).toBe("next");
    expect(rowStep("ArrowUp")).toBe("previous");
    expect(rowStep("Enter")).toBeNull();
  });
});
