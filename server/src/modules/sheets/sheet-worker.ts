import { parentPort, workerData } from "node:worker_threads";
import * as XLSX from "@e965/xlsx";

// One workbook read in its own thread (sheet-files.ts): the first sheet's rows as text, date
// cells as YYYY-MM-DD, numbers as they are stored. Formulas are not evaluated: a cell gives the
// value the file stored with it, and a text cell "=..." stays text. With `keepTime`, a date cell
// that holds a time of day gives 'YYYY-MM-DD hh:mm:ss' (the IRP's Ack Date, issue 24).
const { bytes, maxRows, keepTime } = workerData as {
  bytes: Uint8Array;
  maxRows: number;
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
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  const data = (sheet?.["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: string[][] = [];
  for (let index = 0; index < data.length; index += 1) {
    const row = data[index] ?? [];
    const cells: string[] = [];
    for (let column = 0; column < row.length; column += 1) cells.push(cellText(row[column]));
    rows.push(cells);
  }
  parentPort?.postMessage({ rows });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
