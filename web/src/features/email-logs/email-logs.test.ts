import type { EmailLogEntry } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import { describeEmailLog } from "./email-logs.ts";

const scope = { organisationId: "org1", year: "2025-26" };

function entry(overrides: Partial<EmailLogEntry>): EmailLogEntry {
  return {
    _id: "m1",
    channel: "email",
    createdAt: "2025-11-21T09:35:00.000Z",
    sentAt: null,
    to: "accounts@ravi.example",
    subject: "Invoice INV-7",
    documents: [],
    accountId: null,
    sentBy: "u1",
    sentByName: "Anil Gupta",
    status: "sent",
    reason: null,
    attempts: 1,
    deliveredVia: "smtp",
    providerMessageId: null,
    resentFrom: null,
    filesDroppedAt: null,
    ...overrides,
  };
}

describe("describeEmailLog", () => {
  test("shows India's time, the document with a link to its print page, and the status", () => {
    const [row] = describeEmailLog(
      [
        entry({
          documents: [{ entryId: "e7", transactionType: "salesInvoice", number: "INV-7" }],
        }),
      ],
      scope,
    );
    expect(row).toMatchObject({
      at: "21-11-2025 03:05 pm",
      channel: "Email",
      to: "accounts@ravi.example",
      statusLabel: "Sent",
      sentBy: "Anil Gupta",
      canResend: true,
    });
    expect(row?.documents).toEqual([
      {
        key: "salesInvoice:e7",
        label: "Sales Invoice INV-7",
        path: "/org1/2025-26/sales/print/e7",
        shared: { entryId: "e7", type: "salesInvoice" },
      },
    ]);
  });

  test("a statement links to the ledger; system mail cannot be resent; a failure keeps its reason", () => {
    const [row] = describeEmailLog(
      [
        entry({
          channel: "whatsapp",
          sentBy: null,
          sentByName: null,
          status: "failed",
          reason: "550 5.1.1 No such user",
          documents: [{ entryId: "acc1", transactionType: "ledger", number: null }],
        }),
      ],
      scope,
    );
    expect(row).toMatchObject({
      channel: "WhatsApp",
      sentBy: "Bahi",
      statusLabel: "Failed",
      reason: "550 5.1.1 No such user",
      canResend: false,
    });
    expect(row?.documents).toEqual([
      { key: "ledger:acc1", label: "Statement", path: "/org1/2025-26/ledger/acc1", shared: null },
    ]);
  });
});

describe("retention (decision 083)", () => {
  test("a message whose files were dropped says so and cannot be resent", () => {
    const [row] = describeEmailLog([entry({ filesDroppedAt: "2026-02-19T00:00:00.000Z" })], scope);
    expect(row).toMatchObject({ filesDropped: true, canResend: false });
    const [kept] = describeEmailLog([entry({})], scope);
    expect(kept).toMatchObject({ filesDropped: false, canResend: true });
  });
});
