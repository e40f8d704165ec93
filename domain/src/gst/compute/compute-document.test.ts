import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ComputedDocument,
  computeDocument,
  computeIntraStateTaxes,
  type DocumentInput,
  type ItemLineInput,
} from "./compute-document.ts";
import { DocumentError } from "./document-error.ts";
import { documentInputArbitrary } from "./test-arbitraries.ts";
import { expectInputError } from "./test-errors.ts";

const intra = {
  supplierStateCode: "27",
  placeOfSupply: "27",
  gstApplicable: true,
  supplyType: "regular",
  reverseCharge: false,
  roundOff: true,
} as const satisfies Partial<DocumentInput>;

const inter = { ...intra, placeOfSupply: "29" } as const;

function document(change: Partial<DocumentInput>): DocumentInput {
  return { ...intra, itemLines: [], accountLines: [], ...change };
}

function item(
  quantity: number,
  ratePaise: number,
  gstRate: number,
  extra: Partial<ItemLineInput> = {},
) {
  return { quantity, ratePaise, gstRate, ...extra };
}

type Totals = Pick<
  ComputedDocument,
  | "grossPaise"
  | "cgstPaise"
  | "sgstPaise"
  | "igstPaise"
  | "cessPaise"
  | "chargedTaxPaise"
  | "roundOffPaise"
  | "totalPaise"
>;

function totalsOf(computed: ComputedDocument): Totals {
  const {
    grossPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    cessPaise,
    chargedTaxPaise,
    roundOffPaise,
    totalPaise,
  } = computed;
  return {
    grossPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    cessPaise,
    chargedTaxPaise,
    roundOffPaise,
    totalPaise,
  };
}

describe("computeDocument: worked examples", () => {
  it("intra-state, three lines, each tax at half the rate (decision 099)", () => {
    // Worked by hand:
    //  3 × ₹333.33 = ₹999.99; at 9% = ₹89.99910 → CGST 90.00, SGST 90.00
    //  1 × ₹10.10; at 2.5% = ₹0.2525 → CGST 0.25, SGST 0.25 (at 5% combined, ₹0.505 would have
    //  rounded to 0.51 and split 0.26 + 0.25)
    //  2.5 × ₹199.99 = ₹499.975 → ₹499.98; at 6% = ₹29.9988 → 30.00 + 30.00
    //  gross 999.99 + 10.10 + 499.98 = 1,510.07; CGST 120.25; SGST 120.25
    //  1,510.07 + 240.50 = 1,750.57 → round off +0.43 → 1,751.00
    const computed = computeDocument(
      document({ itemLines: [item(3, 33333, 18), item(1, 1010, 5), item(2.5, 19999, 12)] }),
    );
    expect(computed.taxKind).toBe("intra");
    expect(
      computed.itemLines.map((line) => [line.taxablePaise, line.cgstPaise, line.sgstPaise]),
    ).toEqual([
      [99999, 9000, 9000],
      [1010, 25, 25],
      [49998, 3000, 3000],
    ]);
    expect(totalsOf(computed)).toEqual({
      grossPaise: 151007,
      cgstPaise: 12025,
      sgstPaise: 12025,
      igstPaise: 0,
      cessPaise: 0,
      chargedTaxPaise: 24050,
      roundOffPaise: 43,
      totalPaise: 175100,
    });
    expect(computed.taxPaise).toBe(24050);
    expect(computed.rateSummary).toEqual([
      { gstRate: 5, taxablePaise: 1010, cgstPaise: 25, sgstPaise: 25, igstPaise: 0, cessPaise: 0 },
      {
        gstRate: 12,
        taxablePaise: 49998,
        cgstPaise: 3000,
        sgstPaise: 3000,
        igstPaise: 0,
        cessPaise: 0,
      },
      {
        gstRate: 18,
        taxablePaise: 99999,
        cgstPaise: 9000,
        sgstPaise: 9000,
        igstPaise: 0,
        cessPaise: 0,
      },
    ]);
  });

  it("inter-state IGST with a percent discount and a freight account line", () => {
    // Worked by hand: 10 × ₹118.50 = ₹1,185.00, less 10% = ₹118.50 → ₹1,066.50; IGST 18% = ₹191.97
    // freight ₹500.00 at 18% = ₹90.00; gross 1,566.50; IGST 281.97; 1,848.47 → −0.47 → 1,848.00
    const computed = computeDocument({
      ...inter,
      itemLines: [item(10, 11850, 18, { discount: { kind: "percent", percent: 10 } })],
      accountLines: [{ amountPaise: 50000, gstRate: 18 }],
    });
    expect(computed.taxKind).toBe("inter");
    expect(computed.itemLines[0]).toEqual({
      grossPaise: 118500,
      discountPaise: 11850,
      taxablePaise: 106650,
      gstRate: 18,
      cessRate: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 19197,
      cessPaise: 0,
      taxPaise: 19197,
      totalPaise: 125847,
    });
    expect(computed.accountLines[0]).toMatchObject({
      grossPaise: 50000,
      taxablePaise: 50000,
      igstPaise: 9000,
    });
    expect(totalsOf(computed)).toEqual({
      grossPaise: 156650,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 28197,
      cessPaise: 0,
      chargedTaxPaise: 28197,
      roundOffPaise: -47,
      totalPaise: 184800,
    });
    expect(computed.discountPaise).toBe(11850);
  });

  it("export with payment of IGST", () => {
    // Worked by hand: 5 × ₹1,000 = ₹5,000 at 12% IGST = ₹600; total ₹5,600.
    const computed = computeDocument(
      document({
        placeOfSupply: "96",
        supplyType: "export",
        exportOrSezPayment: "withPayment",
        itemLines: [item(5, 100000, 12)],
      }),
    );
    expect(computed.taxKind).toBe("inter");
    expect(totalsOf(computed)).toEqual({
      grossPaise: 500000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 60000,
      cessPaise: 0,
      chargedTaxPaise: 60000,
      roundOffPaise: 0,
      totalPaise: 560000,
    });
  });

  it("SEZ supply under LUT in the supplier's own state: no tax, rounded up from exactly 50 paise", () => {
    // Worked by hand: 2 × ₹2,500.25 = ₹5,000.50 at 18%, zero-rated without payment → no tax;
    // ₹5,000.50 rounds up to ₹5,001 (50 paise or more rounds up).
    const computed = computeDocument(
      document({
        supplyType: "sez",
        exportOrSezPayment: "withoutPayment",
        itemLines: [item(2, 250025, 18)],
      }),
    );
    expect(computed.taxKind).toBe("none");
    expect(totalsOf(computed)).toEqual({
      grossPaise: 500050,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      cessPaise: 0,
      chargedTaxPaise: 0,
      roundOffPaise: 50,
      totalPaise: 500100,
    });
    // GSTR-1 still reports the rate and the taxable value of a zero-rated supply.
    expect(computed.rateSummary).toEqual([
      { gstRate: 18, taxablePaise: 500050, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, cessPaise: 0 },
    ]);
  });

  it("reverse-charge purchase of legal services: tax computed and reported, not charged", () => {
    // Worked by hand: ₹15,000.40 at 9% = ₹1,350.036 → CGST 1,350.04 and SGST 1,350.04, tax
    // ₹2,700.08; the total holds only the taxable value: ₹15,000.40 → −0.40 → ₹15,000.00.
    const computed = computeDocument(
      document({ reverseCharge: true, accountLines: [{ amountPaise: 1500040, gstRate: 18 }] }),
    );
    expect(computed.reverseCharge).toBe(true);
    expect(computed.accountLines[0]).toMatchObject({ taxPaise: 270008, totalPaise: 1500040 });
    expect(totalsOf(computed)).toEqual({
      grossPaise: 1500040,
      cgstPaise: 135004,
      sgstPaise: 135004,
      igstPaise: 0,
      cessPaise: 0,
      chargedTaxPaise: 0,
      roundOffPaise: -40,
      totalPaise: 1500000,
    });
    expect(computed.taxPaise).toBe(270008);
  });

  it("exempt, nil-rated and non-GST lines beside a taxed one", () => {
    // Worked by hand: 2 × ₹50 at 5% = ₹100 + ₹5 tax (2.50 + 2.50); 1 × ₹80 nil; 4 × ₹25 exempt;
    // freight ₹300 non-GST; gross ₹580, tax ₹5, total ₹585.
    const computed = computeDocument(
      document({
        itemLines: [item(2, 5000, 5), item(1, 8000, 0), item(4, 2500, -1)],
        accountLines: [{ amountPaise: 30000, gstRate: -2, cessRate: 12 }],
      }),
    );
    expect(totalsOf(computed)).toEqual({
      grossPaise: 58000,
      cgstPaise: 250,
      sgstPaise: 250,
      igstPaise: 0,
      cessPaise: 0,
      chargedTaxPaise: 500,
      roundOffPaise: 0,
      totalPaise: 58500,
    });
    expect([computed.nilRatedPaise, computed.exemptPaise, computed.nonGstPaise]).toEqual([
      8000, 10000, 30000,
    ]);
    expect(computed.rateSummary).toEqual([
      { gstRate: 0, taxablePaise: 8000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, cessPaise: 0 },
      {
        gstRate: 5,
        taxablePaise: 10000,
        cgstPaise: 250,
        sgstPaise: 250,
        igstPaise: 0,
        cessPaise: 0,
      },
    ]);
  });

  it("percent and amount discounts", () => {
    // Worked by hand at 18% intra-state:
    //  7 × ₹99.99 = ₹699.93, less 12.5% = ₹87.49125 → ₹87.49 → ₹612.44; tax ₹110.2392 → ₹110.24
    //  1 × ₹1,000 less ₹50 → ₹950; tax ₹171.00
    //  1 × ₹0.03 less 33.33% = ₹0.009999 → ₹0.01 → ₹0.02; tax ₹0.0036 → ₹0.00
    //  gross 1,562.46; discount 137.50; tax 281.24 (140.62 + 140.62); 1,843.70 → +0.30 → 1,844.00
    const computed = computeDocument(
      document({
        itemLines: [
          item(7, 9999, 18, { discount: { kind: "percent", percent: 12.5 } }),
          item(1, 100000, 18, { discount: { kind: "amount", paise: 5000 } }),
          item(1, 3, 18, { discount: { kind: "percent", percent: 33.33 } }),
        ],
      }),
    );
    expect(
      computed.itemLines.map((line) => [
        line.grossPaise,
        line.discountPaise,
        line.taxablePaise,
        line.taxPaise,
      ]),
    ).toEqual([
      [69993, 8749, 61244, 11024],
      [100000, 5000, 95000, 17100],
      [3, 1, 2, 0],
    ]);
    expect(totalsOf(computed)).toEqual({
      grossPaise: 156246,
      cgstPaise: 14062,
      sgstPaise: 14062,
      igstPaise: 0,
      cessPaise: 0,
      chargedTaxPaise: 28124,
      roundOffPaise: 30,
      totalPaise: 184400,
    });
    expect(computed.discountPaise).toBe(13750);
  });

  it("cess beside GST, intra- and inter-state", () => {
    // Worked by hand:
    //  24 × ₹40 = ₹960 at 28% = ₹268.80 (134.40 + 134.40), cess 12% = ₹115.20
    //  1 × ₹333.33 at 14% = ₹46.6662 → CGST 46.67 and SGST 46.67, cess 12.5% = ₹41.666 → ₹41.67
    //  gross 1,293.33; GST 362.14; cess 156.87; 1,812.34 → −0.34 → 1,812.00
    const computed = computeDocument(
      document({
        itemLines: [item(24, 4000, 28, { cessRate: 12 }), item(1, 33333, 28, { cessRate: 12.5 })],
      }),
    );
    expect(
      computed.itemLines.map((line) => [
        line.cgstPaise,
        line.sgstPaise,
        line.cessPaise,
        line.totalPaise,
      ]),
    ).toEqual([
      [13440, 13440, 11520, 134400],
      [4667, 4667, 4167, 46834],
    ]);
    expect(totalsOf(computed)).toEqual({
      grossPaise: 129333,
      cgstPaise: 18107,
      sgstPaise: 18107,
      igstPaise: 0,
      cessPaise: 15687,
      chargedTaxPaise: 51901,
      roundOffPaise: -34,
      totalPaise: 181200,
    });
    // A car at ₹5,00,000 sent to another state: IGST 28% ₹1,40,000 and cess 22% ₹1,10,000.
    const car = computeDocument({ ...inter, itemLines: [item(1, 50000000, 28, { cessRate: 22 })] });
    expect(totalsOf(car)).toMatchObject({
      igstPaise: 14000000,
      cessPaise: 11000000,
      totalPaise: 75000000,
    });
    expect(car.rateSummary).toEqual([
      {
        gstRate: 28,
        taxablePaise: 50000000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 14000000,
        cessPaise: 11000000,
      },
    ]);
  });

  it.each([
    ["down from 49 paise", 10049, true, -49, 10000],
    ["up from 51 paise", 10051, true, 49, 10100],
    ["up from exactly 50 paise", 10050, true, 50, 10100],
    ["not at all when round off is off", 10050, false, 0, 10050],
  ])("rounds the total %s", (_name, ratePaise, roundOff, roundOffPaise, totalPaise) => {
    // An unregistered organisation: no GST, so the total is the line amount.
    const computed = computeDocument(
      document({
        gstApplicable: false,
        supplierStateCode: "",
        placeOfSupply: "",
        roundOff,
        itemLines: [item(1, ratePaise, 18)],
      }),
    );
    expect(computed.taxKind).toBe("none");
    expect([computed.roundOffPaise, computed.totalPaise]).toEqual([roundOffPaise, totalPaise]);
    expect(computed.rateSummary).toEqual([]);
  });

  it("rounds the total by default and takes missing account lines as none", () => {
    const computed = computeDocument({
      ...intra,
      roundOff: undefined,
      itemLines: [item(1, 10049, -2)],
    });
    expect(computed.roundOffPaise).toBe(-49);
    expect(computed.accountLines).toEqual([]);
  });

  it("reports nothing per GST treatment for an organisation outside GST", () => {
    const computed = computeDocument(
      document({
        gstApplicable: false,
        itemLines: [item(1, 100, 0), item(1, 100, -1), item(1, 100, -2)],
      }),
    );
    expect([
      computed.nilRatedPaise,
      computed.exemptPaise,
      computed.nonGstPaise,
      computed.taxPaise,
    ]).toEqual([0, 0, 0, 0]);
    expect(computed.grossPaise).toBe(300);
  });

  it.each([
    [1.005, 10000, 10050], // ₹100 × 1.005 = ₹100.50 exactly, though the float 1.005 is below it
    [0.333, 1, 0], // 0.333 paise → 0
    [2.5, 1, 3], // 2.5 paise → 3 (half-up)
    [0, 99999, 0],
  ])("line amount of %s × %i paise is %i paise", (quantity, ratePaise, grossPaise) => {
    const computed = computeDocument(document({ itemLines: [item(quantity, ratePaise, -2)] }));
    expect(computed.itemLines[0]?.grossPaise).toBe(grossPaise);
  });
});

describe("computeDocument: invalid input", () => {
  it.each<[string, Partial<DocumentInput>, string, (string | number)[]]>([
    [
      "a negative quantity",
      { itemLines: [item(-1, 100, 18)] },
      "Item line 1: quantity cannot be negative.",
      ["itemLines", 0, "quantity"],
    ],
    [
      "a quantity with 4 decimals",
      { itemLines: [item(1, 100, 18), item(1.0005, 100, 18)] },
      "Item line 2: quantity must be a number with at most 3 decimals.",
      ["itemLines", 1, "quantity"],
    ],
    [
      "a quantity that is not a number",
      { itemLines: [item(Number.NaN, 100, 18)] },
      "Item line 1: quantity must be a number with at most 3 decimals.",
      ["itemLines", 0, "quantity"],
    ],
    [
      "an infinite quantity",
      { itemLines: [item(Number.POSITIVE_INFINITY, 0, 18)] },
      "Item line 1: quantity must be a number with at most 3 decimals.",
      ["itemLines", 0, "quantity"],
    ],
    [
      "a quantity that String() writes in exponent form",
      { itemLines: [item(1e21, 0, 18)] },
      "Item line 1: quantity must be a number with at most 3 decimals.",
      ["itemLines", 0, "quantity"],
    ],
    [
      "a quantity too small for 3 decimals",
      { itemLines: [item(1e-7, 100, 18)] },
      "Item line 1: quantity must be a number with at most 3 decimals.",
      ["itemLines", 0, "quantity"],
    ],
    [
      "a negative rate",
      { itemLines: [item(1, -100, 18)] },
      "Item line 1: rate cannot be negative.",
      ["itemLines", 0, "ratePaise"],
    ],
    [
      "a rate in fractions of a paisa",
      { itemLines: [item(1, 10.5, 18)] },
      "Item line 1: rate must be a whole number of paise.",
      ["itemLines", 0, "ratePaise"],
    ],
    [
      "a discount over 100%",
      { itemLines: [item(1, 100, 18, { discount: { kind: "percent", percent: 100.01 } })] },
      "Item line 1: discount must be a percentage from 0 to 100 with at most 2 decimals.",
      ["itemLines", 0, "discount"],
    ],
    [
      "a negative discount percentage",
      { itemLines: [item(1, 100, 18, { discount: { kind: "percent", percent: -1 } })] },
      "Item line 1: discount must be a percentage from 0 to 100 with at most 2 decimals.",
      ["itemLines", 0, "discount"],
    ],
    [
      "a discount percentage with 3 decimals",
      { itemLines: [item(1, 100, 18, { discount: { kind: "percent", percent: 1.125 } })] },
      "Item line 1: discount must be a percentage from 0 to 100 with at most 2 decimals.",
      ["itemLines", 0, "discount"],
    ],
    [
      "a discount larger than the line amount",
      { itemLines: [item(3, 40000, 18, { discount: { kind: "amount", paise: 120001 } })] },
      "Item line 1: discount cannot be more than the line amount (1,200.00).",
      ["itemLines", 0, "discount"],
    ],
    [
      "a negative discount amount",
      { itemLines: [item(1, 100, 18, { discount: { kind: "amount", paise: -1 } })] },
      "Item line 1: discount cannot be negative.",
      ["itemLines", 0, "discount"],
    ],
    [
      "an unknown negative GST rate",
      { itemLines: [item(1, 100, -3)] },
      "Item line 1: GST rate must be a percentage from 0 to 100 with at most 2 decimals, Exempt (-1) or None (-2).",
      ["itemLines", 0, "gstRate"],
    ],
    [
      "a GST rate over 100",
      { accountLines: [{ amountPaise: 100, gstRate: 101 }] },
      "Account line 1: GST rate must be a percentage from 0 to 100 with at most 2 decimals, Exempt (-1) or None (-2).",
      ["accountLines", 0, "gstRate"],
    ],
    [
      "a GST rate with 3 decimals",
      { itemLines: [item(1, 100, 0.125)] },
      "Item line 1: GST rate must be a percentage from 0 to 100 with at most 2 decimals, Exempt (-1) or None (-2).",
      ["itemLines", 0, "gstRate"],
    ],
    [
      "a GST rate with float noise",
      { itemLines: [item(1, 100, 0.1 + 0.2)] },
      "Item line 1: GST rate must be a percentage from 0 to 100 with at most 2 decimals, Exempt (-1) or None (-2).",
      ["itemLines", 0, "gstRate"],
    ],
    [
      "a cess rate with float noise",
      { itemLines: [item(1, 100, 28, { cessRate: 0.1 + 0.2 })] },
      "Item line 1: cess rate must be a percentage of 0 or more with at most 2 decimals.",
      ["itemLines", 0, "cessRate"],
    ],
    [
      "a cess rate that String() writes in exponent form",
      { itemLines: [item(1, 0, 28, { cessRate: 1e21 })] },
      "Item line 1: cess rate must be a percentage of 0 or more with at most 2 decimals.",
      ["itemLines", 0, "cessRate"],
    ],
    [
      "a negative cess rate",
      { itemLines: [item(1, 100, 28, { cessRate: -1 })] },
      "Item line 1: cess rate must be a percentage of 0 or more with at most 2 decimals.",
      ["itemLines", 0, "cessRate"],
    ],
    [
      "a negative account line",
      { accountLines: [{ amountPaise: -500, gstRate: 18 }] },
      "Account line 1: amount cannot be negative.",
      ["accountLines", 0, "amountPaise"],
    ],
    [
      "a line amount beyond exact arithmetic",
      { itemLines: [item(1000, Number.MAX_SAFE_INTEGER, -2)] },
      "Item line 1: amount is too large.",
      ["itemLines", 0],
    ],
    [
      "totals beyond exact arithmetic",
      {
        accountLines: [
          { amountPaise: 2 ** 52, gstRate: -2 },
          { amountPaise: 2 ** 52, gstRate: -2 },
        ],
      },
      "The document's totals are too large.",
      [],
    ],
    [
      "a total that rounds to a rupee beyond exact arithmetic",
      { itemLines: [item(1, Number.MAX_SAFE_INTEGER, -2)] },
      "The document's totals are too large.",
      [],
    ],
    [
      "an export without a payment choice",
      { supplyType: "export" },
      "Choose whether the export or SEZ supply is made with payment of IGST or under LUT/bond.",
      ["exportOrSezPayment"],
    ],
  ])("refuses %s", (_name, change, message, path) => {
    expectInputError(() => computeDocument(document(change)), DocumentError, message, path);
  });
});

describe("computeIntraStateTaxes", () => {
  // Each of CGST and SGST is taxable × rate/2 %, half-up (decision 099).
  it.each([
    // taxable, rate, each half: worked by hand
    [0, 18, 0],
    [10100, 5, 253], // ₹101 × 2.5% = ₹2.525 → 2.53 each (not 5.05 split 2.53 + 2.52)
    [1010, 5, 25], // ₹10.10 × 2.5% = ₹0.2525 → 0.25 each (not 0.51 split 0.26 + 0.25)
    [1500040, 18, 135004], // ₹15,000.40 × 9% = ₹1,350.036 → 1,350.04 each
    [100000, 18, 9000], // ₹1,000 × 9% = ₹90 each
    [100, 5, 3], // ₹1 × 2.5% = 2.5 paise → 3 each (exactly half rounds up)
    [33333, 28, 4667], // ₹333.33 × 14% = ₹46.6662 → 46.67 each
    [4000, 0.25, 5], // ₹40 × 0.125% = 5 paise each
    [1000, 0.1, 1], // ₹10 × 0.05% = 0.5 paise → 1 each
    [99999, 0, 0],
  ])("%i paise at %s percent → CGST and SGST %i paise each", (taxable, rate, half) => {
    expect(computeIntraStateTaxes(taxable, rate)).toEqual({ cgstPaise: half, sgstPaise: half });
  });

  it.each([
    [-1, 18],
    [1.5, 18],
    [Number.NaN, 18],
    [100, -1],
    [100, -2],
    [100, 0.125],
    [100, 101],
  ])("refuses taxable %s at %s percent", (taxable, rate) => {
    expect(() => computeIntraStateTaxes(taxable, rate)).toThrow(RangeError);
  });
});

describe("computeDocument: properties", () => {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  it("CGST and SGST are equal, each at half the rate, on every intra-state line; IGST the full rate", () => {
    fc.assert(
      fc.property(documentInputArbitrary, (input) => {
        const computed = computeDocument(input);
        for (const line of [...computed.itemLines, ...computed.accountLines]) {
          const gst = line.taxPaise - line.cessPaise;
          const taxed = computed.taxKind !== "none" && line.gstRate >= 0;
          // round_half_up(taxable × rate/2 %) and round_half_up(taxable × rate %), in exact
          // integers: the rate in hundredths of a percent.
          const taxable = BigInt(line.taxablePaise);
          const rate = taxed ? BigInt(Math.round(line.gstRate * 100)) : 0n;
          const halfUp = (numerator: bigint, denominator: bigint) =>
            Number((2n * numerator + denominator) / (2n * denominator));
          if (computed.taxKind === "intra") {
            expect(line.cgstPaise).toBe(line.sgstPaise);
            expect(line.cgstPaise).toBe(halfUp(taxable * rate, 20000n));
            expect(line.cgstPaise + line.sgstPaise).toBe(gst);
            expect(line.igstPaise).toBe(0);
          } else {
            expect([line.cgstPaise, line.sgstPaise]).toEqual([0, 0]);
            expect(line.igstPaise).toBe(halfUp(taxable * rate, 10000n));
            expect(line.igstPaise).toBe(gst);
          }
          if (computed.taxKind === "none") expect(line.taxPaise).toBe(0);
        }
        expect(
          computed.cgstPaise + computed.sgstPaise + computed.igstPaise + computed.cessPaise,
        ).toBe(computed.taxPaise);
        // Summed from equal line halves, the document's and each rate's halves are equal too.
        expect(computed.cgstPaise).toBe(computed.sgstPaise);
        for (const row of computed.rateSummary) expect(row.cgstPaise).toBe(row.sgstPaise);
      }),
    );
  });

  it("an intra-state line's halves are computeIntraStateTaxes of its taxable value and rate", () => {
    fc.assert(
      fc.property(documentInputArbitrary, (input) => {
        const computed = computeDocument(input);
        if (computed.taxKind !== "intra") return;
        for (const line of [...computed.itemLines, ...computed.accountLines]) {
          if (line.gstRate < 0) continue;
          expect({ cgstPaise: line.cgstPaise, sgstPaise: line.sgstPaise }).toEqual(
            computeIntraStateTaxes(line.taxablePaise, line.gstRate),
          );
        }
      }),
    );
  });

  it("intra-state GST is within a paisa of taxable × rate, IGST and cess within half a paisa", () => {
    fc.assert(
      fc.property(documentInputArbitrary, (input) => {
        const computed = computeDocument(input);
        for (const line of [...computed.itemLines, ...computed.accountLines]) {
          expect(line.grossPaise - line.discountPaise).toBe(line.taxablePaise);
          const taxed = computed.taxKind !== "none" && line.gstRate >= 0;
          const rate = taxed ? BigInt(Math.round(line.gstRate * 100)) : 0n;
          const cessRate = taxed ? BigInt(Math.round(line.cessRate * 100)) : 0n;
          const taxable = BigInt(line.taxablePaise);
          const gstError = BigInt(line.taxPaise - line.cessPaise) * 10000n - taxable * rate;
          const cessError = BigInt(line.cessPaise) * 10000n - taxable * cessRate;
          // Half-up: one rounded amount is within half a paisa, exactly half rounding up; two
          // halves rounded alike are within a paisa of the combined rate's exact tax.
          const bound = computed.taxKind === "intra" ? 10000n : 5000n;
          expect(gstError > -bound && gstError <= bound).toBe(true);
          expect(cessError > -5000n && cessError <= 5000n).toBe(true);
        }
      }),
    );
  });

  it("totals are the sums of the lines, the charged tax and the round off", () => {
    fc.assert(
      fc.property(documentInputArbitrary, (input) => {
        const computed = computeDocument(input);
        const lines = [...computed.itemLines, ...computed.accountLines];
        expect(computed.grossPaise).toBe(sum(lines.map((line) => line.taxablePaise)));
        expect(computed.discountPaise).toBe(sum(lines.map((line) => line.discountPaise)));
        expect(computed.cgstPaise).toBe(sum(lines.map((line) => line.cgstPaise)));
        expect(computed.sgstPaise).toBe(sum(lines.map((line) => line.sgstPaise)));
        expect(computed.igstPaise).toBe(sum(lines.map((line) => line.igstPaise)));
        expect(computed.cessPaise).toBe(sum(lines.map((line) => line.cessPaise)));
        expect(computed.chargedTaxPaise).toBe(input.reverseCharge ? 0 : computed.taxPaise);
        expect(computed.totalPaise).toBe(
          computed.grossPaise + computed.chargedTaxPaise + computed.roundOffPaise,
        );
        expect(computed.totalPaise).toBe(
          sum(lines.map((line) => line.totalPaise)) + computed.roundOffPaise,
        );
        if (input.gstApplicable) {
          const byRate = sum(computed.rateSummary.map((row) => row.taxablePaise));
          expect(byRate + computed.exemptPaise + computed.nonGstPaise).toBe(computed.grossPaise);
          expect(
            sum(
              computed.rateSummary.map(
                (row) => row.cgstPaise + row.sgstPaise + row.igstPaise + row.cessPaise,
              ),
            ),
          ).toBe(computed.taxPaise);
        }
      }),
    );
  });

  it("round off is at most 50 paise and leaves a whole-rupee total; none when switched off", () => {
    fc.assert(
      fc.property(documentInputArbitrary, (input) => {
        const computed = computeDocument(input);
        if (input.roundOff === false) {
          expect(computed.roundOffPaise).toBe(0);
        } else {
          expect(Math.abs(computed.roundOffPaise)).toBeLessThanOrEqual(50);
          expect(computed.totalPaise % 100).toBe(0);
        }
      }),
    );
  });

  it("reverse charge changes only what is charged, never the tax computed", () => {
    fc.assert(
      fc.property(documentInputArbitrary, (input) => {
        const charged = computeDocument({ ...input, reverseCharge: false });
        const reverse = computeDocument({ ...input, reverseCharge: true });
        expect(reverse.taxPaise).toBe(charged.taxPaise);
        expect(reverse.rateSummary).toEqual(charged.rateSummary);
        expect(reverse.chargedTaxPaise).toBe(0);
      }),
    );
  });
});
