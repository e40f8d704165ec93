import { expect } from "vitest";
import { as, insertAccount, insertItem } from "./books.ts";
import { createOrganisation, type Person } from "./people.ts";
import type { TestContext } from "./test-app.ts";

// A small set of books for the sending tests (issue 22): one organisation with a customer, an
// item and a sales invoice made through the real API.

export const SENDING_YEAR = "2025-26";

export interface SendingBooks {
  organisationId: string;
  customerId: string;
  invoiceId: string;
  invoiceNumber: string;
}

export async function makeSendingBooks(context: TestContext, owner: Person): Promise<SendingBooks> {
  const { organisationId } = await createOrganisation(context, owner.cookies, {
    name: "Gupta Traders",
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: SENDING_YEAR,
    billingAddress: "12 MG Road, Pune",
  });
  const customerId = await insertAccount(context, organisationId, {
    name: "Ravi Stores",
    nature: "Debtors",
    stateCode: "27",
  });
  const rice = await insertItem(context, organisationId, { name: "Basmati Rice", gstRate: 5 });
  const { entryId, number } = await addInvoice(context, owner, organisationId, customerId, rice);
  return { organisationId, customerId, invoiceId: entryId, invoiceNumber: number };
}

/** 10 kg rice at ₹120 + 5% GST inside Maharashtra: ₹1,260.00. */
export async function addInvoice(
  context: TestContext,
  owner: Person,
  organisationId: string,
  customerId: string,
  itemId: string,
) {
  const response = await context.app.inject({
    method: "POST",
    url: "/api/salesinvoice/add",
    headers: as(owner),
    payload: {
      organisationId,
      year: SENDING_YEAR,
      date: "2025-05-10",
      cashOrDebtorAccountId: customerId,
      pos: "27",
      itemDetails: [
        {
          itemId,
          quantity: 10,
          rate: 120,
          gstRate: 5,
          hsnCode: "1006",
          uom: "KGS",
          discountType: "percent",
          discount: 0,
          amount: 1200,
        },
      ],
      accountDetails: [],
      grossAmount: 1200,
      cgstAmount: 30,
      sgstAmount: 30,
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: 1260,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entryId: string; number: string };
}
