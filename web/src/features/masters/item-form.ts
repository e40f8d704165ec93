import {
  ITEM_MESSAGES,
  ItemInput,
  type ItemType,
  type Paise,
  paiseToRupees,
  rupeesToPaise,
} from "@bahi/domain";
import { type FieldErrors, validateWith } from "../../components/form-validation.ts";
import type { ItemPayload, ItemRecord } from "./masters.api.ts";

/** spec 9 field limits. */
export const HSN_MAX = 8;
export const SAC_MAX = 6;
/** spec 5 "Item": discounts are capped at 100 (in hundredths of a percent, as AmountInput reads). */
export const DISCOUNT_MAX_HUNDREDTHS = 10_000;

export interface ItemFormValues {
  name: string;
  type: ItemType;
  description: string;
  uom: string;
  hsnCode: string;
  sacCode: string;
  gstRate: number | null;
  itcNotEligible: boolean;
  sellingPricePaise: Paise;
  /** Hundredths of a percent: 250 is 2.5 %. */
  saleDiscount: number;
  purchasePricePaise: Paise;
  purchaseDiscount: number;
  /** As typed, up to 3 decimals. */
  openingQuantity: string;
  openingAmountPaise: Paise;
  customFieldValues: Record<string, string>;
}

export function emptyItemForm(): ItemFormValues {
  return {
    name: "",
    type: "goods",
    description: "",
    uom: "",
    hsnCode: "",
    sacCode: "",
    gstRate: null,
    itcNotEligible: false,
    sellingPricePaise: 0,
    saleDiscount: 0,
    purchasePricePaise: 0,
    purchaseDiscount: 0,
    openingQuantity: "",
    openingAmountPaise: 0,
    customFieldValues: {},
  };
}

const toHundredths = (value: number | null) => (value === null ? 0 : rupeesToPaise(value));

export function formFromItem(item: ItemRecord): ItemFormValues {
  return {
    name: item.name,
    type: item.type,
    description: item.description ?? "",
    uom: item.uom ?? "",
    hsnCode: item.hsnCode ?? "",
    sacCode: item.sacCode ?? "",
    // Non-GST (-2) chosen on purpose stays chosen; a GST organisation could not save it again.
    gstRate: item.gstRate,
    itcNotEligible: item.itcNotEligible === true,
    sellingPricePaise: toHundredths(item.standardSellingPrice),
    saleDiscount: toHundredths(item.standardSaleDiscount),
    purchasePricePaise: toHundredths(item.standardPurchasePrice),
    purchaseDiscount: toHundredths(item.standardPurchaseDiscount),
    openingQuantity: item.openingBalanceQuantity ? String(item.openingBalanceQuantity) : "",
    openingAmountPaise: toHundredths(item.openingBalanceAmount),
    customFieldValues: { ...item.customFieldValues },
  };
}

/** Goods take an HSN code and may hold stock; services take a SAC code and hold none. */
export function changeItemType(values: ItemFormValues, type: ItemType): ItemFormValues {
  if (type === values.type) return values;
  return type === "goods"
    ? { ...values, type, sacCode: "" }
    : { ...values, type, hsnCode: "", openingQuantity: "", openingAmountPaise: 0 };
}

/** A quantity as it may be typed: digits and one point, at most 3 decimals, under 100 crore. */
export function typeQuantity(text: string, previous: string): string {
  return /^\d{0,9}(\.\d{0,3})?$/.test(text) ? text : previous;
}

/** Digits only, cut at `max` (HSN 8, SAC 6; spec 9). */
export function typeCode(text: string, max: number): string {
  return text.replace(/\D/g, "").slice(0, max);
}

export function toItemPayload(values: ItemFormValues, organisationId: string): ItemPayload {
  const goods = values.type === "goods";
  return {
    organisationId,
    name: values.name,
    description: values.description,
    type: values.type,
    openingBalanceQuantity: goods ? Number(values.openingQuantity || "0") : 0,
    openingBalanceAmount: goods ? paiseToRupees(values.openingAmountPaise) : 0,
    uom: values.uom,
    standardSellingPrice: paiseToRupees(values.sellingPricePaise),
    standardSaleDiscount: paiseToRupees(values.saleDiscount),
    standardPurchasePrice: paiseToRupees(values.purchasePricePaise),
    standardPurchaseDiscount: paiseToRupees(values.purchaseDiscount),
    hsnCode: goods ? values.hsnCode : "",
    sacCode: goods ? "" : values.sacCode,
    ...(values.gstRate === null ? {} : { gstRate: values.gstRate }),
    itcNotEligible: values.itcNotEligible,
    customFieldValues: values.customFieldValues,
  };
}

/**
 * The server's own schema (domain's ItemInput), with its messages; a GST-registered
 * organisation's item also needs its GST rate (issue 40, as the server refuses it).
 */
export function validateItemForm(
  values: ItemFormValues,
  options: { gstRegistered?: boolean } = {},
): FieldErrors {
  const checked = validateWith(ItemInput, toItemPayload(values, "organisation"));
  const errors = checked.ok ? {} : { ...checked.errors };
  if (options.gstRegistered && values.gstRate === null && !errors.gstRate) {
    errors.gstRate = ITEM_MESSAGES.gstRateRequired;
  }
  return errors;
}
