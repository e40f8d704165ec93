import { createRequire } from "node:module";

// pdfkit parses its font file anew for every document (fontkit.create), about a third of the time
// a one-page invoice takes. Fonts never change while the process runs, so the parsed font is kept
// per font file: pdfkit gets the same bytes each time (pdf-make.ts and script-text.ts put them
// in pdfmake's in-memory files once) and here the same fontkit font for them. Each document
// still embeds its own subset (createSubset per document). This must be evaluated before pdfkit
// is first loaded: every module that loads pdfmake imports it first (modules/documents/pdf-make,
// modules/exports/table-pdf, script-text).

const require = createRequire(import.meta.url);
const fontkitPath = require.resolve("fontkit", { paths: [require.resolve("pdfkit")] });
const fontkit = require(fontkitPath) as Record<string, unknown> & {
  create: (bytes: Uint8Array, postscriptName?: string) => unknown;
};
const opened = new WeakMap<Uint8Array, unknown>();
const create = fontkit.create;

function createOnce(bytes: Uint8Array, postscriptName?: string): unknown {
  if (postscriptName !== undefined && postscriptName !== null) {
    return skipEmptyAnchors(create(bytes, postscriptName));
  }
  let font = opened.get(bytes);
  if (font === undefined) {
    font = skipEmptyAnchors(create(bytes));
    opened.set(bytes, font);
  }
  return font;
}

interface GposProcessor {
  getAnchor(this: GposProcessor, anchor: unknown): unknown;
  applyLookup(this: GposProcessor, lookupType: number, table: unknown): boolean;
}

const NO_ANCHOR = Symbol("no anchor");
let anchorsPatched = false;

/**
 * A mark-to-base, mark-to-ligature or mark-to-mark lookup may leave a pair without an anchor (a
 * null offset, which OpenType allows; Noto Sans Gurmukhi and Malayalam have such pairs). HarfBuzz
 * then does not apply that subtable; fontkit 2.0 throws a TypeError and the word cannot be laid out
 * at all. Its GPOS processor class is not exported, so it is reached through the first font with a
 * GPOS table and patched once (the class is shared) to do as HarfBuzz does. indic-fonts.test.ts
 * compares the result with HarfBuzz; were the patch to stop applying, script-text.ts would mark such
 * words instead of printing them, and that test would fail.
 */
function skipEmptyAnchors(font: unknown): unknown {
  if (anchorsPatched) return font;
  const laidOut = font as {
    GPOS?: unknown;
    layout?: (text: string) => unknown;
    _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor } };
  };
  if (!laidOut.GPOS || typeof laidOut.layout !== "function") return font;
  laidOut.layout(" ");
  const processor = laidOut._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return font;
  const prototype = Object.getPrototypeOf(processor) as GposProcessor;
  const { getAnchor, applyLookup } = prototype;
  if (typeof getAnchor !== "function" || typeof applyLookup !== "function") return font;
  prototype.getAnchor = function (anchor) {
    if (anchor === null || anchor === undefined) throw NO_ANCHOR;
    return getAnchor.call(this, anchor);
  };
  prototype.applyLookup = function (lookupType, table) {
    try {
      return applyLookup.call(this, lookupType, table);
    } catch (error) {
      // Thrown before the lookup moved any glyph: the subtable does not apply.
      if (error === NO_ANCHOR) return false;
      throw error;
    }
  };
  anchorsPatched = true;
  return font;
}

/**
 * The parsed font pdfkit will use for these bytes: script-text.ts shapes a word with it before
 * printing it in an Indian script (decision 051), and pdfkit then finds it already parsed.
 */
export function openFont(bytes: Uint8Array): unknown {
  return createOnce(bytes);
}

const cached = require.cache[fontkitPath];
if (cached) {
  // fontkit's exports are getters that cannot be replaced; pdfkit gets a copy with ours.
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(fontkit)) copy[key] = fontkit[key];
  copy.create = createOnce;
  cached.exports = copy;
}
