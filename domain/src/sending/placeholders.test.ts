import { describe, expect, test } from "vitest";
import {
  buildClickToChatUrl,
  describeDocumentPlaceholders,
  describeStatementPlaceholders,
  fillPlaceholders,
  suggestPlaceholders,
  toWhatsAppNumber,
} from "./placeholders.ts";
import {
  describeBulkTemplate,
  describeDefaultTemplate,
  describeTemplateType,
  EmailTemplateInput,
  MESSAGE_TEMPLATE_TYPES,
  placeDocumentList,
} from "./templates.ts";

describe("placeholder filling (issue 22)", () => {
  const values = describeDocumentPlaceholders({
    customerName: "Ravi Stores",
    organisationName: "Gupta Traders",
    documentType: "Tax Invoice",
    number: "INV-7",
    date: "2025-05-09",
    amountPaise: 12_345_678,
    pendingPaise: 40_050,
    dueDate: "2025-06-08",
  });

  test("a document's values in en-IN money and readable dates", () => {
    expect(
      fillPlaceholders(
        "Dear {customerName}, {documentType} {invoiceNumber} of {date} for {amount}; {pendingAmount} due by {dueDate}. {organisationName}",
        values,
      ),
    ).toBe(
      "Dear Ravi Stores, Tax Invoice INV-7 of 09 May 2025 for ₹1,23,456.78; ₹400.50 due by 08 Jun 2025. Gupta Traders",
    );
  });

  test("a known placeholder without a value is emptied; unknown braces stay", () => {
    const noDue = describeDocumentPlaceholders({
      customerName: "A",
      organisationName: "B",
      documentType: "Quotation",
      number: "Q-1",
      date: "2025-04-01",
      amountPaise: 100,
      pendingPaise: null,
      dueDate: null,
    });
    expect(fillPlaceholders("[{dueDate}] [{link}] [{gstin}] {pendingAmount}", noDue)).toBe(
      "[] [] [{gstin}] ₹1.00",
    );
  });

  test("a statement's closing balance says Dr or Cr", () => {
    const owed = describeStatementPlaceholders({
      customerName: "Ravi",
      organisationName: "Gupta",
      startDate: "2025-04-01",
      endDate: "2026-03-31",
      closingBalancePaise: 150_000,
    });
    expect(fillPlaceholders("{startDate} to {endDate}: {closingBalance}", owed)).toBe(
      "01 Apr 2025 to 31 Mar 2026: ₹1,500.00 Dr",
    );
    const advance = describeStatementPlaceholders({
      customerName: "Ravi",
      organisationName: "Gupta",
      startDate: "2025-04-01",
      endDate: "2026-03-31",
      closingBalancePaise: -2_500,
    });
    expect(fillPlaceholders("{closingBalance}", advance)).toBe("₹25.00 Cr");
  });

  test("WhatsApp numbers carry 91 for a 10-digit Indian mobile", () => {
    expect(toWhatsAppNumber("98765 43210")).toBe("919876543210");
    expect(toWhatsAppNumber("09876543210")).toBe("919876543210");
    expect(toWhatsAppNumber("+91 98765-43210")).toBe("919876543210");
    expect(buildClickToChatUrl("9876543210", "Hi & bye")).toBe(
      "https://wa.me/919876543210?text=Hi%20%26%20bye",
    );
  });

  test("typing { offers the placeholders that start with what follows it", () => {
    expect(suggestPlaceholders("Dear {cu")).toEqual({ start: 5, names: ["customerName"] });
    expect(suggestPlaceholders("Dear {")?.names).toContain("link");
    expect(suggestPlaceholders("Dear {customerName} ")).toBeNull();
    expect(suggestPlaceholders("{zz")).toBeNull();
  });
});

describe("template types come from the registry", () => {
  test("printable types and the ledger; not journals", () => {
    expect(MESSAGE_TEMPLATE_TYPES).toContain("salesInvoice");
    expect(MESSAGE_TEMPLATE_TYPES).toContain("creditNote");
    expect(MESSAGE_TEMPLATE_TYPES).toContain("ledger");
    expect(MESSAGE_TEMPLATE_TYPES).not.toContain("journalEntry");
    expect(describeTemplateType("ledger")).toBe("Ledger Statement");
    const bad = EmailTemplateInput.safeParse({
      organisationId: "o",
      name: " ",
      type: "journalEntry",
      subject: "",
      template: "x",
    });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      "Template name is required.",
      "Choose what the template is for.",
      "Subject is required.",
    ]);
  });
});

describe("bulk send's text (decision 084)", () => {
  test("one message for all documents lists them at {documentList}; per document, the type's text", () => {
    const email = describeBulkTemplate("email", "salesInvoice", false);
    expect(email.subject).toBe("Documents from {organisationName}");
    expect(placeDocumentList(email.template, "- A\n- B")).toBe(
      "Dear {customerName},\n\nPlease find attached:\n\n- A\n- B\n\nRegards,\n{organisationName}",
    );
    expect(describeBulkTemplate("whatsapp", "creditNote", false).template).toContain(
      "{documentList}",
    );
    expect(describeBulkTemplate("whatsapp", "creditNote", true)).toEqual(
      describeDefaultTemplate("whatsapp", "creditNote"),
    );
  });

  test("without {documentList} the list goes after the text", () => {
    expect(placeDocumentList("Hello", "- A")).toBe("Hello\n\n- A");
  });
});
