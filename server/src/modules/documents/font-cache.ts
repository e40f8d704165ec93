import { createRequire } from "node:module";

// pdfkit parses its font file anew for every document (fontkit.create), about a third of the time
// a one-page invoice takes. Fonts never change while the process runs, so the parsed font is kept
// per font file: pdfkit gets the same bytes each time (print-pdf.ts reads them once) and here the
// same fontkit font for them. Each document still embeds its own subset (createSubset per
// document). This must be evaluated before pdfkit is first loaded: print-pdf.ts imports it first.

const require = createRequire(import.meta.url);
const fontkitPath = require.resolve("fontkit", { paths: [require.resolve("pdfkit")] });
const fontkit = require(fontkitPath) as Record<string, unknown> & {
  create: (bytes: Uint8Array, postscriptName?: string) => unknown;
};
const opened = new WeakMap<Uint8Array, unknown>();
const create = fontkit.create;

function createOnce(bytes: Uint8Array, postscriptName?: string): unknown {
  if (postscriptName !== undefined && postscriptName !== null) return create(bytes, postscriptName);
  let font = opened.get(bytes);
  if (font === undefined) {
    font = create(bytes);
    opened.set(bytes, font);
  }
  return font;
}

/**
 * The parsed font pdfkit will use for these bytes: print-pdf.ts shapes a word with it before
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
