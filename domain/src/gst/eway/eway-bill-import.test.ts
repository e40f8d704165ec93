import { describe, expect, it } from "vitest";
import {
  EWAY_BILL_IMPORT_MESSAGES,
  parseEWayBillJson,
  parseEWayBillRows,
  parsePortalDate,
} from "./eway-bill-import.ts";

describe("the portal's dates", () => {
  it.each([
    ["05/06/2026", "2026-06-05"],
    ["5/6/2026 11:42:00 AM", "2026-06-05"],
    ["05-06-2026", "2026-06-05"],
    ["2026-06-05", "2026-06-05"],
    ["31/02/2026", null],
    ["", null],
  ])("%s → %s", (text, date) => {
    expect(parsePortalDate(text)).toBe(date);
  });
});

describe("the generated list", () => {
  it("finds the header row below a title and reads each bill", () => {
    const parsed = parseEWayBillRows([
      ["E-Way Bills generated"],
      ["Sl.No.", "Doc No.", "Doc Date", "EWB No.", "EWB Date", "Valid Upto"],
      ["1", "INV-1", "05/06/2026", "3310 0123 4567", "05/06/2026 10:00:00 AM", "06/06/2026"],
      ["2", "INV-2", "05/06/2026", "12345", "05/06/2026", ""],
      ["", "", "", "", "", ""],
    ]);
    expect(parsed.bills).toEqual([
      {
        row: 1,
        docNo: "INV-1",
        ewbNumber: "331001234567",
        ewbDate: "2026-06-05",
        validUntil: "2026-06-06",
      },
    ]);
    expect(parsed.problems).toEqual([EWAY_BILL_IMPORT_MESSAGES.badNumber(2)]);
  });

  it("refuses a sheet without the columns", () => {
    expect(parseEWayBillRows([["a", "b"]]).problems).toEqual([EWAY_BILL_IMPORT_MESSAGES.noColumns]);
  });

  it("reads the API's JSON answer, alone or in a list", () => {
    const answer = {
      docNo: "CH-4",
      ewayBillNo: 331001234999,
      ewayBillDate: "07/06/2026 09:15:00 AM",
      validUpto: "08/06/2026 11:59:00 PM",
    };
    const expected = [
      {
        row: 1,
        docNo: "CH-4",
        ewbNumber: "331001234999",
        ewbDate: "2026-06-07",
        validUntil: "2026-06-08",
      },
    ];
    expect(parseEWayBillJson(answer).bills).toEqual(expected);
    expect(parseEWayBillJson({ data: [answer] }).bills).toEqual(expected);
    expect(parseEWayBillJson([]).problems).toEqual([EWAY_BILL_IMPORT_MESSAGES.empty]);
    expect(parseEWayBillJson("nonsense").problems).toEqual([EWAY_BILL_IMPORT_MESSAGES.empty]);
  });
});

describe("the IRP's answer, with the e-way bill made with the IRN (decision 098)", () => {
  /** A token shaped like the IRP's signed QR: header.payload.signature, payload.data JSON text. */
  const signedQr = (data: Record<string, unknown>) => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    return `${part({ alg: "RS256" })}.${part({ data: JSON.stringify(data), iss: "NIC" })}.c2ln`;
  };
  const answer = (number: string, ewb: Record<string, unknown>) => ({
    success: true,
    result: {
      AckNo: 112510036743849,
      AckDt: "2026-06-05 10:00:00",
      Irn: "a".repeat(64),
      SignedQRCode: signedQr({ DocNo: number, DocTyp: "INV" }),
      Status: "ACT",
      ...ewb,
    },
  });

  it("reads EwbNo, EwbDt and EwbValidTill; the number comes from the signed QR", () => {
    const ewb = {
      EwbNo: 331001234567,
      EwbDt: "2026-06-05 10:00:00",
      EwbValidTill: "2026-06-10 23:59:00",
    };
    expect(parseEWayBillJson(answer("INV-10", ewb))).toEqual({
      bills: [
        {
          row: 1,
          docNo: "INV-10",
          ewbNumber: "331001234567",
          ewbDate: "2026-06-05",
          validUntil: "2026-06-10",
        },
      ],
      problems: [],
    });
  });

  it("an IRN made without an e-way bill is left out, not a faulty row", () => {
    const list = [
      answer("INV-11", { EwbNo: null, EwbDt: null, EwbValidTill: null }),
      answer("INV-12", { EwbNo: 331001234568, EwbDt: "2026-06-05 11:00:00" }),
    ];
    const parsed = parseEWayBillJson(list);
    expect(parsed.bills.map((bill) => [bill.docNo, bill.ewbNumber])).toEqual([
      ["INV-12", "331001234568"],
    ]);
    expect(parsed.problems).toEqual([]);
    expect(parseEWayBillJson(list.slice(0, 1)).problems).toEqual([EWAY_BILL_IMPORT_MESSAGES.empty]);
  });
});
