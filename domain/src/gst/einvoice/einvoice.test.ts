import { describe, expect, test } from "vitest";
import { VOUCHER_REGISTRY } from "../../vouchers/index.ts";
import type { ReturnDocument, ReturnLine } from "../returns/return-document.ts";
import {
  buildDocument,
  buildLine,
  REGISTERED_GSTIN,
  SUPPLIER_GSTIN,
} from "../returns/test-documents.ts";
import {
  buildEInvoiceJson,
  type EInvoiceJson,
  type EInvoiceSource,
  isEInvoiceable,
  validateEInvoiceJson,
} from "./einvoice-json.ts";
import { computeIrn } from "./irn.ts";
import { decodeSignedQr, parseIrpResponse } from "./irp-response.ts";

const SELLER = {
  name: "Sharma Traders",
  gstin: SUPPLIER_GSTIN,
  address: "14, Market Yard\nGultekdi",
  city: "Pune",
  pincode: "411037",
  stateCode: "27",
};
const BUYER = {
  name: "Bharat Steel Works",
  gstin: REGISTERED_GSTIN,
  address: "4 MG Road",
  city: "Bengaluru",
  pincode: "560001",
  stateCode: "29",
};

function source(document: ReturnDocument, overrides: Partial<EInvoiceSource> = {}): EInvoiceSource {
  return {
    document,
    docType: document.role === "outwardNote" ? (document.noteType === "C" ? "CRN" : "DBN") : "INV",
    extras: document.lines.map((line) => ({
      unitPrice: line.taxablePaise / 100 / (line.quantityMilli / 1000 || 1),
      discountPaise: 0,
      cessRate: 0,
    })),
    roundOffPaise: 0,
    seller: SELLER,
    buyer: BUYER,
    shipTo: null,
    ...overrides,
  };
}

const inter = (rupees: number, rate = 18, options: Parameters<typeof buildLine>[2] = {}) =>
  buildLine(rupees, rate, { inter: true, quantity: 2, ...options });

const CHECK = { today: "2025-09-20", previousYearTurnoverPaise: 0, date: "2025-09-10" };

describe("IRN", () => {
  // The IRNs the IRP returned in India Compliance's sandbox test data (data/test_e_invoice.json):
  // seller 01AMBPG7773M002, invoices SINV-CFY-00067 and g2qxhY of September 2022.
  test.each([
    ["SINV-CFY-00067", "706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7"],
    ["g2qxhY", "68fb4fab44aee99fb23292478c4bd838e664837c9f1b04e3d9134ffed0b40b60"],
  ])("%s hashes to the IRN the IRP gave", (number, irn) => {
    expect(
      computeIrn({ sellerGstin: "01AMBPG7773M002", date: "2022-09-16", docType: "INV", number }),
    ).toBe(irn);
  });

  test("the financial year comes from the date (March is the year before)", () => {
    const march = computeIrn({
      sellerGstin: SUPPLIER_GSTIN,
      date: "2026-03-31",
      docType: "INV",
      number: "A1",
    });
    const sameYear = computeIrn({
      sellerGstin: SUPPLIER_GSTIN,
      date: "2025-04-01",
      docType: "INV",
      number: "A1",
    });
    const april = computeIrn({
      sellerGstin: SUPPLIER_GSTIN,
      date: "2026-04-01",
      docType: "INV",
      number: "A1",
    });
    expect(march).toBe(sameYear);
    expect(april).not.toBe(march);
    expect(march).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the registry says which types go to the IRP", () => {
  test("sales invoices are INV, credit notes CRN; purchases and receipts never", () => {
    expect(VOUCHER_REGISTRY.salesInvoice.eInvoice).toBe("INV");
    expect(VOUCHER_REGISTRY.creditNote.eInvoice).toBe("CRN");
    expect(VOUCHER_REGISTRY.purchases.eInvoice).toBeNull();
    expect(VOUCHER_REGISTRY.debitNote.eInvoice).toBeNull();
    expect(VOUCHER_REGISTRY.receipts.eInvoice).toBeNull();
  });

  test("B2C is not e-invoiced; B2B and exports are", () => {
    expect(isEInvoiceable(buildDocument({ gstin: null }))).toBe(false);
    expect(isEInvoiceable(buildDocument({ gstin: REGISTERED_GSTIN }))).toBe(true);
    expect(isEInvoiceable(buildDocument({ supplyKind: "exportWithPayment" }))).toBe(true);
  });
});

describe("INV-01 for each supply type", () => {
  test.each([
    ["regular", "B2B", "29", 180, 0],
    ["sezWithPayment", "SEZWP", "29", 180, 0],
    ["sezWithoutPayment", "SEZWOP", "29", 0, 0],
    ["deemedExport", "DEXP", "29", 180, 0],
    ["exportWithPayment", "EXPWP", "96", 180, 999999],
    ["exportWithoutPayment", "EXPWOP", "96", 0, 999999],
  ] as const)("%s is %s with Pos %s and IGST %d", (supplyKind, supTyp, pos, igst, pin) => {
    const lut = supplyKind.endsWith("WithoutPayment");
    const document = buildDocument({
      gstin: supplyKind.startsWith("export") ? null : REGISTERED_GSTIN,
      supplyKind,
      pos: "29",
      number: "INV/25-26/7",
      date: "2025-09-10",
      lines: [inter(1000, 18, { lut })],
      portCode: "INBOM4",
      shippingBillNumber: "1234567",
      shippingBillDate: "2025-09-12",
    });
    const json = buildEInvoiceJson(source(document));
    expect(json.Version).toBe("1.1");
    expect(json.TranDtls).toEqual({ TaxSch: "GST", SupTyp: supTyp, RegRev: "N", IgstOnIntra: "N" });
    expect(json.DocDtls).toEqual({ Typ: "INV", No: "INV/25-26/7", Dt: "10/09/2025" });
    expect(json.BuyerDtls.Pos).toBe(pos);
    expect(json.ItemList[0]).toMatchObject({
      SlNo: "1",
      HsnCd: "8471",
      IsServc: "N",
      Qty: 2,
      Unit: "NOS",
      UnitPrice: 500,
      TotAmt: 1000,
      AssAmt: 1000,
      GstRt: 18,
      IgstAmt: igst,
      TotItemVal: 1000 + igst,
    });
    expect(json.ValDtls).toMatchObject({ AssVal: 1000, IgstVal: igst, TotInvVal: 1000 + igst });
    if (pin) {
      expect(json.BuyerDtls).toMatchObject({ Gstin: "URP", Stcd: "96", Pin: 999999 });
      expect(json.ExpDtls).toEqual({ ShipBNo: "1234567", ShipBDt: "12/09/2025", Port: "INBOM4" });
    } else {
      expect(json.BuyerDtls).toMatchObject({ Gstin: REGISTERED_GSTIN, Stcd: "29", Pin: 560001 });
      expect(json.ExpDtls).toBeUndefined();
    }
    expect(validateEInvoiceJson(json, CHECK)).toEqual([]);
  });

  test("seller and buyer blocks: address lines, city, pincode, state", () => {
    const json = buildEInvoiceJson(
      source(buildDocument({ gstin: REGISTERED_GSTIN, lines: [inter(100)] })),
    );
    expect(json.SellerDtls).toEqual({
      Gstin: SUPPLIER_GSTIN,
      LglNm: "Sharma Traders",
      TrdNm: "Sharma Traders",
      Addr1: "14, Market Yard, Gultekdi",
      Loc: "Pune",
      Pin: 411037,
      Stcd: "27",
    });
    const long = buildEInvoiceJson(
      source(buildDocument({ gstin: REGISTERED_GSTIN, lines: [inter(100)] }), {
        buyer: { ...BUYER, address: "x".repeat(150) },
      }),
    );
    expect(long.BuyerDtls.Addr1).toHaveLength(100);
    expect(long.BuyerDtls.Addr2).toHaveLength(50);
  });

  test("intra-state B2B splits CGST and SGST; reverse charge says RegRev Y", () => {
    // Under reverse charge the document's total leaves out the tax the buyer pays.
    const document = buildDocument({
      gstin: "27AAGCB7383J1Z0",
      pos: "27",
      reverseCharge: true,
      lines: [buildLine(1000, 12)],
      totalPaise: 100_000,
    });
    const json = buildEInvoiceJson(source(document));
    expect(json.TranDtls.RegRev).toBe("Y");
    expect(json.ItemList[0]).toMatchObject({ CgstAmt: 60, SgstAmt: 60, IgstAmt: 0 });
    // The tax is reported; the item's value and the total are the taxable value (decision 201).
    expect(json.ItemList[0]?.TotItemVal).toBe(1000);
    expect(json.ValDtls).toMatchObject({ CgstVal: 60, SgstVal: 60, TotInvVal: 1000 });
    expect(validateEInvoiceJson(json, CHECK)).toEqual([]);
  });

  test("reverse charge: before the fix the items carried the tax and Bahi refused its own JSON", () => {
    const document = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      reverseCharge: true,
      lines: [inter(1000)],
      totalPaise: 100_000,
    });
    const json = buildEInvoiceJson(source(document));
    const withTax = {
      ...json,
      ItemList: json.ItemList.map((item) => ({ ...item, TotItemVal: 1180 })),
    };
    expect(validateEInvoiceJson(json, CHECK)).toEqual([]);
    expect(validateEInvoiceJson(withTax, CHECK)).toEqual([
      "The document total differs from its lines, other charges and round-off by more than ₹1.",
    ]);
  });

  test("PrdDesc: the item's name when the line has no description, then the typed text", () => {
    const named = { ...inter(100), itemId: "tea", description: "" };
    const both = { ...inter(100), itemId: "tea", description: "Assam CTC, 25 kg bags" };
    const same = { ...inter(100), itemId: "tea", description: "Darjeeling Tea" };
    const unknown = { ...inter(100), itemId: "gone", description: "" };
    const document = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [named, both, same, unknown],
    });
    const json = buildEInvoiceJson(
      source(document, { itemNames: new Map([["tea", 'Darjeeling "First Flush" Tea']]) }),
    );
    expect(json.ItemList.map((item) => item.PrdDesc)).toEqual([
      "Darjeeling 'First Flush' Tea",
      "Darjeeling 'First Flush' Tea - Assam CTC, 25 kg bags",
      "Darjeeling 'First Flush' Tea - Darjeeling Tea",
      "",
    ]);
    expect(validateEInvoiceJson(json, CHECK)).toEqual([
      "Line 4 (no description): the description must be 3 to 300 characters: give the item a name or the line a description.",
    ]);
  });

  test("a service without a unit omits Unit; goods without one are still refused", () => {
    const service = { ...inter(500, 18, { hsn: "998314" }), isService: true, uqc: null };
    const goods = { ...inter(500), uqc: null };
    const document = buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [service] });
    const json = buildEInvoiceJson(source(document));
    expect(json.ItemList[0]).not.toHaveProperty("Unit");
    expect(validateEInvoiceJson(json, CHECK)).toEqual([]);
    const mixed = buildEInvoiceJson(
      source(buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [service, goods] })),
    );
    expect(validateEInvoiceJson(mixed, CHECK)).toEqual(["Line 2 (Laptop) has no unit (UQC)."]);
  });

  test("loose quantities: 2.5 kg at ₹33.33 and 100 at ₹68.40 check out exactly", () => {
    const kilos = { ...buildLine(83.33, 5, { inter: true, uqc: "KGS" }), quantityMilli: 2500 };
    const pieces = { ...buildLine(6840, 18, { inter: true }), quantityMilli: 100_000 };
    const document = buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [kilos, pieces] });
    const json = buildEInvoiceJson(
      source(document, {
        extras: [
          { unitPrice: 33.33, discountPaise: 0, cessRate: 0 },
          { unitPrice: 68.4, discountPaise: 0, cessRate: 0 },
        ],
      }),
    );
    expect(json.ItemList.map((item) => [item.Qty, item.UnitPrice, item.TotAmt])).toEqual([
      [2.5, 33.33, 83.33],
      [100, 68.4, 6840],
    ]);
    expect(validateEInvoiceJson(json, CHECK)).toEqual([]);
  });

  test("an export names its country; a note on an export is an export with its details", () => {
    const invoice = buildDocument({
      supplyKind: "exportWithoutPayment",
      lines: [inter(1000, 18, { lut: true })],
      portCode: "INNSA1",
      shippingBillNumber: "1234567",
      shippingBillDate: "2024-09-12",
      countryCode: "AE",
    });
    expect(buildEInvoiceJson(source(invoice)).ExpDtls).toEqual({
      ShipBNo: "1234567",
      ShipBDt: "12/09/2024",
      Port: "INNSA1",
      CntCode: "AE",
    });
    const note = buildDocument({
      role: "outwardNote",
      noteType: "D",
      voucherType: "salesDebitNote",
      lines: [inter(100, 18, { lut: true })],
      originalInvoices: [
        {
          number: invoice.number,
          date: invoice.date,
          totalPaise: invoice.totalPaise,
          supplyKind: "exportWithoutPayment",
          portCode: "INNSA1",
          shippingBillNumber: "1234567",
          shippingBillDate: "2024-09-12",
          countryCode: "AE",
        },
      ],
    });
    expect(isEInvoiceable(note)).toBe(true);
    const json = buildEInvoiceJson(source(note));
    expect(json.TranDtls.SupTyp).toBe("EXPWOP");
    expect(json.BuyerDtls).toMatchObject({ Gstin: "URP", Pos: "96", Stcd: "96" });
    expect(json.ExpDtls).toMatchObject({ Port: "INNSA1", CntCode: "AE" });
  });

  test("a service line is IsServc Y; exempt lines go to other charges; round-off is carried", () => {
    const service = { ...inter(500, 18, { hsn: "998314" }), isService: true };
    const exempt: ReturnLine = { ...inter(200, -1), igstPaise: 0 };
    const document = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [service, exempt],
      totalPaise: 50_000 + 9_000 + 20_000 + 40,
    });
    const json = buildEInvoiceJson(source(document, { roundOffPaise: 40 }));
    expect(json.ItemList).toHaveLength(1);
    expect(json.ItemList[0]).toMatchObject({ IsServc: "Y", HsnCd: "998314" });
    expect(json.ValDtls).toMatchObject({ OthChrg: 200, RndOffAmt: 0.4, TotInvVal: 790.4 });
    expect(validateEInvoiceJson(json, CHECK)).toEqual([]);
  });

  test("a discount: TotAmt is quantity × price, AssAmt after the discount", () => {
    const document = buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [inter(900)] });
    const json = buildEInvoiceJson(
      source(document, { extras: [{ unitPrice: 500, discountPaise: 10_000, cessRate: 0 }] }),
    );
    expect(json.ItemList[0]).toMatchObject({ TotAmt: 1000, Discount: 100, AssAmt: 900 });
    expect(validateEInvoiceJson(json, CHECK)).toEqual([]);
  });

  test.each([
    ["C", "CRN"],
    ["D", "DBN"],
  ] as const)("a note %s is %s and names the invoice it adjusts in RefDtls", (noteType, typ) => {
    const document = buildDocument({
      role: "outwardNote",
      noteType,
      gstin: REGISTERED_GSTIN,
      pos: "29",
      number: "CN-4",
      lines: [inter(100)],
      originalInvoices: [{ number: "INV-7", date: "2025-08-01", totalPaise: 11_800 }],
    });
    const json = buildEInvoiceJson(source(document));
    expect(json.DocDtls.Typ).toBe(typ);
    expect(json.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: "INV-7", InvDt: "01/08/2025" }] });
  });
});

describe("validation says what is wrong", () => {
  const valid = () =>
    buildEInvoiceJson(
      source(buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [inter(1000)] })),
    );
  const edit = (change: (json: EInvoiceJson) => void) => {
    const json = valid();
    change(json);
    return validateEInvoiceJson(json, CHECK);
  };

  test.each<[string, (json: EInvoiceJson) => void, string]>([
    [
      "number too long",
      (json) => {
        json.DocDtls.No = "INV/2025-26/000001";
      },
      "The number INV/2025-26/000001 is longer than 16 characters, which the IRP refuses.",
    ],
    [
      "leading zero",
      (json) => {
        json.DocDtls.No = "0042";
      },
      "The number 0042 starts with 0, / or -, which the IRP refuses: renumber the document.",
    ],
    [
      "leading slash",
      (json) => {
        json.DocDtls.No = "/42";
      },
      "The number /42 starts with 0, / or -, which the IRP refuses: renumber the document.",
    ],
    [
      "a space",
      (json) => {
        json.DocDtls.No = "INV 42";
      },
      "The number INV 42 may only contain letters, digits, / and -.",
    ],
    [
      "seller pincode",
      (json) => {
        json.SellerDtls.Pin = 0;
      },
      "Your organisation's pincode is missing: add it in Organisation settings.",
    ],
    [
      "buyer pincode with a leading 0",
      (json) => {
        json.BuyerDtls.Pin = 56001;
      },
      "The party's billing pincode must be 6 digits and cannot start with 0.",
    ],
    [
      "buyer city",
      (json) => {
        json.BuyerDtls.Loc = "";
      },
      "The party's billing city is missing: add it in the party's account.",
    ],
    [
      "buyer state code",
      (json) => {
        json.BuyerDtls.Stcd = "";
      },
      "The party's billing state code is missing or not a GST state code.",
    ],
    [
      "no HSN",
      (json) => {
        json.ItemList[0] = { ...(json.ItemList[0] as EInvoiceJson["ItemList"][0]), HsnCd: "" };
      },
      "Line 1 (Laptop) has no HSN/SAC code.",
    ],
    [
      "HSN of 5 digits",
      (json) => {
        json.ItemList[0] = { ...(json.ItemList[0] as EInvoiceJson["ItemList"][0]), HsnCd: "84713" };
      },
      "Line 1 (Laptop): HSN/SAC code 84713 must be 4, 6 or 8 digits.",
    ],
    [
      "no unit",
      (json) => {
        json.ItemList[0] = { ...(json.ItemList[0] as EInvoiceJson["ItemList"][0]), Unit: "" };
      },
      "Line 1 (Laptop) has no unit (UQC).",
    ],
    [
      "unit not a UQC",
      (json) => {
        json.ItemList[0] = { ...(json.ItemList[0] as EInvoiceJson["ItemList"][0]), Unit: "KG" };
      },
      "Line 1 (Laptop): unit KG is not a GST unit code (UQC).",
    ],
    [
      "a rate the IRP does not take",
      (json) => {
        json.ItemList[0] = { ...(json.ItemList[0] as EInvoiceJson["ItemList"][0]), GstRt: 17 };
      },
      "Line 1 (Laptop): GST rate 17% is not a rate the IRP takes.",
    ],
    [
      "item total off by more than ₹1",
      (json) => {
        const item = json.ItemList[0] as EInvoiceJson["ItemList"][0];
        json.ItemList[0] = { ...item, TotItemVal: item.TotItemVal + 1.5 };
      },
      "Line 1 (Laptop): the item total differs from taxable value plus taxes by more than ₹1.",
    ],
    [
      "document total off by more than ₹1",
      (json) => {
        json.ValDtls.TotInvVal += 2;
      },
      "The document total differs from its lines, other charges and round-off by more than ₹1.",
    ],
    [
      "supply to yourself",
      (json) => {
        json.BuyerDtls.Gstin = SUPPLIER_GSTIN;
      },
      "The party's GSTIN is your own: the IRP refuses a supply to yourself.",
    ],
  ])("%s", (_label, change, message) => {
    expect(edit(change)).toContain(message);
  });

  test("within ₹1 the IRP's arithmetic passes", () => {
    expect(
      edit((json) => {
        json.ValDtls.TotInvVal += 0.99;
      }),
    ).toEqual([]);
  });

  test("30 days: refused at ₹10 crore from 1 Apr 2025, not below it nor before then", () => {
    const json = valid();
    const tenCrore = 10_00_00_000_00;
    const old = { date: "2025-08-01", previousYearTurnoverPaise: tenCrore };
    expect(validateEInvoiceJson(json, { ...old, today: "2025-09-20" })).toContain(
      "Dated 01/08/2025, more than 30 days ago: with last year's turnover of ₹10 crore or more, the IRP refuses documents older than 30 days.",
    );
    expect(validateEInvoiceJson(json, { ...old, today: "2025-08-31" })).toEqual([]);
    expect(
      validateEInvoiceJson(json, {
        ...old,
        today: "2025-09-20",
        previousYearTurnoverPaise: tenCrore - 1,
      }),
    ).toEqual([]);
    expect(validateEInvoiceJson(json, { ...old, date: "2025-01-01", today: "2025-03-20" })).toEqual(
      [],
    );
    expect(
      validateEInvoiceJson(json, {
        date: "2024-01-01",
        today: "2024-03-20",
        previousYearTurnoverPaise: 100 * tenCrore,
      }),
    ).toHaveLength(1);
  });

  test("an IRN taken by another document, or cancelled, is caught", () => {
    const json = valid();
    const irn = computeIrn({
      sellerGstin: SUPPLIER_GSTIN,
      date: "2025-09-10",
      docType: "INV",
      number: json.DocDtls.No,
    });
    const taken = (entryId: string, state: string) =>
      new Map([[irn, { entryId, number: json.DocDtls.No, state }]]);
    expect(
      validateEInvoiceJson(json, { ...CHECK, entryId: "a", takenIrns: taken("b", "registered") }),
    ).toEqual([
      `The IRN of INV ${json.DocDtls.No} is already taken on the IRP by another document: give this one a new number.`,
    ]);
    expect(
      validateEInvoiceJson(json, { ...CHECK, entryId: "a", takenIrns: taken("a", "cancelled") }),
    ).toHaveLength(1);
    expect(
      validateEInvoiceJson(json, { ...CHECK, entryId: "a", takenIrns: taken("a", "exported") }),
    ).toEqual([]);
  });
});

describe("the IRP's answer", () => {
  const token = (data: Record<string, unknown>) => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    return `${part({ alg: "RS256" })}.${part({ data: JSON.stringify(data), iss: "NIC" })}.c2ln`;
  };

  test("the signed QR decodes to its payload; other text to null", () => {
    const qr = token({ SellerGstin: SUPPLIER_GSTIN, DocNo: "INV-7", DocTyp: "INV", Irn: "ab" });
    expect(decodeSignedQr(qr)).toMatchObject({ DocNo: "INV-7", DocTyp: "INV" });
    expect(decodeSignedQr("not a token")).toBeNull();
  });

  test("one answer, an envelope or a list; the number comes from the signed QR", () => {
    const qr = token({ DocNo: "INV-7", DocTyp: "INV" });
    const answer = {
      AckNo: 232210036743849,
      AckDt: "2025-09-16 19:29:00",
      Irn: "ABC",
      SignedQRCode: qr,
    };
    const expected = {
      irn: "abc",
      ackNo: "232210036743849",
      ackDate: "2025-09-16 19:29:00",
      signedQrCode: qr,
      signedInvoice: null,
      number: "INV-7",
      docType: "INV",
    };
    expect(parseIrpResponse(answer)).toEqual([expected]);
    expect(parseIrpResponse({ success: true, result: answer })).toEqual([expected]);
    expect(parseIrpResponse([answer, { AckNo: 1 }])).toEqual([expected]);
    expect(parseIrpResponse("nonsense")).toEqual([]);
  });
});

describe("PayDtls, from what the books hold", () => {
  const document = buildDocument({
    gstin: REGISTERED_GSTIN,
    number: "INV-9",
    date: "2025-09-10",
    lines: [inter(1000)],
  });
  const payment = {
    payeeName: "Sharma Traders",
    accountNumber: "0983 0100 2773",
    ifsc: "icic0000983",
    dueDate: "2025-10-10",
  };

  test("the bank account and the credit days to the due date", () => {
    expect(buildEInvoiceJson(source(document, { payment })).PayDtls).toEqual({
      Nm: "Sharma Traders",
      AccDet: "098301002773",
      FinInsBr: "ICIC0000983",
      CrDay: 30,
    });
  });

  test("what the IRP would refuse or the books lack is left out; nothing known, no PayDtls", () => {
    const partial = buildEInvoiceJson(
      source(document, {
        payment: {
          ...payment,
          accountNumber: "GB29NWBK60161331926819",
          ifsc: "SBIN123",
        },
      }),
    );
    expect(partial.PayDtls).toEqual({ CrDay: 30 });
    const none = { payeeName: "Sharma Traders", accountNumber: null, ifsc: null };
    const empty = { ...none, dueDate: "2025-09-01" };
    expect(buildEInvoiceJson(source(document, { payment: empty })).PayDtls).toBeUndefined();
    expect(buildEInvoiceJson(source(document)).PayDtls).toBeUndefined();
    // No dispatch-from address is kept in the books: DispDtls is never sent.
    const json: Record<string, unknown> = { ...buildEInvoiceJson(source(document, { payment })) };
    expect(json.DispDtls).toBeUndefined();
  });
});
