import { apiRequest } from "../../api/http.ts";

export interface TdsSuggestion {
  section: string | null;
  rate: number;
  deduct: boolean;
  baseAmount: number;
  amount: number;
  certificateBaseAmount?: number;
  reason: string;
}

export function fetchTdsSuggestion(query: {
  organisationId: string;
  accountId: string;
  date: string;
  amount: number;
  entryId?: string | undefined;
}) {
  return apiRequest<TdsSuggestion>("GET", "/tds/suggest", {
    query,
    errorTitle: "Could not work out the TDS",
  });
}

export interface TdsReportRow {
  entryId: string;
  voucherType: string;
  number: string;
  date: string;
  accountId: string;
  name: string;
  pan: string | null;
  panStatus: "valid" | "missing" | "invalid";
  section: string;
  amountPaid: number;
  rate: number;
  tds: number;
  certificateNumber: string | null;
  challan: { challanId: string; date: string; bsrCode: string; challanSerial: string } | null;
  problems: string[];
}

export interface TdsReport {
  year: string;
  quarter: number;
  startDate: string;
  endDate: string;
  form: string;
  /** Issue 39: the deductor as the statement names it; `problems` says when its TAN is missing. */
  deductor?: { name: string; tan: string | null; pan: string | null; problems: string[] };
  rows: TdsReportRow[];
  totals: {
    count: number;
    amountPaid: number;
    tds: number;
    deposited: number;
    notDeposited: number;
    missingPan: number;
  };
}

export function fetchTdsReport(query: { organisationId: string; year: string; quarter: number }) {
  return apiRequest<TdsReport>("GET", "/tds/report", {
    query,
    errorTitle: "Could not fetch the TDS statement",
  });
}

export function fetchTdsStatementFile(query: {
  organisationId: string;
  year: string;
  quarter: number;
}) {
  return apiRequest<Response>("GET", "/tds/report/download", { query });
}

export function fetchTdsCertificate(query: {
  organisationId: string;
  year: string;
  quarter: number;
  accountId: string;
}) {
  return apiRequest<Response>("GET", "/tds/certificate", { query });
}

export interface TdsChallan {
  challanId: string;
  date: string;
  bsrCode: string;
  challanSerial: string;
  section: string;
  tax: number;
  interest: number;
  fee: number;
  total: number;
  entryId: string;
}

export function fetchTdsChallans(query: { organisationId: string; year: string }) {
  return apiRequest<{ challans: TdsChallan[] }>("GET", "/tds/challans", {
    query,
    errorTitle: "Could not fetch the challans",
  });
}

export interface NewChallan {
  organisationId: string;
  date: string;
  bsrCode: string;
  challanSerial: string;
  section: string;
  tax: number;
  interest: number;
  fee: number;
  bankAccountId: string;
  entryIds: string[];
}

export function createTdsChallan(body: NewChallan) {
  return apiRequest<{ challanId: string; number: string }>("POST", "/tds/challan", { body });
}

/** What a deposit on `date` of the named deductions owes under s.201(1A), both kinds. */
export interface ChallanInterest {
  date: string;
  tax: number;
  interestOwed: number;
  lateDeductionInterest: number;
  lateDeductionMonths: number;
  lateDepositInterest: number;
  lateDepositMonths: number;
  dueDate: string | null;
}

export function fetchChallanInterest(query: {
  organisationId: string;
  date: string;
  section: string;
  entryIds: string[];
}) {
  return apiRequest<ChallanInterest>("GET", "/tds/challan/interest", {
    query: { ...query, entryIds: query.entryIds.join(",") },
    errorTitle: "Could not work out the interest",
  });
}
