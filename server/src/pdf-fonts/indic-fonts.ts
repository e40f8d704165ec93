import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateSync } from "node:zlib";
import { openFont } from "./font-cache.ts";
import { type FontkitFont, layOutWithHarfBuzz } from "./harfbuzz-layout.ts";

// Indian scripts in printed documents and list downloads (decisions 051, 052). Roboto and
// Helvetica have none of their letters; the Noto Sans font of each script (Google's, OFL,
// packaged by Fontsource) has them, and pdfkit draws what fontkit's OpenType shapers make of a
// word (conjuncts, reordered vowel signs, reph, marks). Where fontkit's shaping of real words
// agrees with HarfBuzz's (the same glyphs, placed within a fiftieth of an em: indic-fonts.test.ts)
// fontkit shapes the script; where it does not (Bengali, Sinhala), HarfBuzz does
// (harfbuzz-layout.ts).

export interface IndicScript {
  /** Its Unicode block's name, as Fontsource names the font file's subset. */
  name: string;
  /** The Unicode block. */
  from: number;
  to: number;
  /** The Fontsource package that ships its Noto Sans font. */
  fontPackage: string;
  /**
   * Who shapes it: fontkit (pdfkit's own) where its shaping of real words agrees with
   * HarfBuzz's (the test says), HarfBuzz itself where it does not (Bengali, Sinhala: decision
   * 052).
   */
  shaper: "fontkit" | "harfbuzz";
}

export const INDIC_SCRIPTS: readonly IndicScript[] = (
  [
    { name: "devanagari", from: 0x0900, to: 0x097f, shaper: "fontkit" },
    { name: "bengali", from: 0x0980, to: 0x09ff, shaper: "harfbuzz" },
    { name: "gurmukhi", from: 0x0a00, to: 0x0a7f, shaper: "fontkit" },
    { name: "gujarati", from: 0x0a80, to: 0x0aff, shaper: "fontkit" },
    { name: "oriya", from: 0x0b00, to: 0x0b7f, shaper: "fontkit" },
    { name: "tamil", from: 0x0b80, to: 0x0bff, shaper: "fontkit" },
    { name: "telugu", from: 0x0c00, to: 0x0c7f, shaper: "fontkit" },
    { name: "kannada", from: 0x0c80, to: 0x0cff, shaper: "fontkit" },
    { name: "malayalam", from: 0x0d00, to: 0x0d7f, shaper: "fontkit" },
    { name: "sinhala", from: 0x0d80, to: 0x0dff, shaper: "harfbuzz" },
  ] as const
).map((script) => ({
  ...script,
  fontPackage: `@fontsource/noto-sans-${script.name}`,
}));

/** The pdfmake font family of a script: "NotoSansDevanagari". */
export function fontFamilyOf(script: IndicScript): string {
  return `NotoSans${script.name[0]?.toUpperCase()}${script.name.slice(1)}`;
}

/** The weights drawn: Roboto's bold in these documents is its Medium (500), so Noto's too. */
export const WEIGHTS = { normal: 400, bold: 500 } as const;

/** The script whose block holds this code point, if any. */
export function scriptOf(codePoint: number): IndicScript | undefined {
  if (codePoint < 0x0900 || codePoint > 0x0dff) return undefined;
  return INDIC_SCRIPTS.find((script) => codePoint >= script.from && codePoint <= script.to);
}

const require = createRequire(import.meta.url);

/** The path of a script's WOFF file in its Fontsource package. */
export function fontFilePath(script: IndicScript, weight: number): string {
  const folder = dirname(require.resolve(`${script.fontPackage}/package.json`));
  return join(folder, "files", `noto-sans-${script.name}-${script.name}-${weight}-normal.woff`);
}

/**
 * The TrueType font inside a WOFF 1.0 file (W3C WOFF 1.0 §4–5: the same tables, each compressed
 * with zlib when that made it smaller). Fontsource ships WOFF and WOFF2; WOFF unpacks with zlib
 * alone, and the plain font is what both fontkit (pdfkit) and HarfBuzz (the test) read.
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.byteLength < 44 || view.getUint32(0) !== 0x774f4646) {
    throw new Error("Not a WOFF 1.0 font.");
  }
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let index = 0; index < count; index++) {
    const entry = 44 + index * 20;
    const offset = view.getUint32(entry + 4);
    const compressed = view.getUint32(entry + 8);
    const original = view.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < original ? inflateSync(stored) : stored;
    if (data.byteLength !== original) throw new Error("A WOFF table has the wrong length.");
    tables.push({ tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data });
  }
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * count;
  const sfnt = Buffer.alloc(
    tables.reduce((total, table) => total + padded(table.data.byteLength), headerLength),
  );
  const power = 2 ** Math.floor(Math.log2(Math.max(1, count)));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(count * 16 - power * 16, 10);
  let at = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(at, record + 8);
    sfnt.writeUInt32BE(table.data.byteLength, record + 12);
    sfnt.set(table.data, at);
    at += padded(table.data.byteLength);
  });
  return sfnt;
}

/** A script's font at one weight, read and unpacked on first use and kept (per thread). */
const loaded = new Map<string, Buffer>();

export function loadIndicFont(script: IndicScript, weight: number): Buffer {
  const key = `${script.name}-${weight}`;
  let font = loaded.get(key);
  if (!font) {
    font = woffToSfnt(readFileSync(fontFilePath(script, weight)));
    loaded.set(key, font);
  }
  return font;
}

/**
 * A script's font at one weight as pdfkit will use it (font-cache.ts parses each file once), laid
 * out by HarfBuzz where the script needs it: then loadHarfBuzz must have finished.
 */
export function openIndicFont(script: IndicScript, weight: number): FontkitFont {
  const bytes = loadIndicFont(script, weight);
  const font = openFont(bytes) as FontkitFont;
  if (script.shaper === "harfbuzz") layOutWithHarfBuzz(font, bytes);
  return font;
}
