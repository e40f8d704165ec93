import { formatAmount, getVoucherDefinition, type Paise, type VoucherType } from "@bahi/domain";

/**
 * Issue 40: a payment out of Cash more than the cash in hand leaves the cash book negative,
 * which cannot happen (cash is counted, not borrowed): usually a receipt not yet entered or a
 * wrong date. We warn, and the entry can still be saved (the receipt may come next).
 *
 * `balancePaise` is the Cash account's balance at the entry's date, debit positive, before this
 * entry; `outgoingPaise` what this entry takes out of it.
 */
export function describeNegativeCash(input: {
  accountName: string;
  balancePaise: Paise;
  outgoingPaise: Paise;
}): string | null {
  const { balancePaise, outgoingPaise } = input;
  if (outgoingPaise <= 0) return null;
  const after = balancePaise - outgoingPaise;
  if (after >= 0) return null;
  const inHand =
    balancePaise >= 0 ? `₹${formatAmount(balancePaise)}` : `₹-${formatAmount(-balancePaise)}`;
  return `${input.accountName} goes negative: ${inHand} in hand on this date, ₹${formatAmount(outgoingPaise)} paid out leaves ₹-${formatAmount(-after)}. Check for a receipt not yet entered or the date.`;
}

/**
 * Whether a document made out to a Cash party pays cash out (issue 40): the party is credited on
 * a purchase bill (a cash purchase) and on a credit note to a customer (a cash refund); a sale and
 * the notes that raise it or return goods to a supplier bring cash in. Read from the registry.
 */
export function documentPaysOutCash(type: VoucherType): boolean {
  const definition = getVoucherDefinition(type);
  if (!definition.posts || definition.family !== "document" || definition.tradeSign === null) {
    return false;
  }
  return (definition.partySide === "supplier") === (definition.tradeSign === 1);
}
