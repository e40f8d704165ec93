import {
  appendCalculatorHistory,
  type CalculatorHistoryEntry,
  parseCalculatorHistory,
} from "./calculator-model.ts";

// spec 9: the calculator's history, capped at 100 entries, kept locally in the browser.

export const CALCULATOR_HISTORY_KEY = "bahi.calculator.history";

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function loadCalculatorHistory(): CalculatorHistoryEntry[] {
  return parseCalculatorHistory(storage()?.getItem(CALCULATOR_HISTORY_KEY) ?? null);
}

export function saveCalculatorHistory(history: readonly CalculatorHistoryEntry[]): void {
  try {
    storage()?.setItem(CALCULATOR_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // A full or refused storage only forgets the history.
  }
}

let counter = 0;

/** Adds a line to the stored history and answers the new history. */
export function recordCalculation(
  history: readonly CalculatorHistoryEntry[],
  line: { expression: string; result: string },
  now = Date.now(),
): CalculatorHistoryEntry[] {
  counter += 1;
  const next = appendCalculatorHistory(history, {
    id: `${now.toString(36)}-${counter}`,
    expression: line.expression,
    result: line.result,
    timestamp: now,
  });
  saveCalculatorHistory(next);
  return next;
}
