import type { BankStatementLineRole } from "../vouchers/voucher-definition.ts";
import { voucherTypesWhere } from "../vouchers/voucher-registry.ts";
import type { VoucherType } from "../vouchers/voucher-type.ts";

/** The voucher types a bank-statement import makes, from the registry. */
export function bankStatementVoucherTypes(): VoucherType[] {
  return voucherTypesWhere((definition) => definition.bankStatementLine !== undefined);
}

/** The type a line of this role becomes (exactly one type has each role; a test holds it). */
export function voucherTypeForBankLine(role: BankStatementLineRole): VoucherType {
  const [type] = voucherTypesWhere((definition) => definition.bankStatementLine === role);
  if (!type) throw new Error(`No voucher type is made from ${role} bank lines.`);
  return type;
}

/** Money between own cash and bank accounts is a transfer; otherwise in or out by its sign. */
export function roleOfBankLine(
  amountPaise: number,
  counterIsOwnMoney: boolean,
): BankStatementLineRole {
  if (counterIsOwnMoney) return "transfer";
  return amountPaise > 0 ? "moneyIn" : "moneyOut";
}
