import type { Paise } from "../money/paise.ts";
import { LedgerError } from "./ledger-error.ts";
import { credit, debit, type Posting } from "./posting.ts";

/** spec 3, Fund transfer: money moved between two of the organisation's cash or bank accounts. */
export type FundTransferVoucher = {
  paidAccountId: string;
  receivedAccountId: string;
  amountPaise: Paise;
};

/** Dr the received account; Cr the paid account. */
export function postFundTransfer(voucher: FundTransferVoucher): Posting[] {
  if (voucher.paidAccountId === "") {
    throw new LedgerError("Choose the account paid from.", ["paidAccountId"]);
  }
  if (voucher.receivedAccountId === "") {
    throw new LedgerError("Choose the account received into.", ["receivedAccountId"]);
  }
  if (voucher.paidAccountId === voucher.receivedAccountId) {
    throw new LedgerError("Paid and received accounts must be different.", ["receivedAccountId"]);
  }
  if (!Number.isSafeInteger(voucher.amountPaise) || voucher.amountPaise <= 0) {
    throw new LedgerError("Amount must be greater than zero.", ["amountPaise"]);
  }
  return [
    debit(voucher.receivedAccountId, voucher.amountPaise),
    credit(voucher.paidAccountId, voucher.amountPaise),
  ];
}
