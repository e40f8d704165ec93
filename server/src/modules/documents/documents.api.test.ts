import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem, setUpGstRegisteredBook } from "../../../test/books.ts";
import {
  checkPdfStructure,
  decodePdfQrCodes,
  drawFirstPage,
  extractPdfPages,
  extractPdfText,
  listEmbeddedFonts,
  readPageSizes,
} from "../../../test/pdf.ts";
import { addMember, type Person, signUpPerson } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { stopDocumentRenderer } from "./print-renderer.ts";

let context: TestContext;
let owner: Person;
let stranger: Person;
let accountant: Person;
let org: string;
let ravi: string;
let sharma: string;
let mehta: string;
let bank: string;
let rice: string;
let repair: string;
let oil: string;

const YEAR = "2025-26";
const inject = (options: InjectOptions) => context.app.inject(options);

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: {
      name: "Gupta Traders",
      startingYear: YEAR,
      billWiseEntry: true,
      billingAddress: "12 MG Road, Pune",
    },
    strangerOrganisation: { startingYear: YEAR },
    accountantRights: [{ transactionType: "receipts", view: true, add: true }],
    accounts: {
      ravi: { name: "Ravi Stores", nature: "Debtors", stateCode: "27", gstin: "27AAACR5055K1Z5" },
      sharma: { name: "Sharma & Sons", nature: "Debtors", stateCode: "29" },
      mehta: { name: "Mehta Supplies", nature: "Creditors", stateCode: "27" },
      bank: { name: "HDFC Bank", nature: "Bank" },
    },
    items: {
      rice: { name: "Basmati Rice", gstRate: 5 },
      repair: { name: "Repair Service", type: "services", gstRate: 18 },
      oil: { name: "Mustard Oil", gstRate: 5 },
    },
  });
  ({ context, owner, stranger, accountant, organisationId: org } = book);
  ({ ravi, sharma, mehta, bank } = book.accounts);
  ({ rice, repair, oil } = book.items);
  const settings = await inject({
    method: "POST",
    url: "/api/settings/organisation",
    headers: as(owner),
    payload: {
      organisationId: org,
      signatoryName: "Anil Gupta",
      qrText: "upi://pay?pa=gupta@okhdfc&pn=Gupta Traders",
      bankName: "HDFC Bank",
      bankAccountNumber: "50100123456789",
      bankIfsc: "hdfc0001234",
      bankBranch: "Camp, Pune",
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

interface Line {
  itemId: string;
  quantity: number;
  rate: number;
  gstRate: number;
  hsnCode?: string;
  sacCode?: string;
}

/** An item invoice with its totals worked out line by line (round to paise per line). */
function itemDocument(
  party: string,
  pos: string,
  lines: Line[],
  extra: Record<string, unknown> = {},
) {
  const inter = pos !== "27";
  let gross = 0;
  let cgst = 0;
  let igst = 0;
  const itemDetails = lines.map((line) => {
    const amount = Math.round(line.quantity * line.rate * 100);
    const tax = Math.round((amount * line.gstRate) / 100);
    const half = Math.round(tax / 2);
    gross += amount;
    if (inter) igst += tax;
    else cgst += half;
    return {
      ...line,
      uom: "KGS",
      discountType: "percent",
      discount: 0,
      amount: amount / 100,
    };
  });
  const total = gross + (inter ? igst : 2 * cgst);
  const rounded = Math.round(total / 100) * 100;
  return {
    organisationId: org,
    year: YEAR,
    date: "2025-05-10",
    cashOrDebtorAccountId: party,
    pos,
    itemDetails,
    accountDetails: [],
    grossAmount: gross / 100,
    cgstAmount: cgst / 100,
    sgstAmount: cgst / 100,
    igstAmount: igst / 100,
    roundOffAmount: (rounded - total) / 100,
    totalAmount: rounded / 100,
    ...extra,
  };
}

async function addOk(family: string, payload: Record<string, unknown>) {
  const response = await inject({
    method: "POST",
    url: `/api/${family}/add`,
    headers: as(owner),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entryId: string; number: string };
}

function pdfUrl(type: string, entryId: string, extra = "") {
  return `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${entryId}&transactionType=${type}&format=download${extra}`;
}

async function getPdf(type: string, entryId: string, extra = "", person = owner) {
  const response = await inject({
    method: "GET",
    url: pdfUrl(type, entryId, extra),
    headers: as(person),
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return response.rawPayload;
}

describe("GET /getpdf/transactionpdf: a tax invoice (rule 46)", () => {
  let invoiceId: string;
  let invoiceNumber: string;
  let text: string;
  let pdf: Buffer;

  beforeAll(async () => {
    const saved = await addOk(
      "salesinvoice",
      itemDocument(
        ravi,
        "27",
        [
          { itemId: rice, quantity: 10, rate: 120, gstRate: 5, hsnCode: "1006" },
          { itemId: oil, quantity: 3, rate: 210.5, gstRate: 5, hsnCode: "1514" },
          { itemId: repair, quantity: 1, rate: 1500, gstRate: 18, sacCode: "998719" },
        ],
        {
          billingAddress: "4 Station Road, Nashik",
          dueDate: "2025-06-09",
          notes: "Goods once sold are not taken back.",
        },
      ),
    );
    invoiceId = saved.entryId;
    invoiceNumber = saved.number;
    pdf = await getPdf("salesInvoice", invoiceId);
    text = await extractPdfText(pdf);
  });

  test("prints every rule-46 field as text", () => {
    for (const expected of [
      "TAX INVOICE",
      "Gupta Traders",
      "12 MG Road, Pune",
      "GSTIN: 27AAPFU0939F1ZV",
      `Invoice No. ${invoiceNumber}`,
      "Date 10-05-2025",
      "Due Date 09-06-2025",
      "Ravi Stores",
      "4 Station Road, Nashik",
      "GSTIN/UIN: 27AAACR5055K1Z5",
      "Place of Supply Maharashtra (27)",
      "Reverse Charge No",
      "Basmati Rice",
      "1006",
      "998719",
      "KGS",
      "CGST",
      "SGST",
      "For Gupta Traders",
      "Anil Gupta",
      "Authorised Signatory",
      "Goods once sold are not taken back.",
    ]) {
      expect(text).toContain(expected);
    }
  });

  test("totals, the amount in words in lakh and crore, and the ₹ sign", () => {
    // 1,200 + 631.50 at 5 % (tax 60.00 + 31.58) + 1,500 at 18 % (270.00): 3,693.08, rounded.
    expect(text).toContain("Taxable Value ₹3,331.50");
    expect(text).toContain("CGST ₹180.79 SGST ₹180.79 Round Off -₹0.08 Total ₹3,693.00");
    expect(text).toContain("Three Thousand Six Hundred Ninety Three Rupees Only");
  });

  test("the HSN summary has a row per code and rate that add up to the invoice's tax", () => {
    const summary = text.slice(text.indexOf("HSN/SAC Summary"));
    expect(summary).toMatch(/1006 1,200\.00 2\.5% 30\.00 2\.5% 30\.00 60\.00/);
    expect(summary).toMatch(/998719 1,500\.00 9% 135\.00 9% 135\.00 270\.00/);
    expect(summary).toMatch(/1514 631\.50 2\.5% 15\.79 2\.5% 15\.79 31\.58/);
    // 60.00 + 31.58 + 270.00 = 361.58 = CGST 180.79 + SGST 180.79 of the invoice.
    expect(summary).toContain("Total 3,331.50 180.79 180.79 361.58");
  });

  test("bank details and a UPI QR code that decodes to the payment link with the pending amount", async () => {
    expect(text).toContain("Bank: HDFC Bank");
    expect(text).toContain("A/c No.: 50100123456789");
    expect(text).toContain("IFSC: HDFC0001234");
    const codes = await decodePdfQrCodes(pdf);
    expect(codes).toEqual([
      `upi://pay?pa=gupta%40okhdfc&pn=Gupta%20Traders&tn=${encodeURIComponent(invoiceNumber)}&cu=INR&am=3693.00`,
    ]);
  });

  test("passes qpdf --check and embeds its font", async () => {
    expect(await checkPdfStructure(pdf)).toContain("No syntax or stream encoding errors");
    const fonts = await listEmbeddedFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    expect(fonts.some((font) => font.name.includes("Roboto"))).toBe(true);
  });

  test("three copies head their pages with the rule-48 captions (goods)", async () => {
    const pages = await extractPdfPages(await getPdf("salesInvoice", invoiceId, "&noOfCopies=3"));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain("ORIGINAL FOR RECIPIENT");
    expect(pages[1]).toContain("DUPLICATE FOR TRANSPORTER");
    expect(pages[2]).toContain("TRIPLICATE FOR SUPPLIER");
  });

  test("a services-only invoice's second copy is the supplier's", async () => {
    const saved = await addOk(
      "salesinvoice",
      itemDocument(ravi, "27", [
        { itemId: repair, quantity: 2, rate: 750, gstRate: 18, sacCode: "998719" },
      ]),
    );
    const pages = await extractPdfPages(
      await getPdf("salesInvoice", saved.entryId, "&noOfCopies=2"),
    );
    expect(pages.map((page) => page.includes("DUPLICATE FOR SUPPLIER"))).toEqual([false, true]);
  });

  test("an inter-state invoice shows IGST and the state of the place of supply", async () => {
    const saved = await addOk(
      "salesinvoice",
      itemDocument(sharma, "29", [
        { itemId: rice, quantity: 4, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
    );
    const inter = await extractPdfText(await getPdf("salesInvoice", saved.entryId));
    expect(inter).toContain("Place of Supply Karnataka (29)");
    expect(inter).toContain("IGST");
    expect(inter).not.toContain("CGST");
    expect(inter).toContain("Total ₹420.00");
  });

  test("a 100-line invoice flows across pages with the headings repeated and the total at the end", async () => {
    const lines = Array.from({ length: 100 }, (_, index) => ({
      itemId: index % 2 === 0 ? rice : oil,
      quantity: index + 1,
      rate: 10,
      gstRate: 5,
      hsnCode: index % 2 === 0 ? "1006" : "1514",
    }));
    const saved = await addOk("salesinvoice", itemDocument(ravi, "27", lines));
    const pages = await extractPdfPages(await getPdf("salesInvoice", saved.entryId));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) expect(page).toContain("Taxable Value");
    // Σ (1..100) × ₹10 = ₹50,500; 5 % GST = ₹2,525: ₹53,025.
    expect(pages.at(-1)).toContain("Total ₹53,025.00");
    expect(pages.at(-1)).toContain("Fifty Three Thousand Twenty Five Rupees Only");
    expect(pages.slice(0, -1).join(" ")).not.toContain("Fifty Three Thousand");
  });
});

describe("other printed forms", () => {
  test("a credit note names the invoice it adjusts (rule 53)", async () => {
    const invoice = await addOk(
      "salesinvoice",
      itemDocument(ravi, "27", [
        { itemId: rice, quantity: 10, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
    );
    const note = await addOk(
      "creditnote",
      itemDocument(
        ravi,
        "27",
        [{ itemId: rice, quantity: 2, rate: 100, gstRate: 5, hsnCode: "1006" }],
        {
          billWiseEntries: [{ entryId: invoice.entryId, amount: 210 }],
        },
      ),
    );
    const text = await extractPdfText(await getPdf("creditNote", note.entryId));
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(`Against Invoice: ${invoice.number} dated 10-05-2025 (₹210.00)`);
    expect(text).not.toContain("TAX INVOICE");
  });

  test("a quotation is headed as such, without tax-invoice wording or copy captions", async () => {
    const quotation = await addOk(
      "otherentries/quotation",
      itemDocument(ravi, "27", [
        { itemId: rice, quantity: 1, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
    );
    const text = await extractPdfText(
      await getPdf("quotation", quotation.entryId, "&noOfCopies=3"),
    );
    expect(text).toContain("QUOTATION");
    expect(text).not.toContain("TAX INVOICE");
    expect(text).not.toContain("ORIGINAL FOR RECIPIENT");
  });

  test("a delivery challan and a purchase order print with their headings", async () => {
    const challan = await addOk(
      "otherentries/deliverychallan",
      itemDocument(ravi, "27", [
        { itemId: rice, quantity: 5, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
    );
    expect(await extractPdfText(await getPdf("deliveryChallan", challan.entryId))).toContain(
      "DELIVERY CHALLAN",
    );
    const order = await addOk(
      "otherentries/purchaseorder",
      itemDocument(mehta, "27", [
        { itemId: oil, quantity: 5, rate: 100, gstRate: 5, hsnCode: "1514" },
      ]),
    );
    const text = await extractPdfText(await getPdf("purchaseOrder", order.entryId));
    expect(text).toContain("PURCHASE ORDER");
    expect(text).toContain("Mehta Supplies");
    expect(text).not.toContain("Scan to pay");
  });

  test("a receipt prints as a receipt voucher naming the invoice it settles", async () => {
    const invoice = await addOk(
      "salesinvoice",
      itemDocument(ravi, "27", [
        { itemId: rice, quantity: 10, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
    );
    const receipt = await addOk("receipts", {
      organisationId: org,
      year: YEAR,
      date: "2025-05-20",
      receivedAccountId: bank,
      receivedAmount: 500,
      entries: [
        {
          accountId: ravi,
          amount: 500,
          billWiseEntries: [{ entryId: invoice.entryId, amount: 500 }],
        },
      ],
    });
    const text = await extractPdfText(await getPdf("receipts", receipt.entryId));
    expect(text).toContain("RECEIPT VOUCHER");
    expect(text).toContain("Received From Ravi Stores");
    expect(text).toContain("Received In HDFC Bank");
    expect(text).toContain("Five Hundred Rupees Only");
    expect(text).toContain(invoice.number);
  });
});

describe("custom fields", () => {
  test("a field marked Print in PDF prints with its value; one not marked does not", async () => {
    const add = async (name: string, printInPdf: boolean) => {
      const response = await inject({
        method: "POST",
        url: "/api/customfield/add",
        headers: as(owner),
        payload: {
          organisationId: org,
          name,
          type: "shorttext",
          applicableFor: "salesInvoice",
          printInPdf,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().customFieldId as string;
    };
    const printed = await add("PO Number", true);
    const hidden = await add("Internal Ref", false);
    const { entryId } = await addOk(
      "salesinvoice",
      itemDocument(
        ravi,
        "27",
        [{ itemId: rice, quantity: 1, rate: 100, gstRate: 5, hsnCode: "1006" }],
        {
          customFieldValues: { [printed]: "PO-778", [hidden]: "secret-42" },
        },
      ),
    );
    const text = await extractPdfText(await getPdf("salesInvoice", entryId));
    expect(text).toContain("PO Number PO-778");
    expect(text).not.toContain("secret-42");
  });
});

describe("logo and signature", () => {
  // A real 2×2 PNG (opaque red), drawn by pdfkit as an image XObject.
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
    "base64",
  );

  function multipart(parts: ({ name: string; value: string } | { name: string; file: Buffer })[]) {
    const boundary = "----bahi-print-boundary";
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const head =
        "file" in part
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.name}.png"\r\nContent-Type: image/png\r\n\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
      chunks.push(
        Buffer.from(head),
        "file" in part ? part.file : Buffer.from(part.value),
        Buffer.from("\r\n"),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(chunks),
      headers: { ...as(owner), "content-type": `multipart/form-data; boundary=${boundary}` },
    };
  }

  async function countImages(pdf: Buffer): Promise<number> {
    return (pdf.toString("latin1").match(/\/Subtype\s*\/Image/g) ?? []).length;
  }

  test("an uploaded logo and signature print when shown, and not when hidden", async () => {
    const { entryId } = await addOk(
      "salesinvoice",
      itemDocument(ravi, "27", [
        { itemId: rice, quantity: 1, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
    );
    const before = await getPdf("salesInvoice", entryId);
    expect(await countImages(before)).toBe(0);
    const upload = await inject({
      method: "POST",
      url: "/api/settings/organisation",
      ...multipart([
        { name: "organisationId", value: org },
        { name: "logo", file: PNG },
        { name: "signature", file: PNG },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const withImages = await getPdf("salesInvoice", entryId);
    expect(await countImages(withImages)).toBeGreaterThanOrEqual(1);
    expect(await checkPdfStructure(withImages)).toContain("No syntax or stream encoding errors");
    const hidden = await inject({
      method: "POST",
      url: "/api/settings/organisation",
      headers: as(owner),
      payload: { organisationId: org, showLogo: false, showSignature: false },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await countImages(await getPdf("salesInvoice", entryId))).toBe(0);
    await inject({
      method: "POST",
      url: "/api/settings/organisation",
      headers: as(owner),
      payload: { organisationId: org, showLogo: true, showSignature: true },
    });
    for (const type of ["logo", "signature"]) {
      await inject({
        method: "PATCH",
        url: `/api/settings/removefile?organisationId=${org}&type=${type}`,
        headers: as(owner),
      });
    }
  });
});

describe("access and input", () => {
  let invoiceId: string;
  beforeAll(async () => {
    ({ entryId: invoiceId } = await addOk(
      "salesinvoice",
      itemDocument(ravi, "27", [
        { itemId: rice, quantity: 1, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
    ));
  });

  test("another organisation's caller gets no document", async () => {
    const response = await inject({
      method: "GET",
      url: pdfUrl("salesInvoice", invoiceId),
      headers: as(stranger),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).not.toBe("application/pdf");
  });

  test("a member without the view right on the type is refused", async () => {
    const refused = await inject({
      method: "GET",
      url: pdfUrl("salesInvoice", invoiceId),
      headers: as(accountant),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "You do not have the right to do this in this organisation.",
    );
  });

  test("bad input is a 400 with a clear message", async () => {
    const cases: [string, string][] = [
      [pdfUrl("journalEntry", invoiceId), "This transaction type cannot be printed."],
      [pdfUrl("salesInvoice", invoiceId, "&noOfCopies=4"), "Number of copies must be 1, 2 or 3."],
      [pdfUrl("salesInvoice", invoiceId, "&preview=%7Bbad"), "The preview settings are not valid."],
      [
        // Issue 37: NUL written as a JSON escape inside the preview settings.
        pdfUrl(
          "salesInvoice",
          invoiceId,
          `&preview=${encodeURIComponent('{"footer":"a\\u0000b"}')}`,
        ),
        "Text cannot contain control characters.",
      ],
    ];
    for (const [url, message] of cases) {
      const response = await inject({ method: "GET", url, headers: as(owner) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  test("a GET never sends: email and whatsapp are refused with 405, nothing queued (issue 37)", async () => {
    for (const format of ["email", "whatsapp"]) {
      const url = `${pdfUrl("salesInvoice", invoiceId).replace("format=download", `format=${format}`)}&address=x%40example.in&phone=9876543210&subject=s&body=b`;
      const response = await inject({ method: "GET", url, headers: as(owner) });
      expect(response.statusCode, url).toBe(405);
      expect(response.json().message).toContain("POST /api/getpdf/transactionpdf");
    }
  });

  test("a voucher of another type under this id is not found", async () => {
    const response = await inject({
      method: "GET",
      url: pdfUrl("creditNote", invoiceId),
      headers: as(owner),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("document settings (spec 3, api.md 7 Settings)", () => {
  let invoiceId: string;
  let viewer: Person;
  beforeAll(async () => {
    viewer = await signUpPerson(context);
    await addMember(context, owner, org, viewer, "viewer");
    ({ entryId: invoiceId } = await addOk(
      "salesinvoice",
      itemDocument(
        ravi,
        "27",
        [{ itemId: rice, quantity: 2, rate: 100, gstRate: 5, hsnCode: "1006" }],
        {
          dueDate: "2025-06-01",
          shippingAddress: "Godown 7, MIDC Nashik",
        },
      ),
    ));
  });

  const save = (payload: Record<string, unknown>, person = owner) =>
    inject({
      method: "POST",
      url: "/api/settings/salesinvoice",
      headers: as(person),
      payload: { organisationId: org, ...payload },
    });

  test("reads the defaults, saves a change and reads it back", async () => {
    const before = await inject({
      method: "GET",
      url: `/api/settings/getCreditNotesettings?organisationId=${org}`,
      headers: as(viewer),
    });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      printing: "A4",
      selectedTemplate: "classic",
      showRCM: true,
    });
    const saved = await inject({
      method: "POST",
      url: "/api/settings/creditnote",
      headers: as(owner),
      payload: { organisationId: org, heading: "Sales Return" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await inject({
      method: "GET",
      url: `/api/settings/getCreditNotesettings?organisationId=${org}`,
      headers: as(owner),
    });
    expect(after.json()).toMatchObject({ heading: "Sales Return", printing: "A4" });
  });

  test("only managers save; other organisations read nothing; bad values are 400", async () => {
    expect((await save({ heading: "X" }, viewer)).statusCode).toBe(403);
    const foreign = await inject({
      method: "GET",
      url: `/api/settings/getsalesinvoicesettings?organisationId=${org}`,
      headers: as(stranger),
    });
    expect(foreign.statusCode).toBe(403);
    const bad = await save({ printing: "A3" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Printing must be A4, A5, thermal80 or thermal58.");
  });

  test("each setting changes the printed invoice", async () => {
    const base = await extractPdfText(await getPdf("salesInvoice", invoiceId));
    for (const shown of [
      "Reverse Charge",
      "HSN/SAC",
      "KGS",
      "Disc.",
      "Due Date 01-06-2025",
      "Ship To",
      "Godown 7",
      "Authorised Signatory",
    ]) {
      expect(base).toContain(shown);
    }
    expect(
      (
        await save({
          heading: "Retail Invoice",
          showRCM: false,
          printHSNorSAC: false,
          printUnitOfMeasurement: false,
          showDiscountColumn: false,
          printDueDate: false,
          showShippingAddress: false,
          placeForSignature: false,
          notes: "Payment within 30 days.",
          lineInBottom: "Thank you for your business",
        })
      ).statusCode,
    ).toBe(200);
    const changed = await extractPdfText(await getPdf("salesInvoice", invoiceId));
    expect(changed).toContain("RETAIL INVOICE");
    expect(changed).toContain("Terms and Conditions Payment within 30 days.");
    expect(changed).toContain("Thank you for your business");
    for (const hidden of [
      "Reverse Charge",
      "HSN/SAC",
      "KGS",
      "Disc.",
      "Due Date",
      "Ship To",
      "Godown 7",
      "Authorised Signatory",
    ]) {
      expect(changed).not.toContain(hidden);
    }
    await save({
      heading: "",
      showRCM: true,
      printHSNorSAC: true,
      printUnitOfMeasurement: true,
      showDiscountColumn: true,
      printDueDate: true,
      showShippingAddress: true,
      placeForSignature: true,
      notes: "",
      lineInBottom: "",
    });
  });

  test("printing: A4, A5 and the 80 mm roll; the two A4 designs draw differently", async () => {
    const a4 = await getPdf("salesInvoice", invoiceId);
    expect(await readPageSizes(a4)).toEqual([{ width: 595, height: 842 }]);
    const a5 = await getPdf(
      "salesInvoice",
      invoiceId,
      `&preview=${encodeURIComponent('{"printing":"A5"}')}`,
    );
    expect(await readPageSizes(a5)).toEqual([{ width: 420, height: 595 }]);
    const roll = await getPdf(
      "salesInvoice",
      invoiceId,
      `&preview=${encodeURIComponent('{"printing":"thermal80"}')}`,
    );
    const [rollPage] = await readPageSizes(roll);
    expect(rollPage?.width).toBe(227);
    const rollText = await extractPdfText(roll);
    // The roll is a tax invoice too (rule 46): the supplier's GSTIN and the buyer's are on it.
    expect(rollText).toContain("GSTIN: 27AAPFU0939F1ZV");
    expect(rollText).toContain("GSTIN: 27AAACR5055K1Z5");
    expect(rollText).toContain("Basmati Rice");
    expect(rollText).toContain("Total ₹210.00");
    const modern = await getPdf(
      "salesInvoice",
      invoiceId,
      `&preview=${encodeURIComponent('{"selectedTemplate":"modern"}')}`,
    );
    expect(await extractPdfText(modern)).toContain("Total ₹210.00");
    expect((await drawFirstPage(modern)).equals(await drawFirstPage(a4))).toBe(false);
  });

  test("a preview applies settings without saving them", async () => {
    const preview = await getPdf(
      "salesInvoice",
      invoiceId,
      `&preview=${encodeURIComponent('{"heading":"Proforma Invoice"}')}`,
    );
    expect(await extractPdfText(preview)).toContain("PROFORMA INVOICE");
    expect(await extractPdfText(await getPdf("salesInvoice", invoiceId))).toContain("TAX INVOICE");
  });

  test("an invoice of exempt supplies is a bill of supply without tax columns (rule 49)", async () => {
    const saved = await addOk("salesinvoice", {
      ...itemDocument(ravi, "27", [
        { itemId: rice, quantity: 2, rate: 100, gstRate: 0, hsnCode: "1006" },
      ]),
      itemDetails: [
        {
          itemId: rice,
          quantity: 2,
          rate: 100,
          gstRate: -1,
          hsnCode: "1006",
          discountType: "percent",
          discount: 0,
          amount: 200,
        },
      ],
    });
    const text = await extractPdfText(await getPdf("salesInvoice", saved.entryId));
    expect(text).toContain("BILL OF SUPPLY");
    expect(text).not.toContain("TAX INVOICE");
    expect(text).not.toContain("CGST");
    expect(text).toContain("Total ₹200.00");
  });
});

describe("account statement (GET /ledger/getLedger?download=true&statement=true)", () => {
  test("opening, entries with running balance, closing, and the open bills with their age", async () => {
    const party = await insertAccount(context, org, {
      name: "Kavya Textiles",
      nature: "Debtors",
      stateCode: "27",
      openingBalancePaise: 50_000_00,
    });
    const first = await addOk("salesinvoice", {
      ...itemDocument(party, "27", [
        { itemId: rice, quantity: 10, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
      date: "2025-04-10",
    });
    await addOk("salesinvoice", {
      ...itemDocument(party, "27", [
        { itemId: rice, quantity: 20, rate: 100, gstRate: 5, hsnCode: "1006" },
      ]),
      date: "2025-05-20",
    });
    await addOk("receipts", {
      organisationId: org,
      year: YEAR,
      date: "2025-05-25",
      receivedAccountId: bank,
      receivedAmount: 1050,
      entries: [
        {
          accountId: party,
          amount: 1050,
          billWiseEntries: [{ entryId: first.entryId, amount: 1050 }],
        },
      ],
    });
    const url = `/api/ledger/getLedger?organisationId=${org}&accountId=${party}&startDate=2025-04-01&endDate=2025-06-30&download=true&format=pdf&statement=true`;
    const response = await inject({ method: "GET", url, headers: as(owner) });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const text = await extractPdfText(response.rawPayload);
    expect(text).toContain("STATEMENT OF ACCOUNT");
    expect(text).toContain("Kavya Textiles");
    expect(text).toContain("Period: 01-04-2025 to 30-06-2025");
    expect(text).toContain("Opening Balance ₹50,000.00 Dr");
    // 50,000 + 1,050 = 51,050; + 2,100 = 53,150; − 1,050 = 52,100.
    expect(text).toContain("₹51,050.00 Dr");
    expect(text).toContain("₹53,150.00 Dr");
    expect(text).toContain("Closing Balance ₹52,100.00 Dr");
    // The first invoice is settled; the second (20-05-2025) is open, 41 days old on 30-06-2025.
    expect(text).toContain("Open Bills as at 30-06-2025, with their age in days (₹2,100.00 due)");
    expect(text).toMatch(/20-05-2025 2,100\.00 2,100\.00 41/);
    expect(await checkPdfStructure(response.rawPayload)).toContain(
      "No syntax or stream encoding errors",
    );

    const foreign = await inject({ method: "GET", url, headers: as(stranger) });
    expect(foreign.statusCode).toBe(403);

    // Issue 40: the ledger's table PDF (Download → PDF) lists the same open bills with their age.
    const table = await inject({
      method: "GET",
      url: url.replace("&statement=true", ""),
      headers: as(owner),
    });
    expect(table.statusCode, table.body.slice(0, 200)).toBe(200);
    expect(table.headers["content-type"]).toBe("application/pdf");
    const tableText = await extractPdfText(table.rawPayload);
    expect(tableText).toContain("Ledger - Kavya Textiles");
    expect(tableText).toContain(
      "Open Bills as at 30-06-2025, with their age in days (Rs.2,100.00 due)",
    );
    expect(tableText).toMatch(/Bill No\.\s+Date\s+Due Date\s+Amount\s+Pending\s+Age \(days\)/);
    expect(tableText).toMatch(/20-05-2025\s+2,100\.00\s+2,100\.00\s+41/);
    // The settled first invoice is not listed as open.
    expect(tableText).not.toMatch(/10-04-2025\s+1,050\.00\s+1,050\.00/);
    const bankLedger = await inject({
      method: "GET",
      url: url.replace("&statement=true", "").replace(party, bank),
      headers: as(owner),
    });
    expect(bankLedger.statusCode).toBe(200);
    expect(await extractPdfText(bankLedger.rawPayload)).not.toContain("Open Bills");
  });
});

describe("Indian scripts in printed documents (decisions 051, 052)", () => {
  let ram: string;
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    ram = await insertAccount(context, org, {
      name: "राम ट्रेडर्स",
      nature: "Debtors",
      stateCode: "27",
    });
    const ponni = await insertItem(context, org, { name: "பொன்னி அரிசி (Ponni Rice)", gstRate: 5 });
    const saved = await addOk(
      "salesinvoice",
      itemDocument(
        ram,
        "27",
        [{ itemId: ponni, quantity: 2, rate: 60, gstRate: 5, hsnCode: "1006" }],
        { billingAddress: "१२ शिवाजी नगर, Pune" },
      ),
    );
    pdf = await getPdf("salesInvoice", saved.entryId);
    text = await extractPdfText(pdf);
  });

  test("a Devanagari party and a Tamil item print in their Noto fonts, embedded, and pass qpdf", async () => {
    expect(text).not.toContain("Indian script");
    // Extracted text of shaped Indic comes back in the glyphs' visual order (िशवाजी for शिवाजी,
    // ெபா for பொ): these words have no reordered sign and come back as typed.
    expect(text).toContain("Bill To राम");
    expect(text).toContain("नगर, Pune");
    expect(text).toContain("அரிசி (Ponni Rice)");
    expect(await checkPdfStructure(pdf)).toContain("No syntax or stream encoding errors");
    const fonts = await listEmbeddedFonts(pdf);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    const names = fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, "")).sort();
    // The party's name is bold (Medium), the address regular; Tamil only in the description.
    expect(names).toEqual([
      "NotoSansDevanagari-Medium",
      "NotoSansDevanagari-Regular",
      "NotoSansTamil-Regular",
      "Roboto-Medium",
      "Roboto-Regular",
    ]);
  });

  test("a Latin-only invoice embeds no Indian script's font", async () => {
    const saved = await addOk(
      "salesinvoice",
      itemDocument(ravi, "27", [{ itemId: rice, quantity: 1, rate: 50, gstRate: 5 }]),
    );
    const fonts = await listEmbeddedFonts(await getPdf("salesInvoice", saved.entryId));
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual([
      "Roboto-Medium",
      "Roboto-Regular",
    ]);
  });

  test("a Bengali name and an Assamese address print in Noto Sans Bengali, shaped by HarfBuzz (decision 052)", async () => {
    const durga = await insertAccount(context, org, {
      name: "Durga Stores শ্রী দুর্গা কোম্পানি প্রাইভেট লিমিটেড",
      nature: "Debtors",
      stateCode: "19",
    });
    const saved = await addOk(
      "salesinvoice",
      itemDocument(durga, "19", [{ itemId: rice, quantity: 1, rate: 50, gstRate: 5 }], {
        billingAddress: "১২ কলকাতা রাস্তা, গুৱাহাটী",
      }),
    );
    const bengali = await getPdf("salesInvoice", saved.entryId);
    const text = await extractPdfText(bengali);
    expect(text).not.toContain("Indian script");
    // Words without a reordered sign or a mark come back as typed (reph and ি, ে, ো come back
    // in visual order, as with the other scripts, and text readers see a gap at a placed mark).
    expect(text).toContain("Durga Stores শ্র");
    expect(text).toContain("১২ কলকাতা রাস্ত");
    expect(text).toContain("ৱাহাটী");
    expect(await checkPdfStructure(bengali)).toContain("No syntax or stream encoding errors");
    const fonts = await listEmbeddedFonts(bengali);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual([
      "NotoSansBengali-Medium",
      "NotoSansBengali-Regular",
      "Roboto-Medium",
      "Roboto-Regular",
    ]);
  });

  test("the account statement prints the Devanagari name too", async () => {
    const url = `/api/ledger/getLedger?organisationId=${org}&accountId=${ram}&startDate=2025-04-01&endDate=2025-06-30&download=true&format=pdf&statement=true`;
    const response = await inject({ method: "GET", url, headers: as(owner) });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const statement = response.rawPayload;
    expect(await extractPdfText(statement)).toContain("To राम");
    expect(await checkPdfStructure(statement)).toContain("No syntax or stream encoding errors");
    const fonts = await listEmbeddedFonts(statement);
    expect(fonts.some((font) => font.name.endsWith("+NotoSansDevanagari-Medium"))).toBe(true);
  });
});
