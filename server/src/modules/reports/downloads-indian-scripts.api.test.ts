import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem } from "../../../test/books.ts";
import { checkPdfStructure, extractPdfText, listEmbeddedFonts } from "../../../test/pdf.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// List and report downloads print Indian scripts as printed documents do (decision 052): each
// run in its Noto Sans font, embedded, read only when the download has such text.

let context: TestContext;
let owner: Person;
let org: string;
let latinOrg: string;

const PARTIES = {
  hindi: "राम ट्रेडर्स",
  tamil: "தமிழ் ஸ்டோர்ஸ்",
  bengali: "শ্রী দুর্গা কোম্পানি",
  sinhala: "ලංකා ස්ටෝර්ස්",
};

async function addInvoice(
  organisationId: string,
  party: string,
  item: string,
  number: string,
  amount: number,
) {
  const response = await context.app.inject({
    method: "POST",
    url: "/api/salesinvoice/add",
    headers: as(owner),
    payload: {
      organisationId,
      year: "2025-26",
      date: "2025-05-10",
      invoiceNumber: number,
      cashOrDebtorAccountId: party,
      itemDetails: [{ itemId: item, quantity: 1, rate: amount, gstRate: 0, amount }],
      grossAmount: amount,
      totalAmount: amount,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
  }));
  const item = await insertItem(context, org, { name: "Cotton Saree" });
  let number = 1;
  for (const name of Object.values(PARTIES)) {
    const party = await insertAccount(context, org, { name, nature: "Debtors" });
    await addInvoice(org, party, item, `INV-${number}`, 1000 * number);
    number++;
  }
  ({ organisationId: latinOrg } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
  }));
  const ravi = await insertAccount(context, latinOrg, { name: "Ravi Stores", nature: "Debtors" });
  await addInvoice(
    latinOrg,
    ravi,
    await insertItem(context, latinOrg, { name: "Rice" }),
    "R-1",
    50,
  );
});
afterAll(() => context.close());

async function download(path: string, organisationId: string): Promise<Buffer> {
  const params = new URLSearchParams({
    organisationId,
    year: "2025-26",
    download: "true",
    format: "pdf",
  });
  const response = await context.app.inject({
    method: "GET",
    url: `/api/${path}?${params}`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers["content-type"]).toBe("application/pdf");
  return response.rawPayload;
}

const fontNames = async (pdf: Buffer) =>
  (await listEmbeddedFonts(pdf)).map((font) => ({
    name: font.name.replace(/^[A-Z]{6}\+/, ""),
    embedded: font.embedded,
  }));

describe("Indian scripts in list and report downloads (decision 052)", () => {
  test.each([
    ["the sales invoice list", "salesinvoice/salesinvoicelist"],
    ["sales by customer", "salesreports/salesbycustomer"],
  ])(
    "%s prints Hindi, Tamil, Bengali and Sinhala party names in their embedded Noto fonts",
    async (_name, path) => {
      const pdf = await download(path, org);
      const text = await extractPdfText(pdf);
      expect(text).not.toContain("Indian script");
      expect(text).not.toContain("?");
      // Words without a reordered vowel sign or a placed mark come back as typed.
      expect(text).toContain("राम");
      expect(text).toContain("தமிழ்");
      expect(text).toContain("শ্র");
      expect(text).toContain("ලංකා");
      expect(await checkPdfStructure(pdf)).toContain("No syntax or stream encoding errors");
      const fonts = await fontNames(pdf);
      // Latin stays in the standard Helvetica, which readers carry (not embedded).
      expect(fonts.filter((font) => font.name.startsWith("Helvetica")).length).toBeGreaterThan(0);
      const noto = fonts.filter((font) => font.name.startsWith("NotoSans"));
      expect(noto.every((font) => font.embedded)).toBe(true);
      expect(noto.map((font) => font.name.replace(/-.*/, "")).sort()).toEqual(
        expect.arrayContaining([
          "NotoSansBengali",
          "NotoSansDevanagari",
          "NotoSansSinhala",
          "NotoSansTamil",
        ]),
      );
    },
  );

  test("a Latin-only list embeds no Indian script's font", async () => {
    const pdf = await download("salesinvoice/salesinvoicelist", latinOrg);
    expect(await extractPdfText(pdf)).toContain("Ravi Stores");
    const fonts = await fontNames(pdf);
    expect(fonts.some((font) => font.name.startsWith("NotoSans"))).toBe(false);
  });
});
