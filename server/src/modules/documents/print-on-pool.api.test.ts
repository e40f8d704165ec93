import { afterAll, beforeAll, expect, test } from "vitest";
import { as, insertAccount, insertItem } from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { stopHeavyWork } from "../../lib/heavy-work/pool.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readPrintSource } from "./documents.service.ts";
import { buildPrintDocument, describePrintDocument, nameDocumentFile } from "./print-model.ts";
import { renderPrintPdf } from "./print-pdf.ts";
import { describeVoucher } from "./print-renderer.ts";

// Decision 390: a voucher's document model is built on the heavy-work pool from its stored JSON
// text, no longer on the serving thread. What the person gets must not change: the PDF of a
// many-line invoice reads the same as the one laid out from the model built here, in the test's
// own thread (as the server did before), and so do its file name and the names a message uses.

const YEAR = "2025-26";
const LINES = 60;

let context: TestContext;
let owner: Person;
let stranger: Person;
let organisationId: string;
let entryId: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  stranger = await signUpPerson(context);
  ({ organisationId } = await createOrganisation(context, owner.cookies, {
    name: "Pool Print Traders",
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: YEAR,
    billingAddress: "12 MG Road, Pune",
  }));
  await createOrganisation(context, stranger.cookies, { name: "Elsewhere", startingYear: YEAR });
  const customer = await insertAccount(context, organisationId, {
    name: "Ravi Stores",
    nature: "Debtors",
    stateCode: "27",
  });
  const rice = await insertItem(context, organisationId, { name: "Basmati Rice", gstRate: 5 });
  const dal = await insertItem(context, organisationId, { name: "Toor Dal", gstRate: 5 });
  const added = await context.app.inject({
    method: "POST",
    url: "/api/salesinvoice/add",
    headers: as(owner),
    payload: {
      organisationId,
      year: YEAR,
      date: "2025-05-10",
      cashOrDebtorAccountId: customer,
      pos: "27",
      // Each line: (index + 1) units at ₹100 + 5 % GST inside the state.
      itemDetails: Array.from({ length: LINES }, (_, index) => ({
        itemId: index % 2 === 0 ? rice : dal,
        quantity: index + 1,
        rate: 100,
        gstRate: 5,
        hsnCode: index % 2 === 0 ? "1006" : "0713",
        uom: "KGS",
        discountType: "percent",
        discount: 0,
        amount: 100 * (index + 1),
      })),
      accountDetails: [],
      grossAmount: 100 * ((LINES * (LINES + 1)) / 2),
      cgstAmount: 2.5 * ((LINES * (LINES + 1)) / 2),
      sgstAmount: 2.5 * ((LINES * (LINES + 1)) / 2),
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: 105 * ((LINES * (LINES + 1)) / 2),
    },
  });
  expect(added.statusCode, added.body.slice(0, 300)).toBe(200);
  entryId = added.json().entryId;
});
afterAll(async () => {
  await stopHeavyWork();
  await context.close();
});

const deps = () =>
  ({
    db: context.testDatabase.database.db,
    kind: context.testDatabase.database.kind,
    config: { dataDir: context.dataDir },
  }) as unknown as ModuleDeps;
const ownerCaller = () => ({ kind: "user" as const, userId: owner.userId, sessionId: "test" });

const pdfUrl = (copies = 1) =>
  `/api/getpdf/transactionpdf?organisationId=${organisationId}&entryId=${entryId}&transactionType=salesInvoice&format=download&noOfCopies=${copies}`;

test("a many-line invoice's PDF from the pool reads as the one from a model built in this thread", async () => {
  const response = await context.app.inject({
    method: "GET",
    url: pdfUrl(2),
    headers: as(owner),
  });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const source = await readPrintSource(deps(), ownerCaller(), {
    organisationId,
    entryId,
    type: "salesInvoice",
    copies: 2,
  });
  const document = buildPrintDocument(source);
  const here = await renderPrintPdf(document);
  const pooled = await extractPdfText(response.rawPayload);
  expect(pooled).toBe(await extractPdfText(here));
  // The figures are there: the last line's taxable value and the invoice's total.
  expect(pooled).toContain("6,000.00");
  expect(pooled).toContain("1,92,150.00");
  expect(response.headers["content-disposition"]).toContain(nameDocumentFile(document));
});

test("the names a message uses are read on the pool as they were here", async () => {
  const source = await readPrintSource(deps(), ownerCaller(), {
    organisationId,
    entryId,
    type: "salesInvoice",
    copies: 1,
  });
  const header = await describeVoucher(source, { organisationId });
  expect(header).toEqual(describePrintDocument(buildPrintDocument(source)));
  expect(header).toMatchObject({ partyName: "Ravi Stores", supplierName: "Pool Print Traders" });
});

test("another organisation's person gets no PDF of it", async () => {
  const response = await context.app.inject({
    method: "GET",
    url: pdfUrl(),
    headers: as(stranger),
  });
  expect(response.statusCode).toBe(403);
  expect(response.headers["content-type"]).not.toBe("application/pdf");
});
