import type { Gstr3bTable, ReturnWarning } from "@bahi/domain";
import { apiRequest } from "../../api/http.ts";
import type { ReturnFiling } from "./model/return-frame.ts";
import type { ReturnPeriodQuery } from "./returns.api.ts";

// docs/api/gst-returns.md "GSTR-3B". Amounts are rupees.

export type ItcBasis = "books" | "2b";

export interface Gstr3bAmounts {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

export interface Gstr3bTableRow extends Gstr3bAmounts {
  table: Gstr3bTable | "4C";
  title: string;
  count: number;
}

export interface Gstr3bPlaceRow {
  pos: string;
  taxableValue: number;
  igst: number;
}

export interface Gstr3bSummary {
  gstin: string;
  fp: string;
  startDate: string;
  endDate: string;
  tables: Gstr3bTableRow[];
  interSup: { unreg: Gstr3bPlaceRow[]; comp: Gstr3bPlaceRow[]; uin: Gstr3bPlaceRow[] };
  inward: {
    gst: { inter: number; intra: number };
    nonGst: { inter: number; intra: number };
  };
  itcBasis: ItcBasis;
  itcBasisAvailable: boolean;
  itcDifference: Gstr3bAmounts | null;
  /** Table 6.1, payment of tax (issue 40); absent from an older server's answer. */
  taxPayment?: Gstr3bTaxPayment;
  warnings: ReturnWarning[];
  warningsCount: number;
  filing: ReturnFiling | null;
}

export interface TaxHeads {
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
}

export interface TaxPaymentRow {
  head: keyof TaxHeads;
  payable: number;
  paidByItc: TaxHeads;
  cash: number;
}

export interface Gstr3bTaxPayment {
  otherThanReverseCharge: TaxPaymentRow[];
  reverseCharge: TaxPaymentRow[];
  itcLeft: TaxHeads;
  cashTotal: number;
}

export interface Gstr3bDetailRow extends Gstr3bAmounts {
  entryId: string;
  transactionType: string;
  number: string;
  date: string;
  partyName: string;
  gstin: string | null;
  key: string | null;
  /** A GSTR-1 amendment of an earlier period: the row is the difference amended − reported. */
  amendment: boolean;
}

export interface Gstr3bDetails {
  table: Gstr3bTable;
  title: string;
  transactions: Gstr3bDetailRow[];
  count: number;
  totals: Gstr3bAmounts;
}

export function getGstr3bSummary(
  query: ReturnPeriodQuery & { itcBasis: ItcBasis },
  signal?: AbortSignal,
) {
  return apiRequest<Gstr3bSummary>("GET", "/gstr3b/gstr3B", {
    query: { ...query, type: "summary" },
    ...(signal ? { signal } : {}),
  });
}

export function getGstr3bDetails(
  query: ReturnPeriodQuery & {
    itcBasis: ItcBasis;
    table: Gstr3bTable;
    skip: number;
    limit: number;
  },
  signal?: AbortSignal,
) {
  return apiRequest<Gstr3bDetails>("GET", "/gstr3b/gstr3B", {
    query: { ...query, type: "details" },
    ...(signal ? { signal } : {}),
  });
}

export function fetchGstr3bJson(query: ReturnPeriodQuery & { itcBasis: ItcBasis }) {
  return apiRequest<Response>("GET", "/gstr3b/gstr3B", {
    query: { ...query, downloadJson: true },
  });
}

export function markGstr3bFiled(body: ReturnPeriodQuery & { arn?: string | undefined }) {
  return apiRequest<{ success: boolean; message: string }>("POST", "/gstr3b/markfiled", { body });
}
