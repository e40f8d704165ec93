import { describe, expect, test } from "vitest";
import {
  DEFAULT_DOCUMENT_SETTINGS,
  DocumentSettingsInput,
  describeCopyCaptions,
  readDocumentSettings,
  TransactionPdfQuery,
} from "./document-settings.ts";

describe("rule 48 copy captions", () => {
  test("goods: recipient, transporter, supplier", () => {
    expect(describeCopyCaptions(3, "goods")).toEqual([
      "ORIGINAL FOR RECIPIENT",
      "DUPLICATE FOR TRANSPORTER",
      "TRIPLICATE FOR SUPPLIER",
    ]);
  });

  test("services: recipient, then supplier; at least one and at most three", () => {
    expect(describeCopyCaptions(2, "services")).toEqual([
      "ORIGINAL FOR RECIPIENT",
      "DUPLICATE FOR SUPPLIER",
    ]);
    expect(describeCopyCaptions(0, "goods")).toEqual(["ORIGINAL FOR RECIPIENT"]);
    expect(describeCopyCaptions(9, "services")).toHaveLength(3);
  });
});

describe("document settings", () => {
  test("stored settings read over the defaults; anything unreadable falls back", () => {
    expect(readDocumentSettings(undefined)).toEqual(DEFAULT_DOCUMENT_SETTINGS);
    expect(readDocumentSettings({ heading: "Retail Invoice", printing: "A5" })).toEqual({
      ...DEFAULT_DOCUMENT_SETTINGS,
      heading: "Retail Invoice",
      printing: "A5",
    });
    expect(readDocumentSettings({ printing: "A3" })).toEqual(DEFAULT_DOCUMENT_SETTINGS);
  });

  test("the save payload takes form text for flags and refuses unknown page sizes", () => {
    const parsed = DocumentSettingsInput.parse({ organisationId: "org-1", showRCM: "false" });
    expect(parsed).toEqual({ organisationId: "org-1", showRCM: false });
    const refused = DocumentSettingsInput.safeParse({ organisationId: "org-1", printing: "A3" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      "Printing must be A4, A5, thermal80 or thermal58.",
    );
  });

  test("the PDF query: download by default, one copy, at most three", () => {
    expect(
      TransactionPdfQuery.parse({
        organisationId: "o",
        entryId: "e",
        transactionType: "quotation",
      }),
    ).toEqual({
      organisationId: "o",
      entryId: "e",
      transactionType: "quotation",
      format: "download",
      noOfCopies: 1,
    });
    const four = TransactionPdfQuery.safeParse({
      organisationId: "o",
      entryId: "e",
      transactionType: "quotation",
      noOfCopies: "4",
    });
    expect(four.error?.issues[0]?.message).toBe("Number of copies must be 1, 2 or 3.");
  });
});
