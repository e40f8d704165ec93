import {
  checkMapping,
  detectStatementLayout,
  normaliseHeader,
  paiseToRupees,
  readStatementLines,
  STATEMENT_MESSAGES,
  type StatementLayoutId,
  type StatementLayoutInput,
  type StatementLine,
  type StatementMapping,
  type StatementReading,
} from "@bahi/domain";

// A bank statement's rows read into lines by its layout (the person's, the one remembered for the
// account, or the one found), and what the upload screen is shown of it. Pure: it runs on the
// heavy-work pool with the file's reading (bank-statement-worker.ts, decision 394).

export interface RememberedLayout {
  header_row: number;
  headers: string;
  mapping: string;
}

export interface ReadStatement {
  fileName: string;
  layout: StatementLayoutId;
  layoutName: string;
  headerRow: number;
  headers: string[];
  mapping: StatementMapping;
  reading: StatementReading;
}

/** One file's layout and its lines, from its rows. */
export function readStatementRows(
  fileName: string,
  rows: string[][],
  chosen: StatementLayoutInput | null | undefined,
  remembered: RememberedLayout | undefined,
): ReadStatement | { fileName: string; error: string } {
  const headersAt = (index: number) => (rows[index] ?? []).map((cell) => cell.trim());
  let found: Omit<ReadStatement, "reading" | "fileName"> | null = null;
  if (chosen) {
    const problem = checkMapping(chosen.mapping);
    if (problem) return { fileName, error: problem };
    found = {
      layout: "manual",
      layoutName: "Your layout",
      headerRow: chosen.headerRow,
      headers: headersAt(chosen.headerRow - 1),
      mapping: chosen.mapping,
    };
  } else if (remembered) {
    const headers = headersAt(remembered.header_row - 1);
    const same =
      JSON.stringify(headers.map(normaliseHeader)) ===
      JSON.stringify((JSON.parse(remembered.headers) as string[]).map(normaliseHeader));
    if (same) {
      found = {
        layout: "manual",
        layoutName: "Layout remembered for this account",
        headerRow: remembered.header_row,
        headers,
        mapping: JSON.parse(remembered.mapping) as StatementMapping,
      };
    }
  }
  if (!found) {
    const detected = detectStatementLayout(rows);
    if (!detected) return { fileName, error: STATEMENT_MESSAGES.noHeader };
    found = {
      layout: detected.layout,
      layoutName: detected.layoutName,
      headerRow: detected.headerRowIndex + 1,
      headers: detected.headers,
      mapping: detected.mapping,
    };
  }
  const reading = readStatementLines(rows, found.headerRow - 1, found.mapping);
  return { fileName, ...found, reading };
}

const toRupees = (paise: number) => paiseToRupees(paise);

function describeLine(line: StatementLine) {
  return {
    rowNumber: line.rowNumber,
    date: line.date,
    narration: line.narration,
    reference: line.reference,
    amount: toRupees(line.amountPaise),
    balance: line.balancePaise === null ? null : toRupees(line.balancePaise),
  };
}

/** What validateFiles answers of one file: its layout, totals, problems and first lines. */
export function describeReading(statement: ReadStatement) {
  const { reading } = statement;
  const lines = reading.lines;
  return {
    fileName: statement.fileName,
    layout: statement.layout,
    layoutName: statement.layoutName,
    headerRow: statement.headerRow,
    headers: statement.headers,
    mapping: statement.mapping,
    lineCount: lines.length,
    moneyIn: toRupees(lines.reduce((sum, l) => sum + Math.max(0, l.amountPaise), 0)),
    moneyOut: toRupees(lines.reduce((sum, l) => sum + Math.max(0, -l.amountPaise), 0)),
    firstDate: lines.reduce<string | null>((d, l) => (d === null || l.date < d ? l.date : d), null),
    lastDate: lines.reduce<string | null>((d, l) => (d === null || l.date > d ? l.date : d), null),
    problemCount: reading.problems.length,
    problems: reading.problems.slice(0, 100),
    balanceBreak: reading.balanceBreak && {
      rowNumber: reading.balanceBreak.rowNumber,
      expected: toRupees(reading.balanceBreak.expectedPaise),
      found: toRupees(reading.balanceBreak.foundPaise),
    },
    preview: lines.slice(0, 10).map(describeLine),
  };
}
