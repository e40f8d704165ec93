import { z } from "zod";
import { rupeesToPaise } from "../money/index.ts";
import {
  CessRate,
  GstRateValue,
  NonNegativeRupeeAmount,
  PositiveRupeeAmount,
  Quantity,
} from "./amounts.ts";
import { HsnCode, SacCode, UomCode } from "./identity-fields.ts";
import { boundedText, EntityId, optionalText, RequiredId } from "./text-fields.ts";

export const LINE_DESCRIPTION_MAX = 500;

const LineDescription = optionalText(
  boundedText(
    LINE_DESCRIPTION_MAX,
    `Description cannot be more than ${LINE_DESCRIPTION_MAX} characters.`,
  ),
);

export const DISCOUNT_TYPES = ["percent", "amount"] as const;

export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/**
 * One item line of a document. Amounts are rupees as the client computed them; the server
 * recomputes tax with domain/src/gst and refuses a mismatch. `amount` is the taxable value
 * (quantity × rate less discount). `discount` is a percentage when discountType is 'percent'
 * (at most 100), else rupees off the line. gstRate: percent, -1 Exempt, -2 none.
 */
export const ItemDetailLine = z
  .object({
    itemId: RequiredId("Item"),
    description: LineDescription,
    hsnCode: optionalText(HsnCode),
    sacCode: optionalText(SacCode),
    quantity: Quantity,
    uom: optionalText(UomCode),
    rate: NonNegativeRupeeAmount,
    discountType: z
      .enum(DISCOUNT_TYPES, { error: "Discount type must be percent or amount." })
      .default("percent"),
    discount: NonNegativeRupeeAmount.default(0),
    gstRate: GstRateValue,
    cessRate: CessRate.optional(),
    amount: NonNegativeRupeeAmount,
    cgstAmount: NonNegativeRupeeAmount.optional(),
    sgstAmount: NonNegativeRupeeAmount.optional(),
    igstAmount: NonNegativeRupeeAmount.optional(),
    cessAmount: NonNegativeRupeeAmount.optional(),
  })
  .superRefine((line, ctx) => {
    if (line.discountType === "percent" && line.discount > 100) {
      ctx.addIssue({
        code: "custom",
        path: ["discount"],
        message: "Discount cannot be more than 100.",
      });
    }
  });

export type ItemDetailLine = z.infer<typeof ItemDetailLine>;

/**
 * One account line of a document (freight, packing, an income or expense account billed
 * directly): the account, its taxable amount, GST rate and optional cess rate.
 */
export const AccountDetailLine = z.object({
  accountId: RequiredId("Account"),
  amount: NonNegativeRupeeAmount,
  gstRate: GstRateValue,
  cessRate: CessRate.optional(),
  description: LineDescription,
});

export type AccountDetailLine = z.infer<typeof AccountDetailLine>;

/** An allocation of money against one invoice or bill (DESIGN.md 4 "Bill-wise"). */
export const BillWiseAllocation = z.object({
  entryId: EntityId,
  amount: PositiveRupeeAmount,
});

export type BillWiseAllocation = z.infer<typeof BillWiseAllocation>;

export const BILL_WISE_ENTRIES_MAX = 500;

export const BillWiseAllocations = z
  .array(BillWiseAllocation)
  .max(BILL_WISE_ENTRIES_MAX, `At most ${BILL_WISE_ENTRIES_MAX} bill-wise allocations.`)
  .default([]);

/** The exact total in paise of amounts that RupeeAmount accepted (money's rupeesToPaise). */
export function sumRupeesInPaise(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + rupeesToPaise(amount), 0);
}

export function sumBillWiseInPaise(entries: readonly BillWiseAllocation[]): number {
  return sumRupeesInPaise(entries.map((entry) => entry.amount));
}

/** Custom field values: field id to value text (spec 3 "Custom field": values are strings). */
export const CustomFieldValues = z.record(
  EntityId,
  z.string().max(500, "A custom field value cannot be more than 500 characters."),
);

export type CustomFieldValues = z.infer<typeof CustomFieldValues>;
