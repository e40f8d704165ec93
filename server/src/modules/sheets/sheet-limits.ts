import { inflateRawSync } from "node:zlib";

// Limits a spreadsheet must keep BEFORE it is parsed (issue 37, decision 321). A 150 KB workbook
// can declare a sheet of 16,384 columns (one cell in the last column) or thousands of merged
// ranges over a million cells: read into rows of text, each became a gigabyte of memory. An
// .xlsx says all of that in its sheets' XML, which is scanned here (bytes only, no XML parse)
// before SheetJS reads a byte of it; an .xls (binary) is checked on what SheetJS read, before a
// single row of text is made of it.

/** Columns a sheet may have: statements and registers have tens. */
export const MAX_SHEET_COLUMNS = 1_000;
/** Cells (rows read × columns) a sheet may declare. */
export const MAX_SHEET_CELLS = 5_000_000;
/** Merged ranges in a sheet, and the cells they cover in all. */
export const MAX_SHEET_MERGES = 10_000;
export const MAX_MERGED_CELLS = 1_000_000;

export interface CellRange {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

/** Why a sheet is refused, in words for the person who uploaded it; null when within limits. */
export function sheetLimitProblem(
  sheetName: string,
  declared: { range: CellRange | null; merges: readonly CellRange[]; maxColumn?: number },
  maxRows: number,
): string | null {
  const columns = Math.max(
    declared.range ? declared.range.e.c + 1 : 0,
    (declared.maxColumn ?? -1) + 1,
  );
  if (columns > MAX_SHEET_COLUMNS) {
    return `Its sheet "${sheetName}" reaches column ${columnName(columns - 1)} (${columns.toLocaleString("en-IN")} columns); at most ${MAX_SHEET_COLUMNS.toLocaleString("en-IN")} are read. Delete the unused columns and upload it again.`;
  }
  if (declared.range) {
    const rows = Math.min(declared.range.e.r + 1, maxRows);
    if (rows * columns > MAX_SHEET_CELLS) {
      return `Its sheet "${sheetName}" declares ${(rows * columns).toLocaleString("en-IN")} cells; at most ${MAX_SHEET_CELLS.toLocaleString("en-IN")} are read. Split the file and upload the parts.`;
    }
  }
  if (declared.merges.length > MAX_SHEET_MERGES) {
    return `Its sheet "${sheetName}" has ${declared.merges.length.toLocaleString("en-IN")} merged ranges; at most ${MAX_SHEET_MERGES.toLocaleString("en-IN")} are read. Unmerge the cells and upload it again.`;
  }
  let merged = 0;
  for (const merge of declared.merges) {
    const rows = Math.max(0, Math.min(merge.e.r, maxRows - 1) - merge.s.r + 1);
    merged += rows * (merge.e.c - merge.s.c + 1);
    if (merge.e.c + 1 > MAX_SHEET_COLUMNS || merged > MAX_MERGED_CELLS) {
      return `Its sheet "${sheetName}" has merged cells covering more than ${MAX_MERGED_CELLS.toLocaleString("en-IN")} cells. Unmerge the cells and upload it again.`;
    }
  }
  return null;
}

/** 0 → A, 16383 → XFD. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** "XFD1048576" → { r: 1048575, c: 16383 }; null when it is not a cell reference. */
export function decodeCell(reference: string): { r: number; c: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(reference);
  if (!match) return null;
  let column = 0;
  for (const letter of (match[1] as string).toUpperCase())
    column = column * 26 + (letter.charCodeAt(0) - 64);
  return { r: Number(match[2]) - 1, c: column - 1 };
}

/** "A1:XFD2" or "B3" → a range; null when it is neither. */
export function decodeRange(reference: string): CellRange | null {
  const [from, to = from] = reference.split(":");
  const s = decodeCell(from ?? "");
  const e = decodeCell(to ?? "");
  return s && e ? { s, e } : null;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function zipEntries(bytes: Buffer): ZipEntry[] {
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let index = bytes.length - 22; index >= from; index -= 1) {
    if (bytes.readUInt32LE(index) === 0x06054b50) {
      end = index;
      break;
    }
  }
  if (end < 0) return [];
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let entry = 0; entry < count && at + 46 <= bytes.length; entry += 1) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) break;
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function entryBytes(bytes: Buffer, entry: ZipEntry, limit: number): Buffer | null {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method !== 8) return null;
  // The declared size was checked (checkZipSizes); a zip that lies about it stops here.
  return inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(limit, entry.size)) });
}

const DIMENSION = Buffer.from("<dimension ");
const MERGE_CELL = Buffer.from("<mergeCell ");
const CELL = Buffer.from("<c ");

/** The value of attribute `name` in the tag starting at `from` (bytes up to its '>'). */
function attribute(xml: Buffer, from: number, name: string): string | null {
  const close = xml.indexOf(">", from);
  const tag = xml.toString("latin1", from, close < 0 ? Math.min(xml.length, from + 200) : close);
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? (match[1] as string) : null;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The name each worksheet part has in the workbook ("xl/worksheets/sheet1.xml" → "Statement"). */
function sheetNames(bytes: Buffer, entries: ZipEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  const find = (name: string) => entries.find((entry) => entry.name.toLowerCase() === name);
  const book = find("xl/workbook.xml");
  const rels = find("xl/_rels/workbook.xml.rels");
  if (!book || !rels) return names;
  try {
    const targets = new Map<string, string>();
    const relsXml = entryBytes(bytes, rels, 4 * 1024 * 1024)?.toString("utf8") ?? "";
    for (const match of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
      const id = /\sId="([^"]*)"/.exec(match[0])?.[1];
      const target = /\sTarget="([^"]*)"/.exec(match[0])?.[1];
      if (!id || !target) continue;
      targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target}`);
    }
    const bookXml = entryBytes(bytes, book, 4 * 1024 * 1024)?.toString("utf8") ?? "";
    for (const match of bookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
      const name = /\sname="([^"]*)"/.exec(match[0])?.[1];
      const id = /\s(?:\w+:)?id="([^"]*)"/.exec(match[0])?.[1];
      const target = id ? targets.get(id) : undefined;
      if (name && target) names.set(target.toLowerCase(), unescapeXml(name));
    }
  } catch {
    // Names are for the message only: without them, the part's own name is given.
  }
  return names;
}

/**
 * What each worksheet of an .xlsx declares (its dimension, merged ranges and the farthest column
 * any cell names), found by scanning its XML for those tags, with no parse. A sheet that declares
 * nothing gives an empty entry; a file whose worksheets cannot be found gives none.
 */
export function declaredXlsxSheets(
  bytes: Buffer,
  unpackLimit: number,
): { name: string; range: CellRange | null; merges: CellRange[]; maxColumn: number }[] {
  const sheets = [];
  const entries = zipEntries(bytes);
  const names = sheetNames(bytes, entries);
  for (const entry of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) continue;
    const xml = entryBytes(bytes, entry, unpackLimit);
    if (!xml) continue;
    const dimensionAt = xml.indexOf(DIMENSION);
    const dimension = dimensionAt < 0 ? null : attribute(xml, dimensionAt, "ref");
    const merges: CellRange[] = [];
    for (let at = xml.indexOf(MERGE_CELL); at >= 0; at = xml.indexOf(MERGE_CELL, at + 1)) {
      const range = decodeRange(attribute(xml, at, "ref") ?? "");
      if (range) merges.push(range);
    }
    let maxColumn = -1;
    for (let at = xml.indexOf(CELL); at >= 0; at = xml.indexOf(CELL, at + 1)) {
      // Only the attribute's first letters matter: the column of "XFD1" is XFD.
      const quote = xml.indexOf('r="', at);
      if (quote < 0 || quote > at + 64) continue;
      let column = 0;
      let index = quote + 3;
      for (; index < quote + 7; index += 1) {
        const letter = xml[index] ?? 0;
        if (letter >= 65 && letter <= 90) column = column * 26 + (letter - 64);
        else if (letter >= 97 && letter <= 122) column = column * 26 + (letter - 96);
        else break;
      }
      if (column - 1 > maxColumn) maxColumn = column - 1;
    }
    sheets.push({
      name:
        names.get(entry.name.toLowerCase()) ??
        entry.name.replace(/^xl\/worksheets\//i, "").replace(/\.xml$/i, ""),
      range: dimension ? decodeRange(dimension) : null,
      merges,
      maxColumn,
    });
  }
  return sheets;
}
