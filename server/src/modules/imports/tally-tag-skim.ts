// The rest of a Tally export after its masters, skimmed as bytes (decision 430): the masters pass
// only needs how many vouchers follow and whether a master comes after them, and a 10,000-voucher
// day book is 470 MB of UTF-16 that it used to decode to text only to search. Each tag's bytes are
// looked for in the file's own encoding with Buffer.indexOf (native), chunk by chunk, with the
// end of one chunk carried into the next so that a tag cut in two is still seen.

export type SkimEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** How `text` (ASCII) is written in the file's encoding. */
function encode(text: string, encoding: SkimEncoding): Buffer {
  if (encoding === "utf-8") return Buffer.from(text, "latin1");
  const bytes = Buffer.from(text, "utf16le");
  return encoding === "utf-16be" ? bytes.swap16() : bytes;
}

interface Pattern {
  name: string;
  /** `<NAME` in the file's encoding. */
  bytes: Buffer;
  counted: boolean;
}

export class TallyTagSkim {
  /** How many of each counted tag were seen. */
  readonly counts = new Map<string, number>();
  /** A tag of the looked-for kind was seen. */
  found = false;
  readonly #patterns: Pattern[];
  readonly #unit: number;
  readonly #encoding: SkimEncoding;
  /** The bytes kept from the last chunk, then the chunk: one buffer, reused. */
  #scratch: Buffer = Buffer.alloc(0);
  #kept = 0;
  /** Bytes of the file before #scratch[0], for a UTF-16 character's alignment. */
  #offset: number;
  readonly #keep: number;

  /**
   * `count`: tags to count; `lookFor`: tags whose presence is reported. `offset` is where in the
   * file the first chunk given starts (relative to where its text starts, after a byte-order
   * mark), and `before` the bytes just before it, which may hold the start of a cut tag.
   */
  constructor(options: {
    encoding: SkimEncoding;
    count: Iterable<string>;
    lookFor: Iterable<string>;
    offset: number;
    before?: Uint8Array;
  }) {
    this.#encoding = options.encoding;
    this.#unit = options.encoding === "utf-8" ? 1 : 2;
    this.#patterns = [
      ...[...options.count].map((name) => ({ name, counted: true })),
      ...[...options.lookFor].map((name) => ({ name, counted: false })),
    ].map(({ name, counted }) => ({ name, counted, bytes: encode(`<${name}`, this.#encoding) }));
    // A whole tag with the character after it, less one byte, is the most a chunk can end with.
    this.#keep =
      Math.max(...this.#patterns.map((pattern) => pattern.bytes.length)) + this.#unit - 1;
    const before = options.before ?? new Uint8Array(0);
    const kept = before.subarray(Math.max(0, before.length - this.#keep));
    this.#offset = options.offset - kept.length;
    this.#scratch = Buffer.alloc(this.#keep + 64 * 1024);
    this.#scratch.set(kept, 0);
    this.#kept = kept.length;
  }

  /** The next chunk of the file (read at once: it may be reused by its reader afterwards). */
  feed(chunk: Uint8Array): void {
    const length = this.#kept + chunk.length;
    if (this.#scratch.length < length) {
      const larger = Buffer.alloc(length);
      this.#scratch.copy(larger, 0, 0, this.#kept);
      this.#scratch = larger;
    }
    this.#scratch.set(chunk, this.#kept);
    const view = this.#scratch.subarray(0, length);
    for (const pattern of this.#patterns) this.#search(view, pattern, this.#kept);
    const keep = Math.min(this.#keep, length);
    this.#scratch.copy(this.#scratch, 0, length - keep, length);
    this.#offset += length - keep;
    this.#kept = keep;
  }

  /**
   * Each tag of `pattern` with its next character within `view` and not within its first `kept`
   * bytes (those were looked at before, as the end of the last chunk or by the parser).
   */
  #search(view: Buffer, pattern: Pattern, kept: number) {
    const whole = pattern.bytes.length + this.#unit;
    const end = view.length - whole;
    const from = Math.max(0, kept - whole + 1);
    for (let at = view.indexOf(pattern.bytes, from); at >= 0 && at <= end; ) {
      if (
        (this.#offset + at) % this.#unit === 0 &&
        this.#endsName(view, at + pattern.bytes.length)
      ) {
        if (pattern.counted)
          this.counts.set(pattern.name, (this.counts.get(pattern.name) ?? 0) + 1);
        else this.found = true;
      }
      at = view.indexOf(pattern.bytes, at + 1);
    }
  }

  /** The character at `at` ends a tag's name: white space, `/` or `>`. */
  #endsName(view: Buffer, at: number): boolean {
    const code =
      this.#encoding === "utf-8"
        ? view[at]
        : this.#encoding === "utf-16le"
          ? (view[at] as number) | ((view[at + 1] as number) << 8)
          : ((view[at] as number) << 8) | (view[at + 1] as number);
    return (
      code === 0x20 ||
      code === 0x09 ||
      code === 0x0a ||
      code === 0x0d ||
      code === 0x2f ||
      code === 0x3e
    );
  }
}
