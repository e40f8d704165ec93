import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { writeRealShapeDayBook } from "../../../test/tally-day-book.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { TALLY_STREAM_MESSAGES, tallyReadersRunning } from "./tally-stream.ts";

// Issue 36: a Tally export is streamed to a temporary file and read a voucher batch at a time in
// a worker thread. Day books of real shape (tally-day-book.ts: some 24 KB of XML a voucher).

let context: TestContext;
let owner: Person;
const folder = mkdtempSync(path.join(tmpdir(), "bahi-tally-test-"));

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await context.close();
});

async function dayBook(count: number, encoding: "utf16le" | "utf8") {
  const file = path.join(folder, `day-book-${count}-${encoding}.xml`);
  await writeRealShapeDayBook(file, count, encoding);
  return readFileSync(file);
}

async function post(organisationId: string, bytes: Buffer, preview = false) {
  const form = buildMultipart({ organisationId, preview: String(preview) }, [
    { field: "file", fileName: "DayBook.xml", bytes },
  ]);
  return context.app.inject({
    method: "POST",
    url: "/api/import/tally",
    payload: form.payload,
    headers: { ...form.headers, cookie: owner.cookies },
  });
}

/** A form with the file part before the fields (a client may send them in any order). */
function fileFirst(organisationId: string, bytes: Buffer) {
  const form = buildMultipart({}, [{ field: "file", fileName: "DayBook.xml", bytes }]);
  const boundary = (form.headers["content-type"] ?? "").split("boundary=")[1] as string;
  const fields = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="organisationId"\r\n\r\n${organisationId}\r\n`,
  );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const payload = Buffer.concat([
    form.payload.subarray(0, form.payload.length - end.length),
    fields,
    end,
  ]);
  return { payload, headers: form.headers };
}

const newOrganisation = async () =>
  (
    await createOrganisation(context, owner.cookies, {
      gstRegistered: true,
      gstin: "27AAPFU0939F1ZV",
      gstRegType: "regular",
      startingYear: "2025-26",
    })
  ).organisationId;

describe("Tally import, streamed", () => {
  test("a UTF-16LE and a UTF-8 day book of real shape import alike, and the trial balances agree", async () => {
    const results = [];
    for (const encoding of ["utf16le", "utf8"] as const) {
      const response = await post(await newOrganisation(), await dayBook(4, encoding));
      expect(response.statusCode, response.body).toBe(200);
      results.push(response.json());
    }
    const [utf16, utf8] = results;
    expect(utf16.ledgers).toBe(50);
    expect(utf16.stockItems).toBe(6);
    expect(utf16.vouchers).toMatchObject({
      vouchers: 4,
      imported: 4,
      notImported: [],
      asJournals: [],
      failed: [],
    });
    expect(utf16.vouchers.trialBalance.differences).toEqual([]);
    const { openingsCheck: _a, ...one } = utf16;
    const { openingsCheck: _b, ...two } = utf8;
    expect(two).toEqual(one);
  });

  test("a file over the limit is refused with a message, and nothing is written", async () => {
    const organisationId = await newOrganisation();
    const bytes = await dayBook(30, "utf16le");
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    process.env.BAHI_MAX_TALLY_FILE_MB = "1";
    try {
      const response = await post(organisationId, bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("A Tally export can be at most 1 MB.");
    } finally {
      delete process.env.BAHI_MAX_TALLY_FILE_MB;
    }
    const preview = await post(organisationId, bytes, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().accountsToCreate).toHaveLength(50);
    expect(preview.json().vouchers).toMatchObject({ vouchers: 30, alreadyImported: 0 });
  });

  test("an upload is read as it arrives: the file first, its fields after, sent in pieces", async () => {
    const organisationId = await newOrganisation();
    const bytes = await dayBook(60, "utf16le");
    const form = fileFirst(organisationId, bytes);
    let sent = 0;
    const response = await context.app.inject({
      method: "POST",
      url: "/api/import/tally",
      payload: Readable.from(
        (async function* () {
          for (let at = 0; at < form.payload.length; at += 256 * 1024) {
            sent += 1;
            yield form.payload.subarray(at, at + 256 * 1024);
            await sleep(5);
          }
        })(),
      ),
      headers: { ...form.headers, cookie: owner.cookies },
    });
    expect(sent).toBeGreaterThan(10);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json().vouchers).toMatchObject({ imported: 60, failed: [] });
    expect(response.json().vouchers.trialBalance.agrees).toBe(true);
    // A reader's thread ends just after the answer.
    await expect.poll(() => tallyReadersRunning(), { timeout: 5000 }).toBe(0);
  });

  test("an upload broken off mid-file is refused, writes nothing and leaves no reader running", async () => {
    const organisationId = await newOrganisation();
    const bytes = await dayBook(60, "utf16le");
    const form = fileFirst(organisationId, bytes);
    // Over a real connection: the client sends half the body and hangs up.
    const base = await context.app.listen({ port: 0, host: "127.0.0.1" });
    const request = http.request(`${base}/api/import/tally`, {
      method: "POST",
      headers: {
        ...form.headers,
        "content-length": String(form.payload.length),
        cookie: owner.cookies,
      },
    });
    const answered = new Promise<number | "hung up">((resolve) => {
      request.on("response", (response) => resolve(response.statusCode ?? 0));
      request.on("error", () => resolve("hung up"));
    });
    request.write(form.payload.subarray(0, form.payload.length / 2));
    await expect.poll(() => tallyReadersRunning(), { timeout: 5000 }).toBe(2);
    request.destroy();
    expect(await answered).toBe("hung up");
    await expect.poll(() => tallyReadersRunning(), { timeout: 5000 }).toBe(0);
    // Nothing of it was written: the whole file previews as new.
    const preview = await post(organisationId, bytes, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().accountsToCreate).toHaveLength(50);
    expect(preview.json().vouchers).toMatchObject({ vouchers: 60, alreadyImported: 0 });
    // A reader's thread ends just after the answer.
    await expect.poll(() => tallyReadersRunning(), { timeout: 5000 }).toBe(0);
  });

  test("a file too much for the reader's heap is refused with a message, and the server goes on", async () => {
    const organisationId = await newOrganisation();
    // One voucher of 400,000 lines: some 30 MB of XML that the reader would build whole.
    const lines =
      "<ALLLEDGERENTRIES.LIST><LEDGERNAME>Cash</LEDGERNAME><AMOUNT>-1.00</AMOUNT></ALLLEDGERENTRIES.LIST>";
    const monster = Buffer.from(
      `<ENVELOPE><BODY><DATA><TALLYMESSAGE><VOUCHER VCHTYPE="Journal"><DATE>20250401</DATE>${lines.repeat(400_000)}</VOUCHER></TALLYMESSAGE></DATA></BODY></ENVELOPE>`,
    );
    process.env.BAHI_TALLY_PARSE_HEAP_MB = "64";
    try {
      const response = await post(organisationId, monster);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(TALLY_STREAM_MESSAGES.tooBig);
    } finally {
      delete process.env.BAHI_TALLY_PARSE_HEAP_MB;
    }
    await expect.poll(() => tallyReadersRunning(), { timeout: 5000 }).toBe(0);
    const after = await post(organisationId, await dayBook(4, "utf16le"));
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().vouchers).toMatchObject({ imported: 4 });
  });

  test("1,000 real-shape vouchers (48 MB of UTF-16) import with the heap kept small", async () => {
    const organisationId = await newOrganisation();
    const bytes = await dayBook(1000, "utf16le");
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 20);
    const response = await post(organisationId, bytes);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json().vouchers).toMatchObject({ imported: 1000, failed: [] });
    expect(response.json().vouchers.trialBalance.agrees).toBe(true);
    // Parsed whole, the file's vouchers took some 200 KB each of heap (200 MB here).
    expect((peak - before) / 1024 / 1024).toBeLessThan(120);
  }, 120_000);
});
