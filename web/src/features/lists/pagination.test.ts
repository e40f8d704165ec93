import { describe, expect, test } from "vitest";
import {
  buildPaginationItems,
  checkGoToPage,
  countPages,
  GO_TO_PAGE_MESSAGES,
  sanitiseGoToPage,
} from "./pagination.ts";

/** 1 2 … 5 6 … 9 10 with * on the current page. */
function draw(page: number, pageCount: number): string {
  return buildPaginationItems(page, pageCount)
    .map((item) => (item.kind === "break" ? "…" : item.current ? `*${item.page}` : `${item.page}`))
    .join(" ");
}

describe("pagination model (spec 9: 2 margin pages, range 2)", () => {
  test("few pages: all of them", () => {
    expect(draw(1, 1)).toBe("*1");
    expect(draw(2, 2)).toBe("1 *2");
    expect(draw(3, 5)).toBe("1 2 *3 4 5");
  });

  test("many pages: margins, the range around the current page and breaks", () => {
    expect(draw(1, 20)).toBe("*1 2 … 19 20");
    expect(draw(2, 20)).toBe("1 *2 3 … 19 20");
    expect(draw(6, 20)).toBe("1 2 … 5 *6 7 … 19 20");
    expect(draw(5, 20)).toBe("1 2 3 4 *5 6 … 19 20");
    expect(draw(10, 20)).toBe("1 2 … 9 *10 11 … 19 20");
    expect(draw(19, 20)).toBe("1 2 … 18 *19 20");
    expect(draw(20, 20)).toBe("1 2 … 19 *20");
  });

  test("a break hiding one page shows that page instead", () => {
    expect(draw(4, 20)).toBe("1 2 3 *4 5 … 19 20");
    expect(draw(17, 20)).toBe("1 2 … 16 *17 18 19 20");
  });

  test("10,000 pages stay short", () => {
    expect(buildPaginationItems(5000, 10_000)).toHaveLength(9);
  });

  test("page count from the record count and page size", () => {
    expect(countPages(0, 10)).toBe(0);
    expect(countPages(1, 10)).toBe(1);
    expect(countPages(100_000, 10)).toBe(10_000);
    expect(countPages(101, 50)).toBe(3);
  });
});

describe("Go to Page (spec 5)", () => {
  test("zero or negative", () => {
    expect(GO_TO_PAGE_MESSAGES.notPositive).toBe("Page No. cannot be negative or zero!");
    expect(checkGoToPage("0", 5)).toEqual({ ok: false, message: GO_TO_PAGE_MESSAGES.notPositive });
    expect(checkGoToPage("-3", 5)).toEqual({ ok: false, message: GO_TO_PAGE_MESSAGES.notPositive });
    expect(checkGoToPage("-1.5", 5)).toEqual({
      ok: false,
      message: GO_TO_PAGE_MESSAGES.notPositive,
    });
  });

  test("a decimal", () => {
    expect(GO_TO_PAGE_MESSAGES.decimal).toBe("Page No. cannot be a decimal number!");
    expect(checkGoToPage("2.5", 5)).toEqual({ ok: false, message: GO_TO_PAGE_MESSAGES.decimal });
    expect(checkGoToPage("1.2.3", 5)).toEqual({ ok: false, message: GO_TO_PAGE_MESSAGES.decimal });
  });

  test("past the last page", () => {
    expect(checkGoToPage("12", 5)).toEqual({
      ok: false,
      message: "Page number 12 does not exist. There are only 5 pages.",
    });
  });

  test("a page that exists", () => {
    expect(checkGoToPage("5", 5)).toEqual({ ok: true, page: 5 });
    expect(checkGoToPage(" 3 ", 5)).toEqual({ ok: true, page: 3 });
  });

  test("the box keeps digits, a point and a minus", () => {
    expect(sanitiseGoToPage("a1b.2-")).toBe("1.2-");
  });
});
