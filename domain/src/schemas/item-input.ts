import { z } from "zod";
import {
  DiscountPercent,
  GstRateValue,
  NonNegativeQuantity,
  NonNegativeRupeeAmount,
} from "./amounts.ts";
import { CustomFieldValues } from "./entry-lines.ts";
import { HsnCode, SacCode, UomCode } from "./identity-fields.ts";
import { boundedText, EntityId, optionalText, requiredText } from "./text-fields.ts";

/** spec 9 */
export const ITEM_NAME_MAX = 50;

export const ITEM_TYPES = ["goods", "services"] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_MESSAGES = {
  // spec 5 marks the name required only by its label; an unnamed item cannot be picked, so we check.
  nameRequired: "Item Name is Required!.",
  type: "Item type must be goods or services.",
  sacOnGoods: "Goods take an HSN code, not a SAC code.",
  hsnOnServices: "Services take a SAC code, not an HSN code.",
  // Issue 40: a GST-registered organisation's item needs a rate chosen (server and screen).
  gstRateRequired: "Choose the item's GST rate (or Exempt): the organisation is GST-registered.",
} as const;

/** The add/edit item payload (api.md 7 "Item"). Prices are rupees; discounts are percentages. */
const ItemFields = z.object({
  organisationId: EntityId,
  name: requiredText(
    ITEM_NAME_MAX,
    ITEM_MESSAGES.nameRequired,
    `Item Name cannot be more than ${ITEM_NAME_MAX} characters.`,
  ),
  description: optionalText(boundedText(500, "Description cannot be more than 500 characters.")),
  type: z.enum(ITEM_TYPES, { error: ITEM_MESSAGES.type }),
  openingBalanceQuantity: NonNegativeQuantity.default(0),
  openingBalanceAmount: NonNegativeRupeeAmount.default(0),
  uom: optionalText(UomCode),
  standardSellingPrice: NonNegativeRupeeAmount.optional(),
  standardSaleDiscount: DiscountPercent.optional(),
  standardPurchasePrice: NonNegativeRupeeAmount.optional(),
  standardPurchaseDiscount: DiscountPercent.optional(),
  hsnCode: optionalText(HsnCode),
  sacCode: optionalText(SacCode),
  gstRate: GstRateValue.optional(),
  /** CGST s.17(5) blocked credit: GSTR-3B reports its ITC in 4A and reverses it in 4B(1). */
  itcNotEligible: z.boolean().default(false),
  customFieldValues: CustomFieldValues.optional(),
});

function refineItem(
  item: { type: ItemType; hsnCode?: string | undefined; sacCode?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (item.type === "goods" && item.sacCode !== undefined) {
    ctx.addIssue({ code: "custom", path: ["sacCode"], message: ITEM_MESSAGES.sacOnGoods });
  }
  if (item.type === "services" && item.hsnCode !== undefined) {
    ctx.addIssue({ code: "custom", path: ["hsnCode"], message: ITEM_MESSAGES.hsnOnServices });
  }
}

export const ItemInput = ItemFields.superRefine(refineItem);
export type ItemInput = z.infer<typeof ItemInput>;

export const ItemEditInput = ItemFields.extend({ itemId: EntityId }).superRefine(refineItem);
export type ItemEditInput = z.infer<typeof ItemEditInput>;
