import { describe, expect, it } from "vitest";
import {
  appendCalculatorHistory,
  applyOperator,
  CALCULATOR_GST_RATES,
  CALCULATOR_HISTORY_LIMIT,
  type CalculatorHistoryEntry,
  type CalculatorKey,
  formatCalculatorValue,
  groupCalculatorDisplay,
  INITIAL_CALCULATOR_STATE,
  parseCalculatorHistory,
  pressCalculatorKey,
  pressCalculatorKeys,
  readCalculatorKey,
  resolvePercent,
  roundCalculatorValue,
} from "./calculator-model.ts";

/** Types text as the keyboard would ("12+3="). */
function typeText(text: string) {
  const keys = [...text].map((character) => {
    const key = readCalculatorKey(character);
    if (!key) throw new Error(`no key for ${character}`);
    return key;
  });
  return pressCalculatorKeys(keys);
}

const gst = (rate: number, mode: "add" | "exclude"): CalculatorKey => ({ type: "gst", rate, mode });

describe("calculator arithmetic", () => {
  it.each([
    ["12+30=", "42"],
    ["50-80=", "-30"],
    ["12*12=", "144"],
    ["10/4=", "2.5"],
    ["2+3*4=", "20"], // left to right, as a desk calculator does
    ["0.1+0.2=", "0.3"],
    ["10/3=", "3.33"],
    ["2/3=", "0.67"],
    ["1.005*1=", "1.01"], // half away from zero, without the float's error
  ])("%s gives %s", (typed, result) => {
    expect(typeText(typed).state.entry).toBe(result);
  });

  it("division by zero gives 0 (spec 9)", () => {
    expect(typeText("25/0=").state.entry).toBe("0");
    expect(applyOperator(7, "/", 0)).toBe(0);
  });

  it("chains: an operator after a right operand evaluates what is pending", () => {
    const { state } = typeText("5+5+");
    expect(state.pending).toBe(10);
    expect(state.operator).toBe("+");
    expect(state.entry).toBe("10");
    expect(typeText("5+5+1=").state.entry).toBe("11");
  });

  it("a second operator before the right operand only replaces the operator", () => {
    const { state } = typeText("9+-");
    expect(state.pending).toBe(9);
    expect(state.operator).toBe("-");
    expect(typeText("9+-4=").state.entry).toBe("5");
  });

  it("keeps the pending operand and operator until the right operand is typed", () => {
    const { state } = typeText("8*");
    expect(state).toMatchObject({ pending: 8, operator: "*", startNewEntry: true, entry: "8" });
    const next = pressCalculatorKey(state, { type: "digit", digit: "3" }).state;
    expect(next.entry).toBe("3");
    expect(next.pending).toBe(8);
  });
});

describe("just-evaluated flag", () => {
  it("is set by = and makes the next digit start afresh", () => {
    const { state } = typeText("2+2=");
    expect(state.justEvaluated).toBe(true);
    const next = pressCalculatorKey(state, { type: "digit", digit: "7" }).state;
    expect(next).toMatchObject({ entry: "7", pending: null, operator: null, justEvaluated: false });
  });

  it("lets an operator continue from the result", () => {
    expect(typeText("2+2=*10=").state.entry).toBe("40");
  });

  it("a decimal point after = starts 0.", () => {
    expect(typeText("2+2=.5").state.entry).toBe("0.5");
  });

  it("= without an operator keeps the value and records nothing", () => {
    const { state, records } = typeText("42=");
    expect(state.entry).toBe("42");
    expect(records).toEqual([]);
  });
});

describe("percent mode", () => {
  it.each([
    ["1000+18%=", "1180"],
    ["1000-10%=", "900"],
    ["1000*18%=", "180"],
    ["90/50%=", "180"],
    ["50%=", "0.5"],
  ])("%s gives %s", (typed, result) => {
    expect(typeText(typed).state.entry).toBe(result);
  });

  it("marks the operand and stops further digits until an operator", () => {
    const { state } = typeText("1000+18%");
    expect(state.percentMode).toBe(true);
    expect(pressCalculatorKey(state, { type: "digit", digit: "5" }).state.entry).toBe("18");
  });

  it("backspace leaves percent mode first", () => {
    const { state } = typeText("1000+18%");
    const next = pressCalculatorKey(state, { type: "backspace" }).state;
    expect(next.percentMode).toBe(false);
    expect(next.entry).toBe("18");
  });

  it("resolves a percentage against the left operand only for + and −", () => {
    expect(resolvePercent(200, "+", 10)).toBe(20);
    expect(resolvePercent(200, "-", 10)).toBe(20);
    expect(resolvePercent(200, "*", 10)).toBe(0.1);
    expect(resolvePercent(null, null, 10)).toBe(0.1);
  });
});

describe("digits and display", () => {
  it("takes at most 15 digits (spec 9)", () => {
    const { state } = typeText("1234567890123456789");
    expect(state.entry).toBe("123456789012345");
  });

  it("counts digits after the decimal point too", () => {
    expect(typeText("12345678901234.56").state.entry).toBe("12345678901234.5");
  });

  it("takes one decimal point", () => {
    expect(typeText("1.2.3").state.entry).toBe("1.23");
  });

  it("replaces a leading zero", () => {
    expect(typeText("007").state.entry).toBe("7");
  });

  it("shows 1e15 and more in exponent form (spec 9)", () => {
    expect(formatCalculatorValue(1e15)).toBe("1e+15");
    expect(formatCalculatorValue(999999999999999)).toBe("999999999999999");
    expect(formatCalculatorValue(1234567e10)).toBe("1.234567e+16");
    expect(formatCalculatorValue(-2e15)).toBe("-2e+15");
    expect(typeText("999999999999999*10=").state.entry).toBe("1e+16");
  });

  it("rounds results to 2 decimals (spec 9)", () => {
    expect(roundCalculatorValue(2.675)).toBe(2.68);
    expect(roundCalculatorValue(-2.675)).toBe(-2.68);
    expect(roundCalculatorValue(1 / 3)).toBe(0.33);
    expect(roundCalculatorValue(-0.001)).toBe(0);
    expect(roundCalculatorValue(Number.NaN)).toBe(0);
    expect(formatCalculatorValue(12.5)).toBe("12.5");
    expect(formatCalculatorValue(12)).toBe("12");
  });

  it("groups the display the Indian way", () => {
    expect(groupCalculatorDisplay("1234567.5")).toBe("12,34,567.5");
    expect(groupCalculatorDisplay("-1000")).toBe("-1,000");
    expect(groupCalculatorDisplay("999")).toBe("999");
    expect(groupCalculatorDisplay("1e+15")).toBe("1e+15");
  });

  it("backspace, clear entry, clear and sign", () => {
    let { state } = typeText("125");
    state = pressCalculatorKey(state, { type: "backspace" }).state;
    expect(state.entry).toBe("12");
    state = pressCalculatorKey(state, { type: "toggleSign" }).state;
    expect(state.entry).toBe("-12");
    state = pressCalculatorKey(state, { type: "backspace" }).state;
    state = pressCalculatorKey(state, { type: "backspace" }).state;
    expect(state.entry).toBe("0");
    const withPending = typeText("5+7").state;
    const cleared = pressCalculatorKey(withPending, { type: "clearEntry" }).state;
    expect(cleared).toMatchObject({ entry: "0", pending: 5, operator: "+" });
    expect(pressCalculatorKey(withPending, { type: "clear" }).state).toEqual(
      INITIAL_CALCULATOR_STATE,
    );
  });
});

describe("GST buttons", () => {
  it("offers 3, 5, 12, 18, 28 and 40 percent", () => {
    expect(CALCULATOR_GST_RATES).toEqual([3, 5, 12, 18, 28, 40]);
  });

  it.each([
    [1000, 3, "1030", "30"],
    [1000, 5, "1050", "50"],
    [1000, 12, "1120", "120"],
    [1000, 18, "1180", "180"],
    [1000, 28, "1280", "280"],
    [1000, 40, "1400", "400"],
  ])("adds GST: %d + %d%% = %s", (base, rate, result, tax) => {
    const { state } = pressCalculatorKeys([gst(rate, "add")], typeText(String(base)).state);
    expect(state.entry).toBe(result);
    expect(formatCalculatorValue(state.gst?.taxAmount ?? -1)).toBe(tax);
  });

  it.each([
    [1180, 18, "1000"],
    [1050, 5, "1000"],
    [100, 28, "78.13"],
  ])("excludes GST: %d less %d%% inclusive = %s", (total, rate, result) => {
    const { state } = pressCalculatorKeys([gst(rate, "exclude")], typeText(String(total)).state);
    expect(state.entry).toBe(result);
  });

  it("reverts when the same button is pressed again", () => {
    const first = pressCalculatorKeys([gst(18, "add")], typeText("1000").state);
    expect(first.state.entry).toBe("1180");
    const second = pressCalculatorKey(first.state, gst(18, "add"));
    expect(second.state.entry).toBe("1000");
    expect(second.state.gst).toBeNull();
  });

  it("another rate applies to the original value instead of stacking", () => {
    const { state } = pressCalculatorKeys([gst(18, "add"), gst(12, "add")], typeText("1000").state);
    expect(state.entry).toBe("1120");
    expect(state.gst).toMatchObject({ rate: 12, base: 1000 });
  });

  it("applies to a pending calculation's result", () => {
    const { state } = pressCalculatorKeys([gst(18, "add")], typeText("400+600").state);
    expect(state.entry).toBe("1180");
  });

  it("typing after an adjustment starts afresh and forgets it", () => {
    const { state } = pressCalculatorKeys(
      [gst(18, "add"), { type: "digit", digit: "5" }],
      typeText("1000").state,
    );
    expect(state.entry).toBe("5");
    expect(state.gst).toBeNull();
  });

  it("records the adjustment in the history", () => {
    const { records } = pressCalculatorKeys([gst(18, "add")], typeText("1000").state);
    expect(records).toEqual([{ expression: "1,000 + GST 18%", result: "1180" }]);
  });
});

describe("history", () => {
  const entry = (n: number): CalculatorHistoryEntry => ({
    id: String(n),
    expression: `${n} + 1`,
    result: String(n + 1),
    timestamp: n,
  });

  it("records each = with its expression", () => {
    expect(typeText("1000+18%=").records).toEqual([{ expression: "1,000 + 18%", result: "1180" }]);
    expect(typeText("2*3=4+4=").records).toEqual([
      { expression: "2 × 3", result: "6" },
      { expression: "4 + 4", result: "8" },
    ]);
  });

  it("keeps the newest first and at most 100 (spec 9)", () => {
    let history: CalculatorHistoryEntry[] = [];
    for (let n = 1; n <= 130; n += 1) history = appendCalculatorHistory(history, entry(n));
    expect(history).toHaveLength(CALCULATOR_HISTORY_LIMIT);
    expect(history[0]?.id).toBe("130");
    expect(history.at(-1)?.id).toBe("31");
  });

  it("reads back what was stored and drops anything else", () => {
    const stored = JSON.stringify([entry(1), { id: 2 }, "x", entry(3)]);
    expect(parseCalculatorHistory(stored)).toEqual([entry(1), entry(3)]);
    expect(parseCalculatorHistory("not json")).toEqual([]);
    expect(parseCalculatorHistory(null)).toEqual([]);
    expect(parseCalculatorHistory('{"a":1}')).toEqual([]);
  });
});

describe("keyboard", () => {
  it.each([
    ["7", { type: "digit", digit: "7" }],
    [".", { type: "decimal" }],
    ["+", { type: "operator", operator: "+" }],
    ["x", { type: "operator", operator: "*" }],
    ["Enter", { type: "equals" }],
    ["=", { type: "equals" }],
    ["%", { type: "percent" }],
    ["Backspace", { type: "backspace" }],
    ["Delete", { type: "clear" }],
    ["a", null],
  ])("%s", (key, expected) => {
    expect(readCalculatorKey(key)).toEqual(expected);
  });
});
