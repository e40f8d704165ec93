import type { Paise } from "../../money/index.ts";
import type { TaxAmounts } from "./gstr1-build.ts";

/** The four heads of table 6.1. */
export const TAX_HEADS = ["igst", "cgst", "sgst", "cess"] as const;
export type TaxHead = (typeof TAX_HEADS)[number];

export type HeadAmounts = Record<TaxHead, Paise>;

/** One row of 6.1: a head's tax payable, what each credit pays of it, and the cash rest. */
export interface TaxPaymentRow {
  head: TaxHead;
  payablePaise: Paise;
  /** Paid through ITC, by the head of the credit used. */
  paidByItc: HeadAmounts;
  cashPaise: Paise;
}

/** Table 6.1: (A) other than reverse charge, (B) reverse charge, and the credit left over. */
export interface Gstr3bTaxPayment {
  otherThanReverseCharge: TaxPaymentRow[];
  reverseCharge: TaxPaymentRow[];
  /** Net ITC (4C) not used this period, carried in the electronic credit ledger. */
  itcLeftPaise: HeadAmounts;
  /** The tax paid in cash, both parts together. */
  cashTotalPaise: Paise;
}

const zeroHeads = (): HeadAmounts => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });

function headsOf(amounts: TaxAmounts): HeadAmounts {
  return {
    igst: amounts.igstPaise,
    cgst: amounts.cgstPaise,
    sgst: amounts.sgstPaise,
    cess: amounts.cessPaise,
  };
}

/**
 * GSTR-3B table 6.1 from the return's own figures (issue 40). Tax payable other than reverse
 * charge is 3.1(a) + 3.1(b); reverse-charge tax, 3.1(d), is paid in cash only (section 49(4):
 * the credit ledger pays "output tax", which reverse-charge tax is not). Net ITC, 4(C), is set off
 * in the order of the law:
 *
 * - IGST credit pays IGST first, then CGST and SGST in any order and proportion (s.49(5)(a),
 *   rule 88A), and must be used up before any CGST or SGST credit is used (s.49A). We give it
 *   first to the part of CGST and SGST that their own credit cannot cover, so that the split
 *   leaves the least cash to pay; what is left of it then pays the rest of CGST, then SGST.
 * - CGST credit pays CGST, then IGST (s.49(5)(b)); never SGST (s.49(5)(e)).
 * - SGST credit pays SGST, then IGST only once CGST credit is used up (s.49(5)(c), (d), (f)).
 * - Cess credit pays cess only (Compensation Cess Act s.11(2) with s.49).
 *
 * Negative figures (more notes than supplies) count as nothing payable and no credit.
 */
export function computeGstr3bTaxPayment(input: {
  outwardTaxable: TaxAmounts;
  outwardZeroRated: TaxAmounts;
  reverseCharge: TaxAmounts;
  netItc: TaxAmounts;
}): Gstr3bTaxPayment {
  const nonNegative = (heads: HeadAmounts): HeadAmounts => ({
    igst: Math.max(0, heads.igst),
    cgst: Math.max(0, heads.cgst),
    sgst: Math.max(0, heads.sgst),
    cess: Math.max(0, heads.cess),
  });
  const outward = headsOf(input.outwardTaxable);
  const zeroRated = headsOf(input.outwardZeroRated);
  const payable = nonNegative({
    igst: outward.igst + zeroRated.igst,
    cgst: outward.cgst + zeroRated.cgst,
    sgst: outward.sgst + zeroRated.sgst,
    cess: outward.cess + zeroRated.cess,
  });
  const credit = nonNegative(headsOf(input.netItc));
  const owed = { ...payable };
  const paid: Record<TaxHead, HeadAmounts> = {
    igst: zeroHeads(),
    cgst: zeroHeads(),
    sgst: zeroHeads(),
    cess: zeroHeads(),
  };
  const use = (from: TaxHead, to: TaxHead, limit = Number.POSITIVE_INFINITY) => {
    const amount = Math.min(credit[from], owed[to], limit);
    if (amount <= 0) return;
    credit[from] -= amount;
    owed[to] -= amount;
    paid[to][from] += amount;
  };

  use("igst", "igst");
  use("igst", "cgst", Math.max(0, owed.cgst - credit.cgst));
  use("igst", "sgst", Math.max(0, owed.sgst - credit.sgst));
  use("igst", "cgst");
  use("igst", "sgst");
  use("cgst", "cgst");
  use("cgst", "igst");
  use("sgst", "sgst");
  use("sgst", "igst");
  use("cess", "cess");

  const reverse = nonNegative(headsOf(input.reverseCharge));
  const otherThanReverseCharge = TAX_HEADS.map((head) => ({
    head,
    payablePaise: payable[head],
    paidByItc: paid[head],
    cashPaise: owed[head],
  }));
  const reverseCharge = TAX_HEADS.map((head) => ({
    head,
    payablePaise: reverse[head],
    paidByItc: zeroHeads(),
    cashPaise: reverse[head],
  }));
  const cashTotalPaise = [...otherThanReverseCharge, ...reverseCharge].reduce(
    (sum, row) => sum + row.cashPaise,
    0,
  );
  return { otherThanReverseCharge, reverseCharge, itcLeftPaise: credit, cashTotalPaise };
}
