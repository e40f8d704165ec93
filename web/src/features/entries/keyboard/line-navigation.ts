// Enter and Tab on an entry screen (the issue: "Enter/Tab moves through a line and adds the
// next"). Tab walks every field in page order, which the browser does by itself; only Tab out of
// the last field of the last line adds a line. Enter walks the fields a trained hand types (the
// "stops"): the header's, then each line's, skipping what the item fills in; Enter past the last
// line adds one, and Enter on the first stop of a blank line leaves the lines for what follows.

export interface FocusPlan {
  /** Stops before the lines (date, number, party…), in order. */
  before: readonly string[];
  /** Each line's stops in order; the first is where a line starts. */
  rows: readonly (readonly string[])[];
  /** Whether each line is blank (nothing chosen on it yet). */
  rowBlank: readonly boolean[];
  /** Stops after the lines (narration…). */
  after: readonly string[];
}

export type FocusMove =
  | { type: "focus"; stop: string }
  /** Add a line after the last one and focus its first stop. */
  | { type: "addLine" }
  /** Nothing for the screen to do: the field's or the browser's own behaviour stands. */
  | { type: "none" };

const none: FocusMove = { type: "none" };
const focus = (stop: string | undefined): FocusMove => (stop ? { type: "focus", stop } : none);

function firstOfLines(plan: FocusPlan): string | undefined {
  return plan.rows[0]?.[0] ?? plan.after[0];
}

function locate(plan: FocusPlan, stop: string): { row: number; column: number } | null {
  for (let row = 0; row < plan.rows.length; row += 1) {
    const column = plan.rows[row]?.indexOf(stop) ?? -1;
    if (column >= 0) return { row, column };
  }
  return null;
}

export function planEnter(plan: FocusPlan, current: string): FocusMove {
  const beforeIndex = plan.before.indexOf(current);
  if (beforeIndex >= 0) return focus(plan.before[beforeIndex + 1] ?? firstOfLines(plan));
  const afterIndex = plan.after.indexOf(current);
  if (afterIndex >= 0) return focus(plan.after[afterIndex + 1]);
  const at = locate(plan, current);
  if (!at) return none;
  const row = plan.rows[at.row] ?? [];
  if (plan.rowBlank[at.row] === true && at.column === 0) {
    // A blank line ends the lines, unless it is the only one.
    return plan.rows.length > 1 ? focus(plan.after[0]) : none;
  }
  if (at.column + 1 < row.length) return focus(row[at.column + 1]);
  if (at.row + 1 < plan.rows.length) return focus(plan.rows[at.row + 1]?.[0]);
  return { type: "addLine" };
}

export function planTab(plan: FocusPlan, current: string, shift: boolean): FocusMove {
  if (shift) return none;
  const last = plan.rows.length - 1;
  const lastRow = plan.rows[last];
  if (!lastRow || lastRow.at(-1) !== current) return none;
  return plan.rowBlank[last] === true ? none : { type: "addLine" };
}
