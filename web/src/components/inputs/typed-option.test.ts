import { describe, expect, it } from "vitest";
import { pickTypedOption } from "./typed-option.ts";

const RATES = ["0%", "3%", "5%", "12%", "18%", "28%", "40%", "Exempt"].map((label) => ({
  value: label === "Exempt" ? "-1" : label.replace("%", ""),
  label,
}));

describe("the option typed text picks on Enter", () => {
  it.each([
    ["12", "12"],
    ["5", "5"],
    ["1", "12"],
    ["ex", "-1"],
  ])("%s → %s", (typed, value) => {
    expect(pickTypedOption(RATES, "18", typed)).toBe(value);
  });

  it("takes a label that starts with the text before one that only contains it", () => {
    expect(pickTypedOption(RATES, "0", "8%")).toBe("18");
    expect(pickTypedOption(RATES, "0", "2")).toBe("28");
  });

  it("keeps the current option when its label is what the box shows, or nothing is typed", () => {
    expect(pickTypedOption(RATES, "18", "18%")).toBeNull();
    expect(pickTypedOption(RATES, "18", "  ")).toBeNull();
    expect(pickTypedOption(RATES, "18", "18")).toBeNull();
  });

  it("picks nothing for text that matches nothing", () => {
    expect(pickTypedOption(RATES, "18", "99")).toBeNull();
  });
});
