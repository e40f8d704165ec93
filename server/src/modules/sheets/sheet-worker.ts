import "../../lib/heavy-work/lower-thread-priority.ts";
import * as XLSX from "@e965/xlsx";
import Papa from "papaparse";
import { declaredXlsxSheets, sheetLimitProblem } from "./sheet-limits.ts";

// The sheet jobs of the heavy-work pool (sheet-files.ts, lib/heavy-work): an upload read into
// rows of text, date cells as YYYY-MM-DD, numbers as they are stored. Formulas are not
// evaluated: a cell gives the value the file stored with it, and a text cell "=..." stays text.
// With `keepTime`, a date cell that holds a time of day gives 'YYYY-MM-DD hh:mm:ss' (the IRP's
// Ack Date, issue 24). Before a workbook is parsed, what its sheets declare is held to the
// limits of sheet-limits.ts; a sheet past them is refused with the reason (`refused`).

export interface WorkbookRequest {
  bytes: Uint8Array;
  /** Rows read of each sheet (the caller's limit and one more). */
  maxRows: number;
  keepTime?: boolean;
  /** The largest any sheet's XML may unpack to (checkZipSizes checked the declared sizes). */
  unpackLimit: number;
}

export type SheetAnswer =
  | { rows: string[][] }
  | { sheets: { name: string; rows: string[][] }[] }
  | { refused: string }
  | { error: string };

const pad = (n: number) => String(n).padStart(2, "0");

function withTime(
  keepTime: boolean,
  day: string,
  hours: number,
  minutes: number,
  seconds: number,
): string {
  if (!keepTime || hours + minutes + seconds === 0) return day;
  return `${day} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

function cellText(cell: XLSX.CellObject | undefined, keepTime: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  if (cell.t === "d" && cell.v instanceof Date) {
    const date = cell.v;
    const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    return withTime(keepTime, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  }
  if (cell.t === "n" && typeof cell.v === "number" && cell.z && XLSX.SSF.is_date(cell.z)) {
    const parts = XLSX.SSF.parse_date_code(cell.v);
    return withTime(
      keepTime,
      `${parts.y}-${pad(parts.m)}-${pad(parts.d)}`,
      parts.H,
      parts.M,
      parts.S,
    );
  }
  if (cell.t === "e") return "";
  return String(cell.v);
}

/** A sheet's rows as text; with `fillMerges`, every cell of a merged range carries its value. */
function sheetRows(
  sheet: XLSX.WorkSheet | undefined,
  fillMerges: boolean,
  keepTime: boolean,
): string[][] {
  const data = (sheet?.["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: string[][] = [];
  for (let index = 0; index < data.length; index += 1) {
    const row = data[index] ?? [];
    const cells: string[] = [];
    for (let column = 0; column < row.length; column += 1)
      cells.push(cellText(row[column], keepTime));
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

function parse(request: WorkbookRequest): XLSX.WorkBook | { refused: string } {
  const bytes = Buffer.from(
    request.bytes.buffer,
    request.bytes.byteOffset,
    request.bytes.byteLength,
  );
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    for (const sheet of declaredXlsxSheets(bytes, request.unpackLimit)) {
      const problem = sheetLimitProblem(sheet.name, sheet, request.maxRows);
      if (problem) return { refused: problem };
    }
  }
  const workbook = XLSX.read(bytes, {
    type: "buffer",
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: true,
    sheetRows: request.maxRows,
    dense: true,
  });
  // An .xls is binary: what SheetJS read of it is checked before any row of text is made.
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    const ref = sheet?.["!ref"];
    const problem = sheetLimitProblem(
      name,
      { range: ref ? XLSX.utils.decode_range(ref) : null, merges: sheet?.["!merges"] ?? [] },
      request.maxRows,
    );
    if (problem) return { refused: problem };
  }
  return workbook;
}

function answer(read: () => SheetAnswer): SheetAnswer {
  try {
    return read();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The first sheet's rows. */
export function readFirstSheet(request: WorkbookRequest): SheetAnswer {
  return answer(() => {
    const workbook = parse(request);
    if ("refused" in workbook) return workbook;
    const name = workbook.SheetNames[0];
    const sheet = name ? workbook.Sheets[name] : undefined;
    return { rows: sheetRows(sheet, false, request.keepTime === true) };
  });
}

/** Every sheet, merged cells filled (the GSTR-2B Excel's headings are merged groups). */
export function readAllSheets(request: WorkbookRequest): SheetAnswer {
  return answer(() => {
    const workbook = parse(request);
    if ("refused" in workbook) return workbook;
    const sheets = workbook.SheetNames.map((name) => ({
      name,
      rows: sheetRows(workbook.Sheets[name], true, request.keepTime === true),
    }));
    return { sheets };
  });
}

/** A CSV's rows (`maxRows` of them at most), from its text. */
export function readCsv(request: { text: string; maxRows: number }): SheetAnswer {
  return answer(() => {
    const parsed = Papa.parse<string[]>(request.text, {
      skipEmptyLines: false,
      preview: request.maxRows,
    });
    return { rows: parsed.data.map((row) => row.map((cell) => String(cell ?? ""))) };
  });
}

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** Text of a CSV upload: UTF-8 (with or without a byte-order mark) or UTF-16 with one. */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder().decode(bytes.subarray(3));
  return new TextDecoder().decode(bytes);
}

export interface UploadRequest extends WorkbookRequest {
  kind: "csv" | "xlsx" | "xls";
}

/**
 * An upload's rows: a CSV's text decoded here too (decision 394), not on the serving thread —
 * ten 9.9 MB files in one request were seconds of it — or a workbook's first sheet.
 */
export function readUpload(request: UploadRequest): SheetAnswer {
  if (request.kind !== "csv") return readFirstSheet(request);
  return answer(() => readCsv({ text: decodeText(request.bytes), maxRows: request.maxRows }));
}
