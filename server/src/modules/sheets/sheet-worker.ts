import { parentPort, workerData } from "node:worker_threads";
import * as XLSX from "@e965/xlsx";

// One workbook read in its own thread (sheet-files.ts): the first sheet's rows as text, date
// cells as YYYY-MM-DD, numbers as they are stored. Formulas are not evaluated: a cell gives the
// value the file stored with it, and a text cell "=..." stays text. With `keepTime`, a date cell
// that holds a time of day gives 'YYYY-MM-DD hh:mm:ss' (the IRP's Ack Date, issue 24).
const { bytes, maxRows, allSheets, keepTime } = workerData as {
  bytes: Uint8Array;
  maxRows: number;
  allSheets?: boolean;
  keepTime?: boolean;
};

const pad = (n: number) => String(n).padStart(2, "0");

function withTime(day: string, hours: number, minutes: number, seconds: number): string {
  if (!keepTime || hours + minutes + seconds === 0) return day;
  return `${day} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  if (cell.t === "d" && cell.v instanceof Date) {
    const date = cell.v;
    const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    return withTime(day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  }
  if (cell.t === "n" && typeof cell.v === "number" && cell.z && XLSX.SSF.is_date(cell.z)) {
    const parts = XLSX.SSF.parse_date_code(cell.v);
    return withTime(`${parts.y}-${pad(parts.m)}-${pad(parts.d)}`, parts.H, parts.M, parts.S);
  }
  if (cell.t === "e") return "";
  return String(cell.v);
}

/** A sheet's rows as text; with `fillMerges`, every cell of a merged range carries its value. */
function sheetRows(sheet: XLSX.WorkSheet | undefined, fillMerges: boolean): string[][] {
  const data = (sheet?.["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: string[][] = [];
  for (let index = 0; index < data.length; index += 1) {
    const row = data[index] ?? [];
    const cells: string[] = [];
    for (let column = 0; column < row.length; column += 1) cells.push(cellText(row[column]));
    rows.push(cells);
  }
  if (fillMerges) {
    for (const range of sheet?.["!merges"] ?? []) {
      const value = rows[range.s.r]?.[range.s.c] ?? "";
      // A merge reaching past the rows read (the row limit) is filled as far as they go.
      for (let r = range.s.r; r <= Math.min(range.e.r, rows.length - 1); r += 1) {
        const row = rows[r] ?? [];
        while (row.length <= range.e.c) row.push("");
        for (let c = range.s.c; c <= range.e.c; c += 1) row[c] = value;
        rows[r] = row;
      }
    }
  }
  return rows;
}

try {
  const workbook = XLSX.read(bytes, {
    type: "buffer",
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: true,
    sheetRows: maxRows,
    dense: true,
  });
  if (allSheets) {
    // Every sheet, merged cells filled (the GSTR-2B Excel's headings are merged groups).
    const sheets = workbook.SheetNames.map((name) => ({
      name,
      rows: sheetRows(workbook.Sheets[name], true),
    }));
    parentPort?.postMessage({ sheets });
  } else {
    const name = workbook.SheetNames[0];
    parentPort?.postMessage({ rows: sheetRows(name ? workbook.Sheets[name] : undefined, false) });
  }
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
