import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { InjectOptions } from "fastify";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, setUpGstRegisteredBook, systemAccountId } from "../../../test/books.ts";
import {
  decodePdfQrCodes,
  extractPdfPages,
  extractPdfText,
  readPageSizes,
} from "../../../test/pdf.ts";
import type { Person } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { stopDocumentRenderer } from "./print-renderer.ts";

// Issue 40: city and PIN on every printed document (rule 46), an e-invoice on one page, "For
// <organisation>" once, and a cash sale neither pending nor asking for payment.

let context: TestContext;
let owner: Person;
let org: string;
let nashik: string;
let cash: string;
let rice: string;

const YEAR = "2025-26";
const run = promisify(execFile);
const inject = (options: InjectOptions) => context.app.inject(options);

async function ok(options: InjectOptions) {
  const response = await inject({ headers: as(owner), ...options });
  expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
  return response.json();
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: {
      name: "Gupta Traders",
      startingYear: YEAR,
      billWiseEntry: true,
      billingAddress: "12 MG Road",
      billingCity: "Pune",
      billingPincode: "411001",
    },
    items: { rice: { name: "Basmati Rice", gstRate: 5 } },
  });
  ({ context, owner, organisationId: org } = book);
  ({ rice } = book.items);
  nashik = (
    await ok({
      method: "POST",
      url: "/api/account/add",
      payload: {
        organisationId: org,
        name: "Nashik Stores",
        nature: "Debtors",
        gstType: "regular",
        gstin: "27AAGCB7383J1Z8",
        billingAddress: "4 Station Road",
        billingCity: "Nashik",
        billingPincode: "422001",
        shippingAddress: "Plot 9, MIDC Ambad",
        shippingCity: "Igatpuri",
        shippingPincode: "422403",
      },
    })
  ).accountId;
  cash = await systemAccountId(context, org, "cash");
  await ok({
    method: "POST",
    url: "/api/settings/organisation",
    payload: {
      organisationId: org,
      signatoryName: "Anil Gupta",
      qrText: "upi://pay?pa=gupta@okhdfc&pn=Gupta Traders",
      bankName: "HDFC Bank",
      bankAccountNumber: "50100123456789",
      bankIfsc: "HDFC0001234",
      bankBranch: "Camp, Pune",
    },
  });
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

/** An intra-state invoice of `lines` lines of rice at 5 %, each 2 kg at ₹100 + line number. */
function invoice(party: string, lines: number, extra: Record<string, unknown> = {}) {
  let gross = 0;
  let half = 0;
  const itemDetails = Array.from({ length: lines }, (_, index) => {
    const amountPaise = 2 * (10000 + (index + 1) * 100);
    gross += amountPaise;
    half += Math.round((amountPaise * 5) / 200);
    return {
      itemId: rice,
      quantity: 2,
      rate: 100 + index + 1,
      gstRate: 5,
      hsnCode: "1006",
      uom: "KGS",
      discountType: "percent",
      discount: 0,
      amount: amountPaise / 100,
    };
  });
  const total = gross + 2 * half;
  const rounded = Math.round(total / 100) * 100;
  return {
    organisationId: org,
    year: YEAR,
    date: "2025-05-10",
    cashOrDebtorAccountId: party,
    pos: "27",
    itemDetails,
    accountDetails: [],
    grossAmount: gross / 100,
    cgstAmount: half / 100,
    sgstAmount: half / 100,
    igstAmount: 0,
    roundOffAmount: (rounded - total) / 100,
    totalAmount: rounded / 100,
    ...extra,
  };
}

async function pdfOf(type: string, entryId: string, preview?: Record<string, unknown>) {
  const extra = preview ? `&preview=${encodeURIComponent(JSON.stringify(preview))}` : "";
  const response = await inject({
    method: "GET",
    url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${entryId}&transactionType=${type}&format=download${extra}`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.rawPayload;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("city and PIN on printed documents (rule 46)", () => {
  let invoiceId: string;

  beforeAll(async () => {
    invoiceId = (
      await ok({ method: "POST", url: "/api/salesinvoice/add", payload: invoice(nashik, 2) })
    ).entryId;
  });

  test("the tax invoice prints the organisation's and the party's billing and shipping city and PIN", async () => {
    const text = await extractPdfText(await pdfOf("salesInvoice", invoiceId));
    expect(text).toContain("12 MG Road Pune - 411001");
    expect(text).toContain("4 Station Road Nashik - 422001");
    expect(text).toContain("Plot 9, MIDC Ambad Igatpuri - 422403");
    expect(count(text, "For Gupta Traders")).toBe(1);
  });

  test("the 80 mm roll prints them too", async () => {
    const text = await extractPdfText(
      await pdfOf("salesInvoice", invoiceId, { printing: "thermal80" }),
    );
    expect(text).toContain("Pune - 411001");
    expect(text).toContain("4 Station Road");
    expect(text).toContain("Nashik - 422001");
    expect(count(text, "For Gupta Traders")).toBe(1);
  });

  test("the 58 mm roll is 58 mm wide and prints the same addresses and totals", async () => {
    const pdf = await pdfOf("salesInvoice", invoiceId, { printing: "thermal58" });
    const [size] = await readPageSizes(pdf);
    // 58 mm is 164 pt; the 80 mm roll's 227 pt.
    expect(size?.width).toBe(164);
    const text = await extractPdfText(pdf);
    expect(text).toContain("Pune - 411001");
    expect(text).toContain("Nashik - 422001");
    // 2 × 101 + 2 × 102 = 406.00 at 5 % (20.30), rounded: 426.00.
    expect(text).toContain("Total ₹426.00");
    expect(count(text, "For Gupta Traders")).toBe(1);
  });

  test("a credit note and a receipt print the addresses with city and PIN", async () => {
    const note = await ok({
      method: "POST",
      url: "/api/creditnote/add",
      payload: invoice(nashik, 1),
    });
    const noteText = await extractPdfText(await pdfOf("creditNote", note.entryId));
    expect(noteText).toContain("Pune - 411001");
    expect(noteText).toContain("4 Station Road Nashik - 422001");
    const receipt = await ok({
      method: "POST",
      url: "/api/receipts/add",
      payload: {
        organisationId: org,
        year: YEAR,
        date: "2025-05-12",
        receivedAccountId: cash,
        receivedAmount: 100,
        entries: [{ accountId: nashik, amount: 100 }],
      },
    });
    const receiptText = await extractPdfText(await pdfOf("receipts", receipt.entryId));
    expect(receiptText).toContain("12 MG Road Pune - 411001");
    expect(receiptText).toContain("4 Station Road Nashik - 422001");
  });

  test("the statement of account prints both addresses with city and PIN", async () => {
    const response = await inject({
      method: "GET",
      url: `/api/ledger/getLedger?organisationId=${org}&accountId=${nashik}&startDate=2025-04-01&endDate=2025-06-30&download=true&format=pdf&statement=true`,
      headers: as(owner),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const text = await extractPdfText(response.rawPayload);
    expect(text).toContain("12 MG Road Pune - 411001");
    expect(text).toContain("4 Station Road Nashik - 422001");
  });

  test("a lineAboveSignature that already says For <organisation> does not print it twice", async () => {
    await ok({
      method: "POST",
      url: "/api/settings/organisation",
      payload: { organisationId: org, lineAboveSignature: "FOR GUPTA TRADERS." },
    });
    try {
      // The line as typed takes the place of the printed "For <organisation>".
      const text = await extractPdfText(await pdfOf("salesInvoice", invoiceId));
      expect(count(text.toLowerCase(), "for gupta traders")).toBe(1);
      expect(text).toContain("FOR GUPTA TRADERS.");
      const roll = await extractPdfText(
        await pdfOf("salesInvoice", invoiceId, { printing: "thermal80" }),
      );
      expect(count(roll.toLowerCase(), "for gupta traders")).toBe(1);
    } finally {
      await ok({
        method: "POST",
        url: "/api/settings/organisation",
        payload: { organisationId: org, lineAboveSignature: "" },
      });
    }
  });
});

describe("an e-invoice with its IRN QR", () => {
  test("a typical 5-line invoice fits on one A4 page, signature included", async () => {
    const saved = await ok({
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: invoice(nashik, 5, { notes: "Goods once sold are not taken back." }),
    });
    // The IRP's registration as the e-invoice module stores it (a signed QR is a JWT of ~1 kB).
    const signedQr = `eyJhbGciOiJSUzI1NiJ9.${base64Url(700)}.${base64Url(342)}`;
    await context.testDatabase.database.db
      .insertInto("einvoice_documents")
      .values(eInvoiceRow(saved.entryId, saved.number, signedQr))
      .execute();
    const pdf = await pdfOf("salesInvoice", saved.entryId);
    const pages = await extractPdfPages(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain("IRN: ");
    expect(pages[0]).toContain("Authorised Signatory");
    expect(pages[0]).toContain("Pune - 411001");
    // jsQR reads one code a page: the top third holds the IRP's, the bottom the UPI one.
    expect(await decodeQrIn(pdf, "top")).toBe(signedQr);
    expect(await decodeQrIn(pdf, "bottom")).toMatch(/^upi:\/\/pay\?/);
  });
});

/** `length` characters of base64url from a fixed seed: the shape of a signed JWT's parts. */
function base64Url(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let seed = 7;
  return Array.from({ length }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return alphabet[seed % 64];
  }).join("");
}

/** The QR code in the top or bottom third of the first page, drawn at 300 dpi (a print's resolution). */
async function decodeQrIn(pdf: Uint8Array, part: "top" | "bottom"): Promise<string | null> {
  const folder = await mkdtemp(path.join(tmpdir(), "bahi-qr-"));
  try {
    const file = path.join(folder, "document.pdf");
    await writeFile(file, pdf);
    // A4 at 300 dpi is 2480 × 3508 pixels.
    const y = part === "top" ? 0 : 2339;
    await run("pdftoppm", [
      ...["-r", "300", "-f", "1", "-l", "1", "-png", "-singlefile"],
      ...["-x", "0", "-y", String(y), "-W", "2480", "-H", "1169"],
      file,
      path.join(folder, "part"),
    ]);
    const png = PNG.sync.read(await readFile(path.join(folder, "part.png")));
    // jsqr is CommonJS whose types declare an ES default export (as test/pdf.ts reads it).
    type DecodeQr = (
      data: Uint8ClampedArray,
      width: number,
      height: number,
    ) => { data: string } | null;
    const decode = ((jsQR as unknown as { default?: DecodeQr }).default ??
      (jsQR as unknown as DecodeQr)) as DecodeQr;
    return decode(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A registered e-invoice row, as the e-invoice module keeps one after the IRP answered. */
function eInvoiceRow(entryId: string, number: string, signedQr: string) {
  const now = new Date().toISOString();
  return {
    organisation_id: org,
    entry_id: entryId,
    voucher_type: "salesInvoice",
    doc_type: "INV",
    number,
    date: "2025-05-10",
    irn: "a".repeat(64),
    state: "registered" as const,
    exported_at: now,
    ack_no: "112510012345678",
    ack_date: "2025-05-10 12:00:00",
    signed_qr_code: signedQr,
    signed_invoice: null,
    registered_at: now,
    cancelled_at: null,
    cancel_reason: null,
    cancel_remark: null,
    updated_at: now,
  };
}

describe("a cash sale (spec 4 'Invoice payment status')", () => {
  test("is received at once: not pending in the list nor its PDF, and no UPI QR", async () => {
    const saved = await ok({
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: invoice(cash, 1),
    });
    const list = await ok({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${org}&year=${YEAR}`,
    });
    const row = (list.salesInvoices as Record<string, unknown>[]).find(
      (entry) => entry.invoiceNumber === saved.number,
    );
    expect(row).toMatchObject({ status: "received" });
    const pdf = await pdfOf("salesInvoice", saved.entryId);
    const text = await extractPdfText(pdf);
    expect(text).not.toContain("Scan to pay");
    expect(text).not.toMatch(/Balance Due ₹[1-9]/);
    expect(await decodePdfQrCodes(pdf)).toEqual([]);
  });

  test("a credit invoice still carries the UPI QR for what is pending", async () => {
    const saved = await ok({
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: invoice(nashik, 1),
    });
    const text = await extractPdfText(await pdfOf("salesInvoice", saved.entryId));
    expect(text).toContain("Scan to pay");
  });

  test("a fully paid invoice asks for nothing more: no UPI QR", async () => {
    const saved = await ok({
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: invoice(nashik, 1),
    });
    const total = (invoice(nashik, 1) as { totalAmount: number }).totalAmount;
    await ok({
      method: "POST",
      url: "/api/receipts/add",
      payload: {
        organisationId: org,
        year: YEAR,
        date: "2025-05-11",
        receivedAccountId: cash,
        receivedAmount: total,
        entries: [
          {
            accountId: nashik,
            amount: total,
            billWiseEntries: [{ entryId: saved.entryId, amount: total }],
          },
        ],
      },
    });
    const pdf = await pdfOf("salesInvoice", saved.entryId);
    expect(await extractPdfText(pdf)).not.toContain("Scan to pay");
    expect(await decodePdfQrCodes(pdf)).toEqual([]);
  });
});
