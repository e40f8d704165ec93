import "../../pdf-fonts/font-cache.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import pdfMake from "pdfmake";
import { type PrintText, toPrintableText } from "../../pdf-fonts/script-text.ts";

// Documents embed Roboto, which pdfmake ships as TrueType files: it carries the rupee sign and
// Latin text, and pdfkit embeds the subset a document uses, so the PDF is text (searchable,
// copyable) on any reader. Indian scripts print in their Noto Sans fonts (script-text.ts,
// decisions 051 and 052).
export const FONT = "Roboto";
const fontFolder = join(
  dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")),
  "fonts",
  "Roboto",
);
// Read once into pdfmake's in-memory file system, which hands pdfkit the same bytes every time,
// so font-cache.ts can reuse the parsed font.
const FONT_FILES = {
  normal: "Roboto-Regular.ttf",
  bold: "Roboto-Medium.ttf",
  italics: "Roboto-Italic.ttf",
  bolditalics: "Roboto-MediumItalic.ttf",
};
const virtualFiles = (
  pdfMake as unknown as {
    virtualfs: {
      writeFileSync(name: string, content: Buffer): void;
    };
  }
).virtualfs;
for (const file of Object.values(FONT_FILES)) {
  virtualFiles.writeFileSync(file, readFileSync(join(fontFolder, file)));
}
pdfMake.addFonts({ [FONT]: FONT_FILES });
// Documents fetch nothing: fonts are in memory and images come as data URLs.
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy(() => false);

export type DocumentDefinition = Parameters<typeof pdfMake.createPdf>[0];

/** A document's text as the PDF prints it: its scripts' fonts chosen (script-text.ts). */
export const t = (value: string | null | undefined): PrintText => toPrintableText(value ?? "");

export { pdfMake };
