// Bengali and Sinhala are shaped by HarfBuzz, not fontkit (decision 052): fontkit 2.0.4 picks
// other glyphs than HarfBuzz for Bengali's contextual forms (the e and i vowel signs after some
// consonants, ra below a conjunct, the ii sign after ṭa), misses a kerning of ha before the ri
// sign, and does not form Sinhala's repaya (ර්‍ම); indic-fonts.test.ts shows which words. pdfkit lays text out through one call, the fontkit
// font's layout(text), and draws whatever glyph ids and positions it returns; for a script shaped
// by HarfBuzz that call is replaced on the font's own object, so pdfmake's measuring, line
// breaking and drawing all use HarfBuzz's glyphs. HarfBuzz (harfbuzzjs, WebAssembly) is loaded
// only when a document has text in such a script (loadHarfBuzz), as the fonts are.

type HarfBuzz = typeof import("harfbuzzjs");

let harfBuzz: HarfBuzz | undefined;
let loading: Promise<HarfBuzz> | undefined;

/** Loads HarfBuzz once per thread (its module instantiates WebAssembly, so it is asynchronous). */
export async function loadHarfBuzz(): Promise<void> {
  loading ??= import("harfbuzzjs");
  harfBuzz = await loading;
}

export function harfBuzzLoaded(): boolean {
  return harfBuzz !== undefined;
}

/** The parts of a fontkit font that pdfkit and this module use. */
export interface FontkitFont {
  unitsPerEm: number;
  characterSet: number[];
  glyphForCodePoint(codePoint: number): { id: number };
  getGlyph(id: number, codePoints?: number[]): { id: number; advanceWidth: number };
  layout(text: string, features?: unknown): unknown;
}

/** A glyph's place as pdfkit reads it: fontkit's GlyphPosition, in font units. */
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

const shapedByHarfBuzz = new WeakSet<object>();

/**
 * Makes the fontkit font lay text out with HarfBuzz, from the same font bytes. Requires
 * loadHarfBuzz to have finished; done once per font object (font-cache.ts keeps one per file).
 */
export function layOutWithHarfBuzz(font: FontkitFont, bytes: Uint8Array): void {
  if (shapedByHarfBuzz.has(font)) return;
  const hb = harfBuzz;
  if (!hb) throw new Error("HarfBuzz is not loaded.");
  const face = new hb.Face(new hb.Blob(bytes));
  if (face.upem !== font.unitsPerEm) throw new Error("HarfBuzz reads another font.");
  const shaper = new hb.Font(face);
  const characterOf = nominalCharacters(font);
  // One buffer per font, emptied for each text: layout is synchronous, so no two calls overlap.
  const buffer = new hb.Buffer();
  font.layout = (text: string) => {
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(shaper, buffer);
    const infos = buffer.getGlyphInfos();
    const places = buffer.getGlyphPositions();
    const codePoints = describeCodePoints(
      text,
      infos.map((info) => ({ id: info.codepoint, cluster: info.cluster })),
      characterOf,
    );
    // Glyphs of this run's own, not fontkit's (it keeps one per id, with the code points of its
    // first use): pdfkit reads only the id, the advance and the code points.
    const glyphs = infos.map((info, index) => ({
      id: info.codepoint,
      advanceWidth: font.getGlyph(info.codepoint).advanceWidth,
      codePoints: codePoints[index] ?? [],
    }));
    const positions: Position[] = places.map((at) => ({
      xAdvance: at.xAdvance,
      yAdvance: at.yAdvance,
      xOffset: at.xOffset,
      yOffset: at.yOffset,
    }));
    // fontkit's GlyphRun: pdfkit scales the positions in place and then reads advanceWidth.
    return {
      glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((width, at) => width + at.xAdvance, 0);
      },
    };
  };
  shapedByHarfBuzz.add(font);
}

const ZERO_WIDTH_NON_JOINER = 0x200c;

/** The character each glyph of the font's character map stands for (the first, if several). */
function nominalCharacters(font: FontkitFont): Map<number, number> {
  const characterOf = new Map<number, number>();
  for (const codePoint of font.characterSet) {
    const id = font.glyphForCodePoint(codePoint).id;
    if (id !== 0 && !characterOf.has(id)) characterOf.set(id, codePoint);
  }
  return characterOf;
}

/**
 * The text each glyph stands for, which pdfkit writes into the PDF's ToUnicode map (one entry
 * per glyph id, from its first use) so text can be copied and searched. HarfBuzz gives a whole
 * syllable one cluster; within it a glyph of the character map stands for its own character when
 * that is in the cluster, and the characters no such glyph covers (a conjunct's letters and
 * virama, a split vowel sign, a letter drawn with another letter's glyph: ট before ী is ঢ's) go
 * to the cluster's first other glyph; any further one (a part of a vowel sign drawn in two
 * glyphs) stands for a zero-width non-joiner. As with fontkit, text comes out in visual order.
 */
export function describeCodePoints(
  text: string,
  glyphs: readonly { id: number; cluster: number }[],
  characterOf: ReadonlyMap<number, number>,
): number[][] {
  const starts = [...new Set(glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const result: number[][] = glyphs.map(() => []);
  for (const [order, start] of starts.entries()) {
    const end = starts[order + 1] ?? text.length;
    const members = glyphs.flatMap((glyph, index) => (glyph.cluster === start ? [index] : []));
    const left = [...text.slice(start, end)].map((character) => character.codePointAt(0) ?? 0);
    const others: number[] = [];
    for (const index of members) {
      const character = characterOf.get(glyphs[index]?.id ?? 0);
      const at = character === undefined ? -1 : left.indexOf(character);
      if (character !== undefined && at >= 0) {
        result[index] = [character];
        left.splice(at, 1);
      } else {
        others.push(index);
      }
    }
    const [first, ...rest] = others;
    if (first !== undefined) result[first] = left.length > 0 ? left : [ZERO_WIDTH_NON_JOINER];
    // A PDF reader turns an empty entry into some letter of its own guessing: an invisible one.
    for (const index of rest) result[index] = [ZERO_WIDTH_NON_JOINER];
  }
  return result;
}
