import { getHeapStatistics } from "node:v8";
import { SaxesParser } from "saxes";
import { readWhileWritten } from "./file-being-written.ts";
import type { Node } from "./tally-import.service.ts";

// A Tally export read as a stream (issue 36): the file's bytes decoded as they are read (UTF-16
// by its byte-order mark, or by NULs between the characters of a mark-less one, else UTF-8), the
// control characters XML 1.0 forbids removed (literal, or as `&#4;` references), and the text fed
// to saxes, a streaming parser that never expands an entity a file declares: a DOCTYPE is
// refused outright. Only the elements asked for are built, one at a time, in the shape
// fast-xml-parser gave them before (attributes as `@_NAME`, text as a string or `#text`, a
// repeated child as an array), so tally-import.service.ts and tally-vouchers.service.ts read them
// as they always did. Nothing of the whole file is held.

export type TallyStreamError = "doctype" | "notTally" | "tooBig";

export class TallyStreamProblem extends Error {
  readonly kind: TallyStreamError;
  constructor(kind: TallyStreamError) {
    super(kind);
    this.kind = kind;
  }
}

type Encoding = "utf-16le" | "utf-16be" | "utf-8";

/** The encoding of a Tally export by its first bytes, and how many of them are a byte-order mark. */
export function sniffEncoding(head: Uint8Array): { encoding: Encoding; skip: number } {
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", skip: 2 };
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: "utf-8", skip: 3 };
  if (head.length > 1 && head[0] !== 0 && head[1] === 0) return { encoding: "utf-16le", skip: 0 };
  if (head.length > 1 && head[0] === 0 && head[1] !== 0) return { encoding: "utf-16be", skip: 0 };
  return { encoding: "utf-8", skip: 0 };
}

const CHARACTER_REFERENCE = /&#(x[0-9a-f]+|\d+);/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function clean(text: string): string {
  return text
    .replace(CHARACTER_REFERENCE, (reference, code: string) => {
      const point =
        code[0] === "x" || code[0] === "X" ? Number.parseInt(code.slice(1), 16) : Number(code);
      return point < 32 && point !== 9 && point !== 10 && point !== 13 ? "" : reference;
    })
    .replace(CONTROL, "");
}

interface Frame {
  name: string;
  node: Node;
  text: string;
  children: boolean;
  attributes: boolean;
}

export interface TallyStreamOptions {
  /** The elements to build, wherever they sit (not looking inside them). */
  collect: ReadonlySet<string>;
  /** Each built element; a promise returned pauses the reading until it settles. */
  onNode: (tag: string, node: Node) => void | Promise<void>;
  /** Elements of these tags are counted, not built. */
  count?: ReadonlySet<string>;
  /**
   * Inside a collected element, only children of these names are built; the others (and all
   * within them) are read past. Everything is built when absent.
   */
  keep?: ReadonlySet<string>;
  /**
   * Once an element of this tag opens outside any collected one, the rest of the file is skimmed
   * rather than parsed: the `count` tags counted and the `collect` tags looked for by a search
   * of the text. Masters come before the vouchers in Tally's exports, so the masters pass reads
   * the vouchers no further than that; `skimFound` says a collected tag came after all (the
   * caller then reads the file through).
   */
  skimFrom?: string;
  /**
   * The most heap the reading may use (bytes, V8's used heap of this thread), looked at after each
   * chunk: past it the reading stops with TallyStreamProblem("tooBig"). A worker's own heap
   * ceiling does not hold under the server's process-wide one (decision 430).
   */
  heapLimitBytes?: number;
}

export interface TallyStreamResult {
  /** How many elements of each counted tag it saw. */
  counts: Map<string, number>;
  /** A collected tag was found in the skimmed part (`skimFrom`): not built. */
  skimFound: boolean;
}

/**
 * Bytes read at a time. The text of a chunk is decoded, cut and fed to saxes as strings about the
 * chunk's size; at 256 KB those were V8 "large objects" (over 128 KB), which only a full
 * collection frees, and the parsing thread ran some 150 of them on a 10,000-voucher day book.
 * At 64 KB (32,768 characters of UTF-16) they die young (decision 430).
 */
export const TALLY_READ_CHUNK_BYTES = 64 * 1024;

interface ChunkDecoder {
  /** The text of `bytes`; with `stream`, what ends mid-character waits for the next chunk. */
  decode(bytes?: Uint8Array, options?: { stream: boolean }): string;
}

/**
 * UTF-16LE (Tally's usual export) copied as V8 copies it (Buffer's "utf16le"), a byte cut by a
 * chunk's end carried to the next: TextDecoder's checks took half as long again, on each of the
 * two passes over a 470 MB day book (decision 430). A lone surrogate stays as it is; the text is
 * only ever encoded again through Buffer or the database drivers, which replace it.
 */
class Utf16LeChunks implements ChunkDecoder {
  #odd: number | null = null;

  decode(bytes: Uint8Array = new Uint8Array(0), options?: { stream: boolean }): string {
    let text = "";
    let from = 0;
    if (this.#odd !== null && bytes.length > 0) {
      text = String.fromCharCode(this.#odd | ((bytes[0] as number) << 8));
      this.#odd = null;
      from = 1;
    }
    const whole = from + ((bytes.length - from) & ~1);
    text += Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
      "utf16le",
      from,
      whole,
    );
    if (whole < bytes.length) this.#odd = bytes[whole] as number;
    if (!options?.stream && this.#odd !== null) {
      this.#odd = null;
      text += "\ufffd";
    }
    return text;
  }
}

function chunkDecoder(encoding: Encoding): ChunkDecoder {
  return encoding === "utf-16le" ? new Utf16LeChunks() : new TextDecoder(encoding);
}

/** A complete file by its path, or the chunks of one (each valid until the next is asked for). */
export type TallyByteSource = string | AsyncIterable<Uint8Array>;

const escapeName = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a leaf not built becomes: an element saxes reads past, so its parent still has children. */
const PASSED_OVER = "<_/>";

/**
 * With `keep`, the leaves of no interest (most of a real voucher's 20–25 KB: GST flags, audit and
 * empty lists, UDFs) are cut from the text before saxes reads it, by one regular expression over
 * the chunk, rather than read a character at a time and then thrown away (issue 36: a third of
 * the time). A leaf is an element with only text inside, or self-closing; one whose name is kept,
 * collected, counted or skimmed from stays, as does one whose attributes hold `/` or `>` and one
 * cut by the chunk's end (saxes reads those). Text inside CDATA could look like elements, so
 * once a file has CDATA the rest of it is not cut.
 */
function leafCutter(options: TallyStreamOptions): ((text: string) => string) | null {
  if (!options.keep) return null;
  const stays = [
    ...options.keep,
    ...options.collect,
    ...(options.count ?? []),
    ...(options.skimFrom ? [options.skimFrom] : []),
  ];
  const name = "[A-Za-z_][\\w.:-]*";
  const leaf = new RegExp(
    `<(?!(?:${stays.map(escapeName).join("|")})[\\s/>])(${name})(?:\\s[^<>/]*)?(?:>[^<]*<\\/\\1\\s*>|\\/>)`,
    "g",
  );
  let cdata = false;
  return (text) => {
    if (cdata || text.includes("<![CDATA[")) {
      cdata = true;
      return text;
    }
    return text.replace(leaf, PASSED_OVER);
  };
}

/** `<NAME` followed by what ends a tag name, for each of the names. */
function tagPattern(names: Iterable<string>): RegExp {
  return new RegExp(`<(${[...names].map(escapeName).join("|")})[\\s/>]`, "g");
}

/** The end of `text` from its last `<` when that tag is not closed in it, else nothing. */
function unfinishedTag(text: string): string {
  const open = text.lastIndexOf("<");
  return open >= 0 && !text.includes(">", open) ? text.slice(open) : "";
}

/**
 * Streams the file at `source` through saxes, calling `onNode` with each collected element.
 * Throws TallyStreamProblem("doctype") for a DOCTYPE, ("notTally") when the root is not
 * ENVELOPE, and ("tooBig") past `heapLimitBytes`.
 */
export async function streamTallyXml(
  source: TallyByteSource,
  options: TallyStreamOptions,
): Promise<TallyStreamResult> {
  const counts = new Map<string, number>();
  const keep = options.keep;
  /** Depth within an element that is not built (`keep`). */
  let skipping = 0;
  let skimming = false;
  let skimFound = false;
  const parser = new SaxesParser({ position: false });
  const stack: Frame[] = [];
  const ready: [string, Node][] = [];
  let rootChecked = false;
  let problem: TallyStreamProblem | null = null;

  parser.on("doctype", () => {
    problem ??= new TallyStreamProblem("doctype");
  });
  // Like fast-xml-parser before, a slip in the file's XML (an undeclared entity, say) is passed
  // over rather than refusing the whole export.
  parser.on("error", () => undefined);
  parser.on("opentag", (tag) => {
    if (!rootChecked) {
      rootChecked = true;
      if (tag.name !== "ENVELOPE") problem ??= new TallyStreamProblem("notTally");
    }
    if (skipping > 0) {
      skipping += 1;
      return;
    }
    if (stack.length === 0) {
      if (options.count?.has(tag.name)) counts.set(tag.name, (counts.get(tag.name) ?? 0) + 1);
      if (tag.name === options.skimFrom) skimming = true;
      if (!options.collect.has(tag.name)) return;
    } else if (keep && !keep.has(tag.name)) {
      (stack.at(-1) as Frame).children = true;
      skipping = 1;
      return;
    }
    const node: Node = {};
    let attributes = false;
    for (const [name, value] of Object.entries(tag.attributes)) {
      node[`@_${name}`] = value as string;
      attributes = true;
    }
    const parent = stack.at(-1);
    if (parent) parent.children = true;
    stack.push({ name: tag.name, node, text: "", children: false, attributes });
  });
  parser.on("text", (text) => {
    if (skipping > 0) return;
    const frame = stack.at(-1);
    if (frame) frame.text += text;
  });
  parser.on("cdata", (text) => {
    if (skipping > 0) return;
    const frame = stack.at(-1);
    if (frame) frame.text += text;
  });
  parser.on("closetag", () => {
    if (skipping > 0) {
      skipping -= 1;
      return;
    }
    const frame = stack.pop();
    if (!frame) return;
    const text = frame.text.trim();
    let value: unknown;
    if (!frame.children && !frame.attributes) value = text;
    else {
      if (text !== "") frame.node["#text"] = text;
      value = frame.node;
    }
    const parent = stack.at(-1);
    if (!parent) {
      ready.push([frame.name, value as Node]);
      return;
    }
    const existing = parent.node[frame.name];
    if (existing === undefined) parent.node[frame.name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else parent.node[frame.name] = [existing, value];
  });

  let decoder: ChunkDecoder | null = null;
  let carry = "";
  const cutLeaves = leafCutter(options);
  const feed = async (text: string, last: boolean) => {
    let piece = carry + text;
    carry = "";
    if (!last) {
      // A character reference cut by the chunk's end waits for the rest of it.
      const amp = piece.lastIndexOf("&");
      if (amp >= 0 && piece.length - amp < 12 && !piece.includes(";", amp)) {
        carry = piece.slice(amp);
        piece = piece.slice(0, amp);
      }
    }
    if (piece !== "") parser.write(clean(cutLeaves ? cutLeaves(piece) : piece));
    if (options.heapLimitBytes && getHeapStatistics().used_heap_size > options.heapLimitBytes)
      problem ??= new TallyStreamProblem("tooBig");
    if (problem) throw problem;
    while (ready.length > 0) {
      const [tag, node] = ready.shift() as [string, Node];
      const pending = options.onNode(tag, node);
      if (pending) await pending;
    }
  };
  // The skim: counted tags counted and collected ones looked for in the text as it comes, a
  // tag cut by a chunk's end carried to the next.
  const counted = options.count ? tagPattern(options.count) : null;
  const collected = tagPattern(options.collect);
  let skimCarry = "";
  const skim = (text: string) => {
    const piece = skimCarry + text;
    const lastOpen = piece.lastIndexOf("<");
    const cut = lastOpen >= 0 && piece.length - lastOpen < 64 ? lastOpen : piece.length;
    skimCarry = piece.slice(cut);
    const whole = piece.slice(0, cut);
    collected.lastIndex = 0;
    if (collected.test(whole)) skimFound = true;
    if (!counted) return;
    counted.lastIndex = 0;
    for (let match = counted.exec(whole); match; match = counted.exec(whole)) {
      const name = match[1] as string;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  };
  const chunks =
    typeof source === "string"
      ? readWhileWritten(source, () => "complete", TALLY_READ_CHUNK_BYTES)
      : source;
  /** The file's first bytes, until there are enough to tell its encoding by. */
  let head: Uint8Array = new Uint8Array(0);
  const take = async (chunk: Uint8Array) => {
    let bytes = chunk;
    if (!decoder) {
      const { encoding, skip } = sniffEncoding(bytes);
      decoder = chunkDecoder(encoding);
      bytes = bytes.subarray(skip);
    }
    const text = decoder.decode(bytes, { stream: true });
    if (skimming) skim(text);
    else {
      await feed(text, false);
      // A tag cut by the end of the chunk the skim starts after was not seen by the parser.
      if (skimming) skimCarry = unfinishedTag(text);
    }
  };
  for await (const chunk of chunks) {
    if (!decoder && head.length + chunk.length < 4) {
      // A file being written can give its first bytes a few at a time.
      head = Buffer.concat([head, chunk]);
      continue;
    }
    await take(head.length > 0 ? Buffer.concat([head, chunk]) : chunk);
    head = new Uint8Array(0);
    if (skimFound) break;
  }
  if (head.length > 0) await take(head);
  const rest = (decoder as ChunkDecoder | null)?.decode() ?? "";
  if (skimming) {
    if (!skimFound) skim(`${rest}<`);
  } else {
    await feed(rest, true);
    parser.close();
  }
  if (problem) throw problem;
  if (!rootChecked) throw new TallyStreamProblem("notTally");
  return { counts, skimFound };
}
