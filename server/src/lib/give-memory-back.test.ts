import { afterEach, describe, expect, test, vi } from "vitest";
import { giveMemoryBack } from "./give-memory-back.ts";

// Decision 430: after a large import the server asks V8 for one memory-reducing collection.

const withGc = globalThis as { gc?: unknown };
const original = withGc.gc;
afterEach(() => {
  withGc.gc = original;
  vi.useRealTimers();
});

describe("giveMemoryBack", () => {
  test("asks once for a full collection that gives memory back, however often it is asked at once", () => {
    vi.useFakeTimers();
    const gc = vi.fn(() => Promise.resolve());
    withGc.gc = gc;
    giveMemoryBack();
    giveMemoryBack();
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: "major", execution: "async", flavor: "last-resort" });
    vi.advanceTimersByTime(1500);
    giveMemoryBack();
    expect(gc).toHaveBeenCalledTimes(2);
  });

  test("does nothing where the server runs without --expose-gc", () => {
    withGc.gc = undefined;
    expect(() => giveMemoryBack()).not.toThrow();
  });
});
