import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { extractText, getDocumentProxy } from "unpdf";

// Reading produced PDFs back in tests: their text with pdf.js (unpdf), their structure with
// qpdf --check, and their QR codes from pages drawn by poppler's pdftoppm and read by jsQR.
// qpdf and poppler-utils come from Debian's packages (.ci/run installs them).

const run = promisify(execFile);

type DecodeQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is CommonJS whose types declare an ES default export; take the function either way.
const decodeQr = ((jsQR as unknown as { default?: DecodeQr }).default ??
  (jsQR as unknown as DecodeQr)) as DecodeQr;

/** The text of each page, whitespace runs folded to one space. */
export async function extractPdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return (text as string[]).map((page) => page.replace(/\s+/g, " ").trim());
}

export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  return (await extractPdfPages(bytes)).join("\n");
}

async function withTempFile<T>(
  bytes: Uint8Array,
  work: (file: string, folder: string) => Promise<T>,
) {
  const folder = await mkdtemp(path.join(tmpdir(), "bahi-pdf-"));
  try {
    const file = path.join(folder, "document.pdf");
    await writeFile(file, bytes);
    return await work(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** qpdf --check's verdict: throws with qpdf's output when the file has errors. */
export async function checkPdfStructure(bytes: Uint8Array): Promise<string> {
  return withTempFile(bytes, async (file) => {
    const { stdout } = await run("qpdf", ["--check", file]);
    return stdout;
  });
}

/** The names of the fonts a PDF embeds (pdffonts' emb column says yes). */
export async function listEmbeddedFonts(
  bytes: Uint8Array,
): Promise<{ name: string; embedded: boolean }[]> {
  return withTempFile(bytes, async (file) => {
    const { stdout } = await run("pdffonts", [file]);
    return stdout
      .split("\n")
      .slice(2)
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        // name type [encoding…] emb sub uni object ID: emb is the fifth column from the end.
        return { name: columns[0] ?? "", embedded: columns.at(-5) === "yes" };
      });
  });
}

/** Every QR code found on the PDF's pages (drawn at 150 dpi), as decoded text. */
export async function decodePdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  return withTempFile(bytes, async (file, folder) => {
    await run("pdftoppm", ["-r", "150", "-png", file, path.join(folder, "page")]);
    const pages = (await readdir(folder)).filter((name) => name.endsWith(".png")).sort();
    const found: string[] = [];
    for (const page of pages) {
      const png = PNG.sync.read(await readFile(path.join(folder, page)));
      const code = decodeQr(new Uint8ClampedArray(png.data), png.width, png.height);
      if (code) found.push(code.data);
    }
    return found;
  });
}

/** Each page's width and height in points. */
export async function readPageSizes(
  bytes: Uint8Array,
): Promise<{ width: number; height: number }[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const sizes: { width: number; height: number }[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const viewport = (await pdf.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width: Math.round(viewport.width), height: Math.round(viewport.height) });
  }
  return sizes;
}

/** The first page drawn at 50 dpi, as PNG bytes: to tell two layouts of one text apart. */
export async function drawFirstPage(bytes: Uint8Array): Promise<Buffer> {
  return withTempFile(bytes, async (file, folder) => {
    await run("pdftoppm", [
      "-r",
      "50",
      "-png",
      "-singlefile",
      "-f",
      "1",
      "-l",
      "1",
      file,
      path.join(folder, "first"),
    ]);
    return readFile(path.join(folder, "first.png"));
  });
}
