import {
  buildVoucherScreenPath,
  getVoucherDefinition,
  type OrganisationYear,
  type VoucherType,
} from "@bahi/domain";

/** The query parameter that carries the invoice or bill into Create Receipt / Create Payment. */
export const SETTLEMENT_QUERY_PARAM = "invoiceId";

/**
 * Create Receipt / Create Payment (spec 2.6): the add screen of the settling type with the
 * invoice or bill, which the screen reads to fill the account, the amount (pendingAmt, else
 * totalAmount) and the invoice: '/o1/2025-26/receipt/add?invoiceId=inv-7'.
 */
export function buildSettlementPath(
  scope: OrganisationYear,
  from: VoucherType,
  invoiceId: string,
): string {
  const settlement = getVoucherDefinition(from).settlement;
  if (!settlement) throw new Error(`${from} is not settled by a receipt or payment`);
  return buildVoucherScreenPath(scope, settlement.into, {
    screen: "add",
    query: { [SETTLEMENT_QUERY_PARAM]: invoiceId },
  });
}
