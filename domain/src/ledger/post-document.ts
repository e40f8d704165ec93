import type { ComputedDocument } from "../gst/compute/compute-document.ts";
import { LedgerError } from "./ledger-error.ts";
import { credit, debit, type Posting, reversePostings } from "./posting.ts";
import type { SystemAccounts } from "./system-accounts.ts";

/** A sales invoice, purchase, credit note or debit note, computed by computeDocument. */
export type DocumentVoucher = {
  /** The customer or supplier, or cash (spec 3: cashOrDebtorAccountId). */
  partyAccountId: string;
  computed: ComputedDocument;
  /** Per item line, the income or expense account; missing or empty → sales or purchases. */
  itemLineAccountIds?: readonly (string | undefined)[] | undefined;
  /** Per account line, its account: one id for each of computed.accountLines. */
  accountLineAccountIds: readonly string[];
};

/**
 * Dr party total; Cr each line's account its taxable value; Cr output CGST, SGST, IGST and
 * cess; Cr round off (a negative round off becomes a debit). Under reverse charge the recipient
 * pays the tax (gst-reference §8), so nothing goes to output tax.
 */
export function postSalesInvoice(voucher: DocumentVoucher, accounts: SystemAccounts): Posting[] {
  const { computed } = voucher;
  const postings = [debit(requireParty(voucher), computed.totalPaise)];
  for (const line of listLineAmounts(voucher, accounts.sales)) {
    postings.push(credit(line.accountId, line.amountPaise));
  }
  if (!computed.reverseCharge) {
    postings.push(
      credit(accounts.outputCgst, computed.cgstPaise),
      credit(accounts.outputSgst, computed.sgstPaise),
      credit(accounts.outputIgst, computed.igstPaise),
      credit(accounts.outputCess, computed.cessPaise),
    );
  }
  postings.push(credit(accounts.roundOff, computed.roundOffPaise));
  return postings;
}

/**
 * Dr each line's account its taxable value; Dr input CGST, SGST, IGST and cess (ITC); Dr round
 * off; Cr party total. Under reverse charge the supplier charged no tax, so the party gets only
 * the taxable value and round off, and the tax is booked twice: Dr input tax (the credit) and
 * Cr the RCM payable accounts (the output liability), as india-compliance does.
 */
export function postPurchase(voucher: DocumentVoucher, accounts: SystemAccounts): Posting[] {
  const { computed } = voucher;
  const postings: Posting[] = [];
  for (const line of listLineAmounts(voucher, accounts.purchases)) {
    postings.push(debit(line.accountId, line.amountPaise));
  }
  postings.push(
    debit(accounts.inputCgst, computed.cgstPaise),
    debit(accounts.inputSgst, computed.sgstPaise),
    debit(accounts.inputIgst, computed.igstPaise),
    debit(accounts.inputCess, computed.cessPaise),
  );
  if (computed.reverseCharge) {
    postings.push(
      credit(accounts.rcmCgstPayable, computed.cgstPaise),
      credit(accounts.rcmSgstPayable, computed.sgstPaise),
      credit(accounts.rcmIgstPayable, computed.igstPaise),
      credit(accounts.rcmCessPayable, computed.cessPaise),
    );
  }
  postings.push(debit(accounts.roundOff, computed.roundOffPaise));
  postings.push(credit(requireParty(voucher), computed.totalPaise));
  return postings;
}

/** A sales return issued to a customer: the sales invoice's postings reversed. */
export function postCreditNote(voucher: DocumentVoucher, accounts: SystemAccounts): Posting[] {
  return reversePostings(postSalesInvoice(voucher, accounts));
}

/**
 * A debit note to a customer raises a sale already invoiced: it posts as a sales invoice does
 * (Dr customer; Cr sales and output tax), decision 066.
 */
export function postSalesDebitNote(voucher: DocumentVoucher, accounts: SystemAccounts): Posting[] {
  return postSalesInvoice(voucher, accounts);
}

/** A purchase return issued to a supplier: the purchase's postings reversed. */
export function postDebitNote(voucher: DocumentVoucher, accounts: SystemAccounts): Posting[] {
  return reversePostings(postPurchase(voucher, accounts));
}

function requireParty(voucher: DocumentVoucher): string {
  if (voucher.partyAccountId === "") {
    throw new LedgerError("Choose the party account.", ["partyAccountId"]);
  }
  return voucher.partyAccountId;
}

function listLineAmounts(voucher: DocumentVoucher, defaultAccountId: string): Posting[] {
  const { computed } = voucher;
  const itemLines = computed.itemLines.map((line, index) => ({
    accountId: voucher.itemLineAccountIds?.[index] || defaultAccountId,
    amountPaise: line.taxablePaise,
  }));
  if (voucher.accountLineAccountIds.length !== computed.accountLines.length) {
    throw new LedgerError("Choose one account for each account line.", ["accountLineAccountIds"]);
  }
  const accountLines = computed.accountLines.map((line, index) => {
    const accountId = voucher.accountLineAccountIds[index];
    if (!accountId) {
      throw new LedgerError(`Choose an account for account line ${index + 1}.`, [
        "accountLineAccountIds",
        index,
      ]);
    }
    return { accountId, amountPaise: line.taxablePaise };
  });
  return [...itemLines, ...accountLines];
}
