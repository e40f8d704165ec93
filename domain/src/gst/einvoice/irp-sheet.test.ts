import { describe, expect, test } from "vitest";
import { IRP_SHEET_MESSAGES, parseAckDate, parseIrpSheetRows } from "./irp-sheet.ts";

const token = (data: Record<string, unknown>) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256" })}.${part({ data: JSON.stringify(data), iss: "NIC" })}.c2ln`;
};
const IRN = "a".repeat(64);
const OTHER_IRN = "b".repeat(64);

describe("the Ack Date of a sheet", () => {
  test.each([
    ["2025-09-16 19:29:00", "2025-09-16 19:29:00"],
    ["2025-09-16T19:29", "2025-09-16 19:29:00"],
    ["16/09/2025 19:29:00", "2025-09-16 19:29:00"],
    ["16/09/2025 07:29:05 PM", "2025-09-16 19:29:05"],
    ["16-09-2025 12:10 AM", "2025-09-16 00:10:00"],
    ["16-Sep-2025 12:10 PM", "2025-09-16 12:10:00"],
    ["6/9/2025", "2025-09-06 00:00:00"],
  ])("%s reads as %s", (typed, expected) => {
    expect(parseAckDate(typed)).toBe(expected);
  });

  test.each(["", "yesterday", "31/02/2025 10:00", "16/09/2025 25:00", "16/09/2025 13:00 PM"])(
    "%s is not one",
    (typed) => {
      expect(parseAckDate(typed)).toBeNull();
    },
  );
});

describe("the IRP's sheet of generated IRNs", () => {
  const header = [
    "Sl No",
    "Doc Type",
    "Doc No",
    "Doc Date",
    "Ack No.",
    "Ack Date",
    "IRN",
    "Signed QR Code",
  ];

  test("rows below title rows, by their headings, in any order", () => {
    const qr = token({ DocNo: "INV-7", DocTyp: "INV", Irn: IRN });
    const parsed = parseIrpSheetRows([
      ["IRN generated"],
      [],
      header,
      [
        "1",
        "Invoice",
        "INV-7",
        "16/09/2025",
        "232210036743849",
        "16/09/2025 07:29:00 PM",
        IRN.toUpperCase(),
        qr,
      ],
      ["", "", "", "", "", "", "", ""],
    ]);
    expect(parsed).toEqual({
      acknowledgements: [
        {
          irn: IRN,
          ackNo: "232210036743849",
          ackDate: "2025-09-16 19:29:00",
          signedQrCode: qr,
          signedInvoice: null,
          number: "INV-7",
          docType: "INV",
        },
      ],
      problems: [],
    });
  });

  test("the number and type come from the signed QR when the sheet has no such column", () => {
    const qr = token({ DocNo: "CN-2", DocTyp: "CRN" });
    const parsed = parseIrpSheetRows([
      ["IRN", "AckNo", "AckDt", "SignedQRCode"],
      [IRN, "1", "2025-09-16 10:00:00", qr],
    ]);
    expect(parsed.acknowledgements[0]).toMatchObject({ number: "CN-2", docType: "CRN" });
  });

  test("each faulty row is named by its row in the sheet and left out", () => {
    const parsed = parseIrpSheetRows([
      header,
      ["1", "INV", "INV-1", "", "12", "16/09/2025 10:00", "xyz", "qr"],
      ["2", "INV", "INV-2", "", "A12", "sometime", IRN, ""],
      ["3", "INV", "INV-3", "", "12", "16/09/2025 10:00", IRN, token({ Irn: OTHER_IRN })],
      ["4", "INV", "", "", "12", "16/09/2025 10:00", IRN, "qr"],
      ["5", "INV", "INV-5", "", "12", "16/09/2025 10:00", IRN, "qr"],
    ]);
    expect(parsed.problems).toEqual([
      IRP_SHEET_MESSAGES.badIrn(2),
      IRP_SHEET_MESSAGES.badAckNo(3),
      IRP_SHEET_MESSAGES.badAckDate(3),
      IRP_SHEET_MESSAGES.noSignedQr(3),
      IRP_SHEET_MESSAGES.qrMismatch(4),
      IRP_SHEET_MESSAGES.noNumber(5),
    ]);
    expect(parsed.acknowledgements.map((ack) => ack.number)).toEqual(["INV-5"]);
  });

  test("a cancelled row is left out, saying so", () => {
    const parsed = parseIrpSheetRows([
      ["Doc No", "Ack No", "Ack Date", "IRN", "Signed QR Code", "Status"],
      ["INV-1", "12", "16/09/2025 10:00", IRN, "qr", "Cancelled"],
      ["INV-2", "13", "16/09/2025 10:00", OTHER_IRN, "qr", "Active"],
    ]);
    expect(parsed.problems).toEqual([IRP_SHEET_MESSAGES.notActive(2, "cancelled")]);
    expect(parsed.acknowledgements.map((ack) => ack.number)).toEqual(["INV-2"]);
  });

  test("no such columns, or no rows", () => {
    expect(
      parseIrpSheetRows([
        ["Doc No", "EWB No"],
        ["INV-1", "1"],
      ]).problems,
    ).toEqual([IRP_SHEET_MESSAGES.noColumns]);
    expect(parseIrpSheetRows([header]).problems).toEqual([IRP_SHEET_MESSAGES.empty]);
  });
});
