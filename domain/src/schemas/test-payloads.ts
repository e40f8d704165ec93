/** Valid payloads for the schema tests; each test breaks one field at a time. */

export const ORG = "0190a6f2-7c1e-7b3a-9d42-5f1e2a3b4c5d";

export function buildItemLine(overrides: Record<string, unknown> = {}) {
  return {
    itemId: "item-1",
    quantity: 2,
    rate: 500,
    discountType: "percent",
    discount: 10,
    gstRate: 18,
    amount: 900,
    cgstAmount: 81,
    sgstAmount: 81,
    ...overrides,
  };
}

export function buildDocument(overrides: Record<string, unknown> = {}) {
  return {
    organisationId: ORG,
    year: "2024-25",
    date: "2024-06-15",
    invoiceNumber: "INV-1",
    cashOrDebtorAccountId: "acc-debtor",
    partyName: "Asha Traders",
    gstin: "27aapfu0939f1zv",
    pos: "27",
    itemDetails: [buildItemLine()],
    accountDetails: [],
    grossAmount: 900,
    cgstAmount: 81,
    sgstAmount: 81,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: 1062,
    ...overrides,
  };
}

export function buildReceipt(overrides: Record<string, unknown> = {}) {
  return {
    organisationId: ORG,
    year: "2024-25",
    date: "2025-03-31",
    receivedAccountId: "acc-bank",
    receivedAmount: 1500.5,
    entries: [
      {
        accountId: "acc-a",
        amount: 1000.25,
        billWiseEntries: [{ entryId: "inv-1", amount: 1000.25 }],
      },
      { accountId: "acc-b", amount: 500.25 },
    ],
    narration: "Received against bills",
    ...overrides,
  };
}

export function buildPayment(overrides: Record<string, unknown> = {}) {
  return {
    organisationId: ORG,
    year: "2024-25",
    date: "2024-04-01",
    paidAccountId: "acc-cash",
    paidAmount: 0.3,
    entries: [
      { accountId: "acc-a", amount: 0.1 },
      { accountId: "acc-b", amount: 0.2 },
    ],
    ...overrides,
  };
}

export function buildFundTransfer(overrides: Record<string, unknown> = {}) {
  return {
    organisationId: ORG,
    year: "2024-25",
    date: "2024-12-01",
    paidAccountId: "acc-cash",
    paidAmount: 5000,
    receivedAccountId: "acc-bank",
    receivedAmount: 5000,
    bankImportId: "bank-line-1",
    ...overrides,
  };
}

export function buildJournal(overrides: Record<string, unknown> = {}) {
  return {
    organisationId: ORG,
    year: "2024-25",
    date: "2024-09-30",
    entries: [
      { accountId: "acc-rent", debitAmount: 12000 },
      { accountId: "acc-tds", creditAmount: 1200 },
      { accountId: "acc-landlord", debitAmount: 0, creditAmount: 10800 },
    ],
    narration: "Rent for September",
    ...overrides,
  };
}
