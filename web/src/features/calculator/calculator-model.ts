// The calculator of spec 2.7, 4 and 9: a pending operand, an operator, a percent mode and a
// just-evaluated flag; results rounded to 2 decimals, 15 digits typed at most, exponent form from
// 1e15, division by zero gives 0, GST add/exclude buttons reverted by pressing them again.
// Pure: the panel feeds it keys and shows what it answers; history storage lives beside it.

export type CalculatorOperator = "+" | "-" | "*" | "/";

export type GstMode = "add" | "exclude";

/** spec 9: 3, 5, 12, 18, 28; 40 is the rate of the September 2025 rationalisation. */
export const CALCULATOR_GST_RATES = [3, 5, 12, 18, 28, 40] as const;

/** spec 9: up to 15 digits. */
export const CALCULATOR_MAX_DIGITS = 15;

/** spec 9: values of 1e15 or more in exponent form. */
export const CALCULATOR_EXPONENT_FROM = 1e15;

/** spec 9: history capped at 100 entries. */
export const CALCULATOR_HISTORY_LIMIT = 100;

export const OPERATOR_SYMBOLS: Readonly<Record<CalculatorOperator, string>> = {
  "+": "+",
  "-": "−",
  "*": "×",
  "/": "÷",
};

export interface GstAdjustment {
  rate: number;
  mode: GstMode;
  /** The value before the adjustment: pressing the same button again brings it back. */
  base: number;
  /** The tax part: result − base (add) or base − result (exclude). */
  taxAmount: number;
}

export interface CalculatorState {
  /** What the display shows: the operand being typed, or the last result. */
  entry: string;
  /** The left operand, waiting for the right one. */
  pending: number | null;
  operator: CalculatorOperator | null;
  /** The operand on display was marked with %: it is a percentage of the pending operand. */
  percentMode: boolean;
  /** The display holds a result: the next digit starts a new calculation. */
  justEvaluated: boolean;
  /** The next digit replaces the display (after an operator) instead of extending it. */
  startNewEntry: boolean;
  /** The expression line above the display ("1,000 + 18%"). */
  expression: string;
  gst: GstAdjustment | null;
}

/** spec 3 "Calculator history entry". */
export interface CalculatorHistoryEntry {
  id: string;
  expression: string;
  result: string;
  timestamp: number;
}

export type CalculatorKey =
  | { type: "digit"; digit: string }
  | { type: "decimal" }
  | { type: "operator"; operator: CalculatorOperator }
  | { type: "equals" }
  | { type: "percent" }
  | { type: "backspace" }
  | { type: "clear" }
  | { type: "clearEntry" }
  | { type: "toggleSign" }
  | { type: "gst"; rate: number; mode: GstMode };

/** A step's new state, and the line it adds to the history (on = and on a GST button). */
export interface CalculatorStep {
  state: CalculatorState;
  record: { expression: string; result: string } | null;
}

export const INITIAL_CALCULATOR_STATE: CalculatorState = {
  entry: "0",
  pending: null,
  operator: null,
  percentMode: false,
  justEvaluated: false,
  startNewEntry: false,
  expression: "",
  gst: null,
};

/** spec 9: results rounded to 2 decimals (half away from zero, with the float's error removed). */
export function roundCalculatorValue(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
  return Object.is(rounded, -0) ? 0 : rounded;
}

function countDigits(text: string): number {
  return text.replace(/[^0-9]/g, "").length;
}

/** A value as the display shows it: plain digits up to 2 decimals, exponent form from 1e15. */
export function formatCalculatorValue(value: number): string {
  const rounded = roundCalculatorValue(value);
  if (Math.abs(rounded) >= CALCULATOR_EXPONENT_FROM) {
    // toExponential gives "1.2345e+15"; trailing zeros of the mantissa say nothing.
    return rounded.toExponential(6).replace(/\.?0+e/, "e");
  }
  const text = rounded.toFixed(2).replace(/\.?0+$/, "");
  return text === "-0" ? "0" : text;
}

/** The display with Indian digit grouping ("12,34,567.5"); exponent form stays as it is. */
export function groupCalculatorDisplay(entry: string): string {
  if (/e/i.test(entry)) return entry;
  const match = /^(-?)(\d*)(\.\d*)?(%?)$/.exec(entry);
  if (!match) return entry;
  const [, sign = "", whole = "", fraction = "", percent = ""] = match;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${last3}` : last3;
  return `${sign}${grouped}${fraction}${percent}`;
}

function readEntryValue(entry: string): number {
  const value = Number(entry);
  return Number.isFinite(value) ? value : 0;
}

/** The arithmetic of one operator; division by zero gives 0 (spec 9). */
export function applyOperator(left: number, operator: CalculatorOperator, right: number): number {
  switch (operator) {
    case "+":
      return left + right;
    case "-":
      return left - right;
    case "*":
      return left * right;
    case "/":
      return right === 0 ? 0 : left / right;
  }
}

/**
 * The right operand as a percentage: with + and − it is that share of the left operand
 * (1000 + 18% = 1180); with × and ÷ it is the fraction (1000 × 18% = 180, 90 ÷ 50% = 180). Alone,
 * x% is x / 100.
 */
export function resolvePercent(
  left: number | null,
  operator: CalculatorOperator | null,
  percent: number,
): number {
  if (left === null || operator === null) return percent / 100;
  if (operator === "+" || operator === "-") return (left * percent) / 100;
  return percent / 100;
}

function describeOperand(value: number | string): string {
  return groupCalculatorDisplay(typeof value === "number" ? formatCalculatorValue(value) : value);
}

function currentValue(state: CalculatorState): number {
  return readEntryValue(state.entry);
}

function evaluate(state: CalculatorState): number {
  if (state.pending === null || state.operator === null) {
    return state.percentMode ? currentValue(state) / 100 : currentValue(state);
  }
  const right = state.percentMode
    ? resolvePercent(state.pending, state.operator, currentValue(state))
    : currentValue(state);
  return roundCalculatorValue(applyOperator(state.pending, state.operator, right));
}

function describeExpression(state: CalculatorState): string {
  const right = `${describeOperand(state.entry)}${state.percentMode ? "%" : ""}`;
  if (state.pending === null || state.operator === null) return right;
  return `${describeOperand(state.pending)} ${OPERATOR_SYMBOLS[state.operator]} ${right}`;
}

function typeDigit(state: CalculatorState, digit: string): CalculatorState {
  if (!/^\d$/.test(digit)) return state;
  if (state.justEvaluated) {
    return { ...INITIAL_CALCULATOR_STATE, entry: digit };
  }
  if (state.startNewEntry) {
    return { ...state, entry: digit, startNewEntry: false, percentMode: false, gst: null };
  }
  if (state.percentMode) return state;
  if (countDigits(state.entry) >= CALCULATOR_MAX_DIGITS) return state;
  const entry =
    state.entry === "0" ? digit : state.entry === "-0" ? `-${digit}` : state.entry + digit;
  return { ...state, entry, gst: null };
}

function typeDecimal(state: CalculatorState): CalculatorState {
  if (state.justEvaluated) return { ...INITIAL_CALCULATOR_STATE, entry: "0." };
  if (state.startNewEntry) {
    return { ...state, entry: "0.", startNewEntry: false, percentMode: false, gst: null };
  }
  if (state.percentMode || state.entry.includes(".") || /e/i.test(state.entry)) return state;
  return { ...state, entry: `${state.entry}.`, gst: null };
}

function chooseOperator(state: CalculatorState, operator: CalculatorOperator): CalculatorState {
  // Pressing another operator before the right operand only changes the operator.
  if (state.startNewEntry && state.pending !== null) {
    return {
      ...state,
      operator,
      expression: `${describeOperand(state.pending)} ${OPERATOR_SYMBOLS[operator]}`,
    };
  }
  const pending = roundCalculatorValue(evaluate(state));
  return {
    ...state,
    entry: formatCalculatorValue(pending),
    pending,
    operator,
    percentMode: false,
    justEvaluated: false,
    startNewEntry: true,
    expression: `${describeOperand(pending)} ${OPERATOR_SYMBOLS[operator]}`,
    gst: null,
  };
}

function pressEquals(state: CalculatorState): CalculatorStep {
  if (state.operator === null && !state.percentMode) {
    return { state: { ...state, justEvaluated: true, startNewEntry: false }, record: null };
  }
  const expression = describeExpression(state);
  const result = formatCalculatorValue(evaluate(state));
  return {
    state: {
      ...INITIAL_CALCULATOR_STATE,
      entry: result,
      justEvaluated: true,
      expression: `${expression} =`,
    },
    record: { expression, result },
  };
}

function pressPercent(state: CalculatorState): CalculatorState {
  if (state.percentMode || state.startNewEntry) return state;
  return { ...state, percentMode: true, justEvaluated: false, gst: null };
}

function pressBackspace(state: CalculatorState): CalculatorState {
  if (state.justEvaluated || state.startNewEntry) return state;
  if (state.percentMode) return { ...state, percentMode: false };
  const entry = state.entry.slice(0, -1);
  return { ...state, entry: entry === "" || entry === "-" ? "0" : entry, gst: null };
}

function toggleSign(state: CalculatorState): CalculatorState {
  if (state.startNewEntry) return state;
  const entry = state.entry.startsWith("-") ? state.entry.slice(1) : `-${state.entry}`;
  return { ...state, entry, justEvaluated: false, gst: null };
}

/**
 * A GST button: adds the rate to the value on display (1000 + 18% = 1180) or takes it out of a
 * value that includes it (1180 − 18% inclusive = 1000). The same button again reverts to the value
 * before; another rate applies to that same value instead of stacking.
 */
function pressGst(state: CalculatorState, rate: number, mode: GstMode): CalculatorStep {
  if (state.gst && state.gst.rate === rate && state.gst.mode === mode) {
    const base = formatCalculatorValue(state.gst.base);
    return {
      state: {
        ...INITIAL_CALCULATOR_STATE,
        entry: base,
        justEvaluated: true,
        expression: `GST ${rate}% reverted`,
      },
      record: null,
    };
  }
  const base = state.gst ? state.gst.base : roundCalculatorValue(evaluate(state));
  const factor = 1 + rate / 100;
  const result = roundCalculatorValue(mode === "add" ? base * factor : base / factor);
  const taxAmount = roundCalculatorValue(Math.abs(result - base));
  const expression =
    mode === "add"
      ? `${describeOperand(base)} + GST ${rate}%`
      : `${describeOperand(base)} − GST ${rate}% (inclusive)`;
  const text = formatCalculatorValue(result);
  return {
    state: {
      ...INITIAL_CALCULATOR_STATE,
      entry: text,
      justEvaluated: true,
      expression: `${expression} =`,
      gst: { rate, mode, base, taxAmount },
    },
    record: { expression, result: text },
  };
}

/** One key press. */
export function pressCalculatorKey(state: CalculatorState, key: CalculatorKey): CalculatorStep {
  switch (key.type) {
    case "digit":
      return { state: typeDigit(state, key.digit), record: null };
    case "decimal":
      return { state: typeDecimal(state), record: null };
    case "operator":
      return { state: chooseOperator(state, key.operator), record: null };
    case "equals":
      return pressEquals(state);
    case "percent":
      return { state: pressPercent(state), record: null };
    case "backspace":
      return { state: pressBackspace(state), record: null };
    case "clear":
      return { state: INITIAL_CALCULATOR_STATE, record: null };
    case "clearEntry":
      return {
        state: { ...state, entry: "0", percentMode: false, startNewEntry: false, gst: null },
        record: null,
      };
    case "toggleSign":
      return { state: toggleSign(state), record: null };
    case "gst":
      return pressGst(state, key.rate, key.mode);
  }
}

/** Presses keys in turn; for tests and for replaying typed text. */
export function pressCalculatorKeys(
  keys: readonly CalculatorKey[],
  state: CalculatorState = INITIAL_CALCULATOR_STATE,
): { state: CalculatorState; records: { expression: string; result: string }[] } {
  const records: { expression: string; result: string }[] = [];
  let current = state;
  for (const key of keys) {
    const step = pressCalculatorKey(current, key);
    current = step.state;
    if (step.record) records.push(step.record);
  }
  return { state: current, records };
}

/** The keyboard of the panel: digits, . , + − * /, Enter or =, %, Backspace, Delete. */
export function readCalculatorKey(key: string): CalculatorKey | null {
  if (/^\d$/.test(key)) return { type: "digit", digit: key };
  switch (key) {
    case ".":
    case ",":
      return { type: "decimal" };
    case "+":
    case "-":
    case "*":
    case "/":
      return { type: "operator", operator: key };
    case "x":
    case "X":
      return { type: "operator", operator: "*" };
    case "Enter":
    case "=":
      return { type: "equals" };
    case "%":
      return { type: "percent" };
    case "Backspace":
      return { type: "backspace" };
    case "Delete":
      return { type: "clear" };
    default:
      return null;
  }
}

/** Newest first, at most 100 (spec 9). */
export function appendCalculatorHistory(
  history: readonly CalculatorHistoryEntry[],
  entry: CalculatorHistoryEntry,
): CalculatorHistoryEntry[] {
  return [entry, ...history].slice(0, CALCULATOR_HISTORY_LIMIT);
}

/** Reads stored history, dropping anything that is not a history entry. */
export function parseCalculatorHistory(text: string | null): CalculatorHistoryEntry[] {
  if (!text) return [];
  try {
    const data: unknown = JSON.parse(text);
    if (!Array.isArray(data)) return [];
    return data
      .filter(
        (item): item is CalculatorHistoryEntry =>
          typeof item === "object" &&
          item !== null &&
          typeof (item as CalculatorHistoryEntry).id === "string" &&
          typeof (item as CalculatorHistoryEntry).expression === "string" &&
          typeof (item as CalculatorHistoryEntry).result === "string" &&
          typeof (item as CalculatorHistoryEntry).timestamp === "number",
      )
      .slice(0, CALCULATOR_HISTORY_LIMIT);
  } catch {
    return [];
  }
}
