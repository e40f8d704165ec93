import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, test } from "vitest";
import { FileBeingWritten, readWhileWritten } from "./file-being-written.ts";
import type { Node } from "./tally-node.ts";
import { streamTallyXml } from "./tally-xml-stream.ts";

// Issue 36: with `keep`, the leaves the reader does not build are cut from the text before saxes
// reads it. What is built must be what saxes built when it read past them itself.

const folder = mkdtempSync(path.join(tmpdir(), "bahi-tally-xml-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function vouchers(xml: string, keep: ReadonlySet<string>) {
  const file = path.join(folder, `f${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, Buffer.from(`\ufeff${xml}`, "utf16le"));
  const built: Node[] = [];
  await streamTallyXml(file, {
    collect: new Set(["VOUCHER"]),
    keep,
    onNode: (_tag, node) => {
      built.push(node);
    },
  });
  return built;
}

const KEEP = new Set([
  "DATE",
  "AMOUNT",
  "LEDGERNAME",
  "ALLLEDGERENTRIES.LIST",
  "BILLALLOCATIONS.LIST",
]);

describe("streamTallyXml with keep", () => {
  test("builds the kept elements only; a kept list whose children were all cut is still an element", async () => {
    const built = await vouchers(
      `<ENVELOPE><BODY><DATA><TALLYMESSAGE>
<VOUCHER REMOTEID="r-1" VCHTYPE="Sales">
<OLDAUDITENTRYIDS.LIST TYPE="Number"><OLDAUDITENTRYIDS>-1</OLDAUDITENTRYIDS></OLDAUDITENTRYIDS.LIST>
<DATE>20250401</DATE>
<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="">Maharashtra Registration</GSTREGISTRATION>
<ISDELETED/>
<ALLLEDGERENTRIES.LIST>
<LEDGERNAME>Sales</LEDGERNAME>
<GSTCLASS>&#4; Not Applicable</GSTCLASS>
<AMOUNT>118.00</AMOUNT>
<BILLALLOCATIONS.LIST><BILLTYPE>New Ref</BILLTYPE></BILLALLOCATIONS.LIST>
<BANKALLOCATIONS.LIST>       </BANKALLOCATIONS.LIST>
</ALLLEDGERENTRIES.LIST>
<ALLLEDGERENTRIES.LIST><REMOVEZEROENTRIES>No</REMOVEZEROENTRIES></ALLLEDGERENTRIES.LIST>
</VOUCHER>
</TALLYMESSAGE></DATA></BODY></ENVELOPE>`,
      KEEP,
    );
    expect(built).toEqual([
      {
        "@_REMOTEID": "r-1",
        "@_VCHTYPE": "Sales",
        DATE: "20250401",
        "ALLLEDGERENTRIES.LIST": [
          // Its only child was read past: an element with nothing built, as saxes gave it.
          { LEDGERNAME: "Sales", AMOUNT: "118.00", "BILLALLOCATIONS.LIST": {} },
          {},
        ],
      },
    ]);
  });

  test("a file with CDATA is read by saxes alone from there on", async () => {
    const built = await vouchers(
      `<ENVELOPE><VOUCHER><DATE>20250401</DATE><NARRATION><![CDATA[<AMOUNT>1</AMOUNT><X>2</X>]]></NARRATION><AMOUNT>5.00</AMOUNT></VOUCHER></ENVELOPE>`,
      new Set(["DATE", "AMOUNT", "NARRATION"]),
    );
    expect(built).toEqual([
      { DATE: "20250401", NARRATION: "<AMOUNT>1</AMOUNT><X>2</X>", AMOUNT: "5.00" },
    ]);
  });
});

describe("streamTallyXml over a file still being written (decision 430)", () => {
  test("a UTF-16 day book arriving a few bytes at a time builds what the complete file builds", async () => {
    const xml = `<ENVELOPE><BODY><DATA>${Array.from(
      { length: 40 },
      (_, index) =>
        `<TALLYMESSAGE><VOUCHER VCHTYPE="Sales"><DATE>202504${String((index % 28) + 1).padStart(2, "0")}</DATE><NARRATION>Sale ₹ ${index} — ক 𝄞</NARRATION><ALLLEDGERENTRIES.LIST><LEDGERNAME>Party ${index}</LEDGERNAME><AMOUNT>-${index}.50</AMOUNT><GSTCLASS>&#4; Not Applicable</GSTCLASS></ALLLEDGERENTRIES.LIST></VOUCHER></TALLYMESSAGE>`,
    ).join("\n")}</DATA></BODY></ENVELOPE>`;
    const bytes = Buffer.from(`\ufeff${xml}`, "utf16le");
    const keep = new Set(["DATE", "NARRATION", "LEDGERNAME", "AMOUNT", "ALLLEDGERENTRIES.LIST"]);
    const whole = await vouchers(xml, keep);
    expect(whole).toHaveLength(40);

    const target = path.join(folder, "arriving.xml");
    writeFileSync(target, "");
    const arriving = new FileBeingWritten(target);
    const built: Node[] = [];
    const reading = streamTallyXml(
      readWhileWritten(target, () => arriving.state, 97),
      {
        collect: new Set(["VOUCHER"]),
        keep,
        onNode: (_tag, node) => {
          built.push(node);
        },
      },
    );
    // One byte (half the byte-order mark), then odd-sized pieces that cut characters in two.
    let at = 0;
    for (const size of [1, 2, 5, 333, 1001]) {
      appendFileSync(target, bytes.subarray(at, at + size));
      at += size;
      await sleep(3);
    }
    for (; at < bytes.length; at += 4099) {
      appendFileSync(target, bytes.subarray(at, Math.min(bytes.length, at + 4099)));
      await sleep(1);
    }
    arriving.complete();
    await reading;
    expect(built).toEqual(whole);
  });
});

describe("streamTallyXml's skim after the masters", () => {
  test("counts a voucher whose tag is cut by the end of the chunk the skim starts after", async () => {
    const text = `<ENVELOPE><TALLYMESSAGE><LEDGER NAME="Cash"><PARENT>Cash-in-Hand</PARENT></LEDGER></TALLYMESSAGE><TALLYMESSAGE><VOUCHER VCHTYPE="Sales"><DATE>20250401</DATE></VOUCHER></TALLYMESSAGE><TALLYMESSAGE><VOUCHER VCHTYPE="Receipt"><DATE>20250402</DATE></VOUCHER></TALLYMESSAGE><TALLYMESSAGE><VOUCHER VCHTYPE="Payment"/></TALLYMESSAGE></ENVELOPE>`;
    const bytes = Buffer.from(text, "utf8");
    // Every place the file can be cut in two: the count is the same.
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const masters: string[] = [];
      const result = await streamTallyXml(
        (async function* () {
          yield bytes.subarray(0, cut);
          yield bytes.subarray(cut);
        })(),
        {
          collect: new Set(["LEDGER"]),
          count: new Set(["VOUCHER"]),
          skimFrom: "VOUCHER",
          onNode: (tag) => {
            masters.push(tag);
          },
        },
      );
      expect(result.counts.get("VOUCHER"), `cut at ${cut}`).toBe(3);
      expect(masters, `cut at ${cut}`).toEqual(["LEDGER"]);
      expect(result.skimFound).toBe(false);
    }
  });
});

describe("a UTF-16LE day book cut at odd bytes", () => {
  test("reads the same text as a whole-file decode, a character or surrogate pair cut in two included", async () => {
    const xml = `<ENVELOPE>${Array.from({ length: 30 }, (_, index) => `<VOUCHER><NARRATION>₹${index} ক 𝄞 ${"x".repeat(index)}</NARRATION></VOUCHER>`).join("")}</ENVELOPE>`;
    const bytes = Buffer.from(`\ufeff${xml}`, "utf16le");
    for (const size of [1, 3, 5, 7, 31, 101]) {
      const built: Node[] = [];
      await streamTallyXml(
        (async function* () {
          for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
        })(),
        {
          collect: new Set(["VOUCHER"]),
          onNode: (_tag, node) => {
            built.push(node);
          },
        },
      );
      expect(
        built.map((node) => node.NARRATION),
        `chunks of ${size}`,
      ).toEqual(
        Array.from({ length: 30 }, (_, index) => `₹${index} ক 𝄞 ${"x".repeat(index)}`.trim()),
      );
    }
  });
});

describe("streamTallyXml's own heap limit (decision 430)", () => {
  test("stops with tooBig once the thread's heap passes the limit", async () => {
    const xml = `<ENVELOPE><VOUCHER><DATE>20250401</DATE></VOUCHER></ENVELOPE>`;
    const file = path.join(folder, "limit.xml");
    writeFileSync(file, xml);
    const read = (heapLimitBytes: number) =>
      streamTallyXml(file, {
        collect: new Set(["VOUCHER"]),
        onNode: () => undefined,
        heapLimitBytes,
      });
    await expect(read(1)).rejects.toMatchObject({ kind: "tooBig" });
    await expect(read(8 * 1024 * 1024 * 1024)).resolves.toMatchObject({ skimFound: false });
  });
});
