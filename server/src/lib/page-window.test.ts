import { describe, expect, it } from "vitest";
import { pageWindow, readOrder } from "./page-window.ts";

describe("pageWindow", () => {
  it.each([
    // [skip, limit, length] → window
    [0, 50, 40_000, { skip: 0, limit: 50, fromEnd: false }],
    [19_950, 50, 40_000, { skip: 19_950, limit: 50, fromEnd: false }],
    [20_000, 50, 40_000, { skip: 19_950, limit: 50, fromEnd: true }],
    [39_950, 50, 40_000, { skip: 0, limit: 50, fromEnd: true }],
    // A short last page: only the rows that exist, from the end.
    [39_980, 50, 40_010, { skip: 0, limit: 30, fromEnd: true }],
    // Past the end: nothing to read.
    [40_000, 50, 40_000, { skip: 0, limit: 0, fromEnd: false }],
    [5, 10, 0, { skip: 0, limit: 0, fromEnd: false }],
    [3, 1, 4, { skip: 0, limit: 1, fromEnd: true }],
  ])("skip %i, limit %i of %i", (skip, limit, length, window) => {
    expect(pageWindow({ skip, limit }, length)).toEqual(window);
  });

  it("reads as asked when the length is unknown", () => {
    expect(pageWindow({ skip: 39_950, limit: 50 }, undefined)).toEqual({
      skip: 39_950,
      limit: 50,
      fromEnd: false,
    });
  });

  it("always names the same entries as the plain page", () => {
    for (let length = 0; length <= 9; length += 1) {
      const list = Array.from({ length }, (_, index) => index);
      for (let skip = 0; skip <= length + 1; skip += 1) {
        for (const limit of [1, 2, 3, 10]) {
          const window = pageWindow({ skip, limit }, length);
          const read = window.fromEnd
            ? [...list]
                .reverse()
                .slice(window.skip, window.skip + window.limit)
                .reverse()
            : list.slice(window.skip, window.skip + window.limit);
          expect(read, `${skip}/${limit} of ${length}`).toEqual(list.slice(skip, skip + limit));
          expect(Math.min(window.skip, Math.max(0, length - window.skip))).toBeLessThanOrEqual(
            Math.ceil(length / 2),
          );
        }
      }
    }
  });
});

describe("readOrder", () => {
  it("turns the order round only for a window read from the end", () => {
    expect(readOrder({ skip: 0, limit: 50, fromEnd: false }, "desc")).toBe("desc");
    expect(readOrder({ skip: 0, limit: 50, fromEnd: true }, "desc")).toBe("asc");
    expect(readOrder({ skip: 0, limit: 50, fromEnd: true }, "asc")).toBe("desc");
  });
});
