import { EMAIL_INVALID, PHONE_INVALID } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import type { ListRecord } from "../../lists/lists.api.ts";
import type { BulkResult } from "../sending.api.ts";
import {
  addressLabel,
  addressOf,
  allChosen,
  canSend,
  checkSend,
  chooseAll,
  DOCUMENT_TYPES,
  fieldsFromTemplate,
  messageHelp,
  noDocumentsText,
  ONE_MESSAGE_PLACEHOLDERS,
  resultBadge,
  rowCells,
  SEND_LIMIT,
  sendFailedTitle,
  sendPayload,
  sendStatusText,
  TYPE_OPTIONS,
  templateOptions,
  toggleChosen,
} from "./multiple-docs.model.ts";

const record = (id: string, extra: Partial<ListRecord> = {}): ListRecord => ({
  _id: id,
  version: 1,
  number: id.toUpperCase(),
  ...extra,
});

const DRAFT = {
  accountId: "a-asha",
  chosen: new Set(["e1", "e2"]),
  channel: "email" as const,
  to: " asha@example.in ",
  subject: "Bills",
  body: "Namaste,\n{documentList}",
};

describe("Send Multiple Docs: types, party and address", () => {
  test("the printable types, sales invoices first, by their plural titles", () => {
    expect(DOCUMENT_TYPES[0]).toBe("salesInvoice");
    expect(TYPE_OPTIONS[0]).toEqual({ value: "salesInvoice", label: "Sales Invoices" });
    expect(DOCUMENT_TYPES).not.toContain("journal");
  });

  test("the party's saved address for the channel, else blank", () => {
    const asha = { email: "asha@example.in", mobileNo: "9876543210" };
    expect(addressOf(asha, "email")).toBe("asha@example.in");
    expect(addressOf(asha, "whatsapp")).toBe("9876543210");
    expect(addressOf({ email: null, mobileNo: null }, "email")).toBe("");
    expect(addressOf(null, "whatsapp")).toBe("");
    expect(addressLabel("email")).toBe("Email address");
    expect(addressLabel("whatsapp")).toBe("Phone number");
  });

  test("a party without documents of the type this year", () => {
    expect(noDocumentsText("Asha Traders", "salesInvoice", "2025-26")).toBe(
      "Asha Traders has no sales invoices in 2025-26.",
    );
  });
});

describe("Send Multiple Docs: choosing documents", () => {
  const rows = Array.from({ length: SEND_LIMIT + 5 }, (_, index) => record(`e${index}`));

  test("a box ticked adds the document, cleared takes it off, the old choice is kept", () => {
    const before = new Set(["e1"]);
    expect([...toggleChosen(before, "e2", true)]).toEqual(["e1", "e2"]);
    expect([...toggleChosen(before, "e1", false)]).toEqual([]);
    expect([...before]).toEqual(["e1"]);
  });

  test("Choose all takes the first fifty; clearing it takes none", () => {
    const all = chooseAll(rows, true);
    expect(all.size).toBe(SEND_LIMIT);
    expect(all.has("e0")).toBe(true);
    expect(all.has(`e${SEND_LIMIT}`)).toBe(false);
    expect(chooseAll(rows, false).size).toBe(0);
  });

  test("Choose all is ticked only when every document is chosen", () => {
    const two = [record("e1"), record("e2")];
    expect(allChosen(two, new Set(["e1", "e2"]))).toBe(true);
    expect(allChosen(two, new Set(["e1"]))).toBe(false);
    expect(allChosen([], new Set())).toBe(false);
  });

  test("Send is open from one document up to the limit", () => {
    expect(canSend(0)).toBe(false);
    expect(canSend(1)).toBe(true);
    expect(canSend(SEND_LIMIT)).toBe(true);
    expect(canSend(SEND_LIMIT + 1)).toBe(false);
  });

  test("a row's date and amount, blank when the list has none", () => {
    expect(rowCells(record("e1", { date: "2025-05-10", totalAmount: 1260 }))).toEqual({
      date: "10-05-2025",
      amount: "1,260.00",
    });
    expect(rowCells(record("e1"))).toEqual({ date: "", amount: "" });
  });
});

describe("Send Multiple Docs: the message", () => {
  const templates = [
    { _id: null, name: "Standard", subject: "Documents", template: "Dear {customerName}" },
    { _id: "t2", name: "Short", template: "Hi" },
  ];

  test("the server's first template fills the fields; another replaces them", () => {
    expect(fieldsFromTemplate(templates)).toEqual({
      template: "0",
      subject: "Documents",
      body: "Dear {customerName}",
    });
    expect(fieldsFromTemplate(templates, 1)).toEqual({ template: "1", subject: "", body: "Hi" });
    expect(fieldsFromTemplate(undefined)).toEqual({ template: null, subject: "", body: "" });
    expect(templateOptions(templates)).toEqual([
      { value: "0", label: "Standard" },
      { value: "1", label: "Short" },
    ]);
  });

  test("one message offers the names only; per document, every placeholder", () => {
    expect(messageHelp(false)).toEqual({
      available: ONE_MESSAGE_PLACEHOLDERS,
      description: "{documentList} becomes the list of the chosen documents.",
    });
    expect([...ONE_MESSAGE_PLACEHOLDERS].sort()).toEqual(["customerName", "organisationName"]);
    expect(messageHelp(true).description).toBe(
      "One message for each document, filled for that document.",
    );
    expect(messageHelp(true).available.length).toBeGreaterThan(ONE_MESSAGE_PLACEHOLDERS.length);
  });
});

describe("Send Multiple Docs: sending", () => {
  test("a blank field stops the send; an email needs a subject, WhatsApp does not", () => {
    expect(checkSend(DRAFT)).toBeNull();
    expect(checkSend({ ...DRAFT, accountId: null })).toEqual({ kind: "fillAll" });
    expect(checkSend({ ...DRAFT, chosen: new Set() })).toEqual({ kind: "fillAll" });
    expect(checkSend({ ...DRAFT, to: "  " })).toEqual({ kind: "fillAll" });
    expect(checkSend({ ...DRAFT, body: "\n" })).toEqual({ kind: "fillAll" });
    expect(checkSend({ ...DRAFT, subject: " " })).toEqual({ kind: "fillAll" });
    expect(checkSend({ ...DRAFT, channel: "whatsapp", subject: "", to: "98765 43210" })).toBeNull();
  });

  test("an address that is not one is named with the field's message", () => {
    expect(checkSend({ ...DRAFT, to: "asha@" })).toEqual({
      kind: "address",
      problem: EMAIL_INVALID,
    });
    expect(checkSend({ ...DRAFT, channel: "whatsapp", to: "98765" })).toEqual({
      kind: "address",
      problem: PHONE_INVALID,
    });
  });

  test("what is sent: the address trimmed, the subject for email only, each document typed", () => {
    const input = { organisationId: "org-1", type: "salesInvoice" as const, requestId: "r-1" };
    expect(sendPayload(DRAFT, input)).toEqual({
      organisationId: "org-1",
      accountId: "a-asha",
      to: "asha@example.in",
      subject: "Bills",
      body: "Namaste,\n{documentList}",
      documents: [
        { entryId: "e1", transactionType: "salesInvoice" },
        { entryId: "e2", transactionType: "salesInvoice" },
      ],
      requestId: "r-1",
    });
    expect(sendPayload({ ...DRAFT, channel: "whatsapp" }, input)).not.toHaveProperty("subject");
  });

  test("each result, the status line and the failure's title", () => {
    const result = (status: BulkResult["status"], message: string): BulkResult => ({
      entryId: "e1",
      transactionType: "salesInvoice",
      number: "7",
      status,
      message,
    });
    expect(resultBadge(result("queued", "Email sent successfully"))).toEqual({
      color: "green",
      text: "queued",
    });
    expect(resultBadge(result("failed", "Mailbox full"))).toEqual({
      color: "red",
      text: "Failed: Mailbox full",
    });
    expect(sendStatusText(false, 2)).toBe("2 chosen");
    expect(sendStatusText(true, 1)).toBe("Sending 1 document…");
    expect(sendStatusText(true, 3)).toBe("Sending 3 documents…");
    expect(sendFailedTitle("email")).toBe("Could not send email");
    expect(sendFailedTitle("whatsapp")).toBe("Could not send message");
  });
});
