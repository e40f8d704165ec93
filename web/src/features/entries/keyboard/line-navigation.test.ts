import { describe, expect, it } from "vitest";
import { type FocusPlan, planEnter, planTab } from "./line-navigation.ts";

const row = (n: number) => [`item:${n}`, `qty:${n}`, `rate:${n}`, `gst:${n}`];

function plan(lines: boolean[]): FocusPlan {
  return {
    before: ["date", "number", "party"],
    rows: lines.map((_, index) => row(index)),
    rowBlank: lines,
    after: ["narration", "notes"],
  };
}

describe("Enter", () => {
  it("walks the header, then the first line", () => {
    const p = plan([true]);
    expect(planEnter(p, "date")).toEqual({ type: "focus", stop: "number" });
    expect(planEnter(p, "party")).toEqual({ type: "focus", stop: "item:0" });
  });

  it("walks a line's stops, then the next line's first", () => {
    const p = plan([false, false]);
    expect(planEnter(p, "item:0")).toEqual({ type: "focus", stop: "qty:0" });
    expect(planEnter(p, "rate:0")).toEqual({ type: "focus", stop: "gst:0" });
    expect(planEnter(p, "gst:0")).toEqual({ type: "focus", stop: "item:1" });
  });

  it("adds a line after the last stop of the last line", () => {
    expect(planEnter(plan([false, false]), "gst:1")).toEqual({ type: "addLine" });
  });

  it("leaves the lines from the first stop of a blank line", () => {
    expect(planEnter(plan([false, true]), "item:1")).toEqual({ type: "focus", stop: "narration" });
  });

  it("stays on the only line while it is blank", () => {
    expect(planEnter(plan([true]), "item:0")).toEqual({ type: "none" });
  });

  it("walks the stops after the lines and stops at the end", () => {
    const p = plan([false]);
    expect(planEnter(p, "narration")).toEqual({ type: "focus", stop: "notes" });
    expect(planEnter(p, "notes")).toEqual({ type: "none" });
  });

  it("goes from the header to what follows when there are no lines", () => {
    const p: FocusPlan = { before: ["date", "from"], rows: [], rowBlank: [], after: ["amount"] };
    expect(planEnter(p, "from")).toEqual({ type: "focus", stop: "amount" });
  });

  it("does nothing for an unknown stop", () => {
    expect(planEnter(plan([false]), "elsewhere")).toEqual({ type: "none" });
  });

  it("follows lines of different lengths (a receipt line with its bills)", () => {
    const p: FocusPlan = {
      before: ["date", "bank"],
      rows: [
        ["account:0", "amount:0", "bill:0:0", "bill:0:1"],
        ["account:1", "amount:1"],
      ],
      rowBlank: [false, true],
      after: ["narration"],
    };
    expect(planEnter(p, "bill:0:0")).toEqual({ type: "focus", stop: "bill:0:1" });
    expect(planEnter(p, "bill:0:1")).toEqual({ type: "focus", stop: "account:1" });
    expect(planEnter(p, "account:1")).toEqual({ type: "focus", stop: "narration" });
  });
});

describe("Tab", () => {
  it("adds a line from the last field of the last line", () => {
    expect(planTab(plan([false]), "gst:0", false)).toEqual({ type: "addLine" });
  });

  it("leaves the browser to move anywhere else", () => {
    expect(planTab(plan([false, false]), "gst:0", false)).toEqual({ type: "none" });
    expect(planTab(plan([false]), "qty:0", false)).toEqual({ type: "none" });
    expect(planTab(plan([false]), "gst:0", true)).toEqual({ type: "none" });
  });

  it("does not add a line after a blank one", () => {
    expect(planTab(plan([false, true]), "gst:1", false)).toEqual({ type: "none" });
  });
});
