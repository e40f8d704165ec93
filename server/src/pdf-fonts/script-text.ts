import "./font-cache.ts";
import pdfMake from "pdfmake";
import { harfBuzzLoaded, loadHarfBuzz } from "./harfbuzz-layout.ts";
import {
  fontFamilyOf,
  INDIC_SCRIPTS,
  type IndicScript,
  loadIndicFont,
  openIndicFont,
  scriptOf,
  WEIGHTS,
} from "./indic-fonts.ts";

// Text in Indian scripts for every PDF made with pdfmake: printed documents
// (documents/pdf-make.ts) and list downloads (exports/table-pdf.ts). Each run of one script gets its Noto Sans family; the
// Latin around it stays in the caller's font (decisions 051, 052).

/** pdfmake is one instance per thread: it reads the Noto files from its in-memory files. */
const virtualFiles = (
  pdfMake as unknown as {
    virtualfs: {
      writeFileSync(name: string, content: Buffer): void;
      existsSync(name: string): boolean;
    };
  }
).virtualfs;

const indicFileName = (script: IndicScript, weight: number) =>
  `${fontFamilyOf(script)}-${weight}.ttf`;

// Every printed script's family is known to pdfmake from the start, but its font files are read
// only when a document first has text in that script (loadScript): a Latin document reads none.
pdfMake.addFonts(
  Object.fromEntries(
    INDIC_SCRIPTS.map((script) => {
      const normal = indicFileName(script, WEIGHTS.normal);
      const bold = indicFileName(script, WEIGHTS.bold);
      // Noto has no italic for these scripts: italic text prints upright.
      return [fontFamilyOf(script), { normal, bold, italics: normal, bolditalics: bold }];
    }),
  ),
);

const HARFBUZZ_SCRIPTS = INDIC_SCRIPTS.filter((script) => script.shaper === "harfbuzz");

function usesHarfBuzz(text: string): boolean {
  for (const character of text) {
    const script = scriptOf(character.codePointAt(0) ?? 0);
    if (script && HARFBUZZ_SCRIPTS.includes(script)) return true;
  }
  return false;
}

/**
 * Readies what the strings anywhere in this value (a document model, a list) need before pdfmake
 * lays it out, which is synchronous: HarfBuzz, when a script it shapes occurs (loaded once per
 * thread; a document without one never loads it).
 */
export async function prepareScripts(value: unknown): Promise<void> {
  if (harfBuzzLoaded() || HARFBUZZ_SCRIPTS.length === 0) return;
  if (anyString(value, usesHarfBuzz)) await loadHarfBuzz();
}

function anyString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === "string") return INDIAN_SCRIPTS.test(value) && test(value);
  if (Array.isArray(value)) return value.some((item) => anyString(item, test));
  if (value !== null && typeof value === "object") {
    return Object.values(value).some((item) => anyString(item, test));
  }
  return false;
}

/** The fonts of a printed script, both weights, read into pdfmake's files on first use. */
function loadScript(script: IndicScript): ShapedFont[] {
  return Object.values(WEIGHTS).map((weight) => {
    const name = indicFileName(script, weight);
    if (!virtualFiles.existsSync(name)) {
      virtualFiles.writeFileSync(name, loadIndicFont(script, weight));
    }
    return openIndicFont(script, weight) as unknown as ShapedFont;
  });
}

interface ShapedFont {
  layout(text: string): { glyphs: { id: number }[] };
}

/**
 * Whether both weights of the script's font shape every word of the text into real glyphs: a
 * letter the font lacks (glyph 0) or a word fontkit cannot lay out (it throws on some fonts'
 * mark anchors) is left out and marked rather than drawn as a box or stopping the document. A
 * script HarfBuzz shapes is marked, not cached, when prepareScripts was not awaited.
 */
function shapesCleanly(script: IndicScript, text: string): boolean {
  if (script.shaper === "harfbuzz" && !harfBuzzLoaded()) return false;
  const key = `${script.name}:${text}`;
  let clean = shapedBefore.get(key);
  if (clean === undefined) {
    try {
      clean = shapesEveryWord(loadScript(script), text);
    } catch {
      clean = false;
    }
    // Names and items recur from document to document: their verdict is kept, within a bound.
    if (shapedBefore.size >= 5000) shapedBefore.clear();
    shapedBefore.set(key, clean);
  }
  return clean;
}

const shapedBefore = new Map<string, boolean>();

function shapesEveryWord(fonts: ShapedFont[], text: string): boolean {
  const words = text.split(/\s+/).filter((word) => word !== "");
  return fonts.every((font) =>
    words.every((word) => font.layout(word).glyphs.every((glyph) => glyph.id !== 0)),
  );
}

const INDIAN_SCRIPTS = /[\u0900-\u0DFF]/u;
const UNPRINTED_MARK = "[Indian script not printed]";

/** Text for pdfmake: a plain string, or runs each naming the font of its script. */
export type Inline = string | { text: string; font?: string; bold?: boolean; italics?: boolean };
export type PrintText = string | Inline[];

/** Pieces of text as one pdfmake text: flat (pdfmake drops the style of nested runs). */
export function joinText(...pieces: (PrintText | Inline)[]): PrintText {
  const flat: Inline[] = [];
  for (const piece of pieces) {
    if (Array.isArray(piece)) flat.push(...piece);
    else flat.push(piece);
  }
  return flat.every((piece) => typeof piece === "string") ? flat.join("") : flat;
}

interface Segment {
  script: IndicScript | null;
  text: string;
}

/** Splits text into runs of one Indian script and runs of anything else. */
function segment(value: string): Segment[] {
  const segments: Segment[] = [];
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    const last = segments.at(-1);
    let script = scriptOf(code) ?? null;
    // Joiners (ZWNJ, ZWJ) and the dandas, shared by the north Indian scripts, belong to the run
    // they stand in; a space between two words of one script stays in its run.
    const shared = code === 0x200c || code === 0x200d || code === 0x0964 || code === 0x0965;
    if (shared && last?.script) script = last.script;
    if (code === 0x200c || code === 0x200d) {
      if (!last?.script) continue;
    }
    if (last && last.script === script) last.text += character;
    else segments.push({ script, text: character });
  }
  for (let index = 1; index + 1 < segments.length; index++) {
    const [before, middle, after] = [segments[index - 1], segments[index], segments[index + 1]];
    if (
      before?.script &&
      middle &&
      !middle.script &&
      /^ +$/.test(middle.text) &&
      after?.script === before.script
    ) {
      before.text += middle.text + after.text;
      segments.splice(index, 2);
      index--;
    }
  }
  return segments;
}

/**
 * Text as printed: Latin in the caller's font; each run of an Indian script in its Noto Sans
 * font, shaped by fontkit or, for Bengali and Sinhala, HarfBuzz (decisions 051, 052). A word that
 * does not shape cleanly (a letter the font lacks) is left out and the text marked, rather than
 * printed as broken glyphs.
 */
export function toPrintableText(value: string): PrintText {
  if (!INDIAN_SCRIPTS.test(value)) return value;
  const runs: Inline[] = [];
  let omitted = false;
  for (const piece of segment(value)) {
    if (!piece.script) {
      runs.push(piece.text);
    } else if (shapesCleanly(piece.script, piece.text)) {
      runs.push({ text: piece.text, font: fontFamilyOf(piece.script) });
    } else {
      omitted = true;
      runs.push(" ");
    }
  }
  if (!omitted) return joinText(...runs);
  // What is left, adjacent Latin merged, its spaces folded and the ends trimmed, then the mark.
  const kept: Inline[] = [];
  for (const run of runs) {
    const last = kept.at(-1);
    if (typeof run === "string" && typeof last === "string") kept[kept.length - 1] = last + run;
    else kept.push(run);
  }
  const folded = kept.map((run) => (typeof run === "string" ? run.replace(/\s+/g, " ") : run));
  if (typeof folded[0] === "string") folded[0] = folded[0].trimStart();
  const end = folded.length - 1;
  if (typeof folded[end] === "string") folded[end] = folded[end].trimEnd();
  const left = folded.filter((run) => run !== "");
  if (left.length === 0) return "[name in an Indian script]";
  return joinText(...left, ` ${UNPRINTED_MARK}`);
}
