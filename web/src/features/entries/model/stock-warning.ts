import { getVoucherDefinition, roundQuantityToMilli, type VoucherType } from "@bahi/domain";

/**
 * The warning under a line's quantity when the line would take an item's stock below zero
 * (docs/decisions/041-negative-stock.md): Tally's way, a warning that lets the user save, never a
 * refusal. Only lines that move goods out of an organisation that manages inventory are checked,
 * and only against the stock in hand the item list reports (an edit's own quantity is already out
 * of it, so edits are not checked).
 */
export function describeStockShortfall(input: {
  type: VoucherType;
  manageInventory: boolean;
  itemType: "goods" | "services" | null | undefined;
  quantityText: string;
  /** Units in hand (GET /item/itemlist stockQuantity); undefined when not known. */
  inHand: number | undefined;
  uom: string;
}): string | undefined {
  if (!input.manageInventory || input.itemType !== "goods" || input.inHand === undefined)
    return undefined;
  if (getVoucherDefinition(input.type).movesStock !== "out") return undefined;
  const quantity = Number(input.quantityText);
  if (!Number.isFinite(quantity) || quantity <= 0) return undefined;
  // Compared in thousandths, the quantities' own precision, read exactly (money's quantity reader).
  if (roundQuantityToMilli(quantity) <= roundQuantityToMilli(input.inHand)) return undefined;
  const unit = input.uom ? ` ${input.uom}` : "";
  return `Only ${input.inHand}${unit} in stock: this takes it below zero.`;
}
