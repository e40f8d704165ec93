import { describe, expect, test } from "vitest";
import { type SkimEncoding, TallyTagSkim } from "./tally-tag-skim.ts";

// Decision 430: the masters pass counts the vouchers after the masters by their bytes. Whatever
// the encoding and wherever the chunks are cut, the count is a regular expression's over the text.

const VOUCHERS = Array.from(
  { length: 25 },
  (_, index) =>
    `<TALLYMESSAGE><VOUCHER REMOTEID="r${index}" VCHTYPE="Sales"><VOUCHERTYPENAME>Sales</VOUCHERTYPENAME><VOUCHERNUMBER>${index}</VOUCHERNUMBER><NARRATION>₹ ${index} ক</NARRATION><ALLLEDGERENTRIES.LIST><LEDGERNAME>Party</LEDGERNAME><STOCKITEMNAME>Rice</STOCKITEMNAME></ALLLEDGERENTRIES.LIST></VOUCHER>\n<VOUCHER\tVCHTYPE="Receipt"/>`,
).join("");

function encode(text: string, encoding: SkimEncoding): Buffer {
  if (encoding === "utf-8") return Buffer.from(text, "utf8");
  const bytes = Buffer.from(text, "utf16le");
  return encoding === "utf-16be" ? bytes.swap16() : bytes;
}

/** Skims `bytes` cut into chunks of `size`, starting `from` bytes in (after what a parser read). */
function skim(bytes: Buffer, encoding: SkimEncoding, size: number, from = 0) {
  const skimmer = new TallyTagSkim({
    encoding,
    count: ["VOUCHER"],
    lookFor: ["GROUP", "LEDGER", "STOCKITEM", "VOUCHERTYPE"],
    offset: from,
    before: bytes.subarray(0, from),
  });
  for (let at = from; at < bytes.length; at += size) {
    // Each chunk is a view of a buffer its reader reuses.
    const reused = Buffer.from(bytes.subarray(at, at + size));
    skimmer.feed(reused);
    reused.fill(0);
  }
  return skimmer;
}

const ENCODINGS: SkimEncoding[] = ["utf-8", "utf-16le", "utf-16be"];

describe("TallyTagSkim", () => {
  test.each(ENCODINGS)("counts every voucher however %s bytes are cut into chunks", (encoding) => {
    const expected = VOUCHERS.match(/<VOUCHER[\s/>]/g)?.length;
    expect(expected).toBe(50);
    const bytes = encode(VOUCHERS, encoding);
    for (const size of [1, 2, 3, 7, 13, 24, 25, 26, 64, 1000, bytes.length]) {
      const skimmer = skim(bytes, encoding, size);
      expect(skimmer.counts.get("VOUCHER"), `chunks of ${size}`).toBe(expected);
      // LEDGERNAME, STOCKITEMNAME and VOUCHERTYPENAME are not masters.
      expect(skimmer.found, `chunks of ${size}`).toBe(false);
    }
  });

  test.each(ENCODINGS)(
    "starting after what the parser read (%s), a tag cut at that point still counts once",
    (encoding) => {
      const bytes = encode(VOUCHERS, encoding);
      const text = VOUCHERS;
      for (let cut = 1; cut < 400; cut += 1) {
        // The parser read whole characters up to `cut`; what it read it counted itself.
        const charsRead = text.slice(0, encoding === "utf-8" ? cut : Math.floor(cut / 2));
        const from = encode(charsRead, encoding).length;
        const parsed = charsRead.match(/<VOUCHER[\s/>]/g)?.length ?? 0;
        const skimmer = skim(bytes, encoding, 97, from);
        expect((skimmer.counts.get("VOUCHER") ?? 0) + parsed, `from ${from}`).toBe(50);
      }
    },
  );

  test.each(ENCODINGS)("a master after the vouchers is found (%s)", (encoding) => {
    const text = `${VOUCHERS}<TALLYMESSAGE><LEDGER NAME="Late"><PARENT>Sundry Debtors</PARENT></LEDGER></TALLYMESSAGE>`;
    for (const size of [5, 64, 4096])
      expect(skim(encode(text, encoding), encoding, size).found).toBe(true);
  });

  test("in UTF-16 a tag's bytes at an odd offset (inside other characters) are not a tag", () => {
    // 41 3C 00 56 00 4F ...: from its second byte it reads "<VOUCHER " as UTF-16LE.
    const lookalike = "\u3c41\u5600\u4f00\u5500\u4300\u4800\u4500\u5200\u2000\u4100";
    const skimmer = skim(encode(`<A>${lookalike}</A>`, "utf-16le"), "utf-16le", 1000);
    expect(skimmer.counts.get("VOUCHER") ?? 0).toBe(0);
  });
});
