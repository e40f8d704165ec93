// Test support only (not exported from index.ts): fast-check generators of valid document
// inputs, shared by the gst/compute and ledger property tests.
import fc from "fast-check";
import type { AccountLineInput, DocumentInput, ItemLineInput } from "./compute-document.ts";

const gstRates = fc.constantFrom(-2, -1, 0, 0.1, 0.25, 3, 5, 12, 18, 28, 40);
const cessRates = fc.option(
  fc.integer({ min: 0, max: 5000 }).map((hundredths) => hundredths / 100),
  { nil: undefined },
);

/** A valid item line: quantity up to 10,000 (3 decimals), price up to ₹1 crore. */
export const itemLineArbitrary: fc.Arbitrary<ItemLineInput> = fc
  .record({
    quantityMilli: fc.integer({ min: 0, max: 10_000_000 }),
    ratePaise: fc.integer({ min: 0, max: 1_000_000_000 }),
    gstRate: gstRates,
    cessRate: cessRates,
    discountKind: fc.constantFrom("none", "percent", "amount"),
    discountShare: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ quantityMilli, discountKind, discountShare, ...line }) => {
    // n / 1000 is the double nearest the decimal, so it prints as the decimal (3 places at most).
    const quantity = quantityMilli / 1000;
    // floor(quantity × rate) never exceeds the half-up line amount, so this discount is valid.
    const grossFloor = (BigInt(quantityMilli) * BigInt(line.ratePaise)) / 1000n;
    const discount =
      discountKind === "percent"
        ? { kind: "percent" as const, percent: discountShare / 100 }
        : discountKind === "amount"
          ? {
              kind: "amount" as const,
              paise: Number((grossFloor * BigInt(discountShare)) / 10_000n),
            }
          : undefined;
    return { ...line, quantity, discount };
  });

export const accountLineArbitrary: fc.Arbitrary<AccountLineInput> = fc.record({
  amountPaise: fc.integer({ min: 0, max: 10_000_000_000 }),
  gstRate: gstRates,
  cessRate: cessRates,
});

export const documentInputArbitrary: fc.Arbitrary<DocumentInput> = fc.record({
  supplierStateCode: fc.constantFrom("27", "29", "07", "97"),
  placeOfSupply: fc.constantFrom("27", "29", "07", "97", "96"),
  gstApplicable: fc.boolean(),
  supplyType: fc.constantFrom("regular" as const, "sez" as const, "export" as const),
  exportOrSezPayment: fc.constantFrom("withPayment" as const, "withoutPayment" as const),
  reverseCharge: fc.boolean(),
  roundOff: fc.boolean(),
  itemLines: fc.array(itemLineArbitrary, { maxLength: 8 }),
  accountLines: fc.array(accountLineArbitrary, { maxLength: 4 }),
});
