import { daysBetween, formatDateDisplay, formatRupees, rupeesToPaise } from "@bahi/domain";
import type { ExportCell, ExportColumn, ExportSection } from "../exports/export-table.ts";
import { describeAsAt, describeRange } from "../exports/report-files.ts";
import type { readLedger, readTrialBalance } from "./ledger.service.ts";

// The downloads of the two reads ledger/ serves (GET /reports/trialbalance, GET /ledger/getLedger):
// their answers as one table each, for sendReportFile. Their routes live in ledger/book.routes.ts.

type TrialBalance = Awaited<ReturnType<typeof readTrialBalance>>;
type Ledger = Awaited<ReturnType<typeof readLedger>>;

const paise = (rupees: number) => rupeesToPaise(rupees);

export function tabulateTrialBalance(trial: TrialBalance) {
  const columns: ExportColumn[] = [
    { key: "name", label: "Account", kind: "text" },
    { key: "group", label: "Group", kind: "text" },
    { key: "opening", label: "Opening", kind: "amount" },
    { key: "debit", label: "Debit", kind: "amount" },
    { key: "credit", label: "Credit", kind: "amount" },
    { key: "closingDebit", label: "Closing Dr", kind: "amount" },
    { key: "closingCredit", label: "Closing Cr", kind: "amount" },
  ];
  const rows: Record<string, ExportCell>[] = trial.accounts.map((row) => ({
    name: row.name,
    group: row.group,
    opening: paise(row.opening.signed),
    debit: paise(row.debit),
    credit: paise(row.credit),
    closingDebit: row.closingDebit ? paise(row.closingDebit) : null,
    closingCredit: row.closingCredit ? paise(row.closingCredit) : null,
  }));
  const difference = trial.differenceInOpeningBalances.signed;
  if (difference !== 0) {
    rows.push({
      name: "Difference in opening balances",
      group: "",
      opening: paise(difference),
      debit: null,
      credit: null,
      closingDebit: difference > 0 ? paise(difference) : null,
      closingCredit: difference < 0 ? paise(-difference) : null,
    });
  }
  return {
    title: "Trial Balance",
    subtitle: describeAsAt(trial.date),
    columns,
    rows,
    totals: { closingDebit: paise(trial.totalDebit), closingCredit: paise(trial.totalCredit) },
  };
}

/** The ledger with its opening and closing balances as rows; read it with every entry (no paging). */
export function tabulateLedger(ledger: Ledger) {
  const columns: ExportColumn[] = [
    { key: "date", label: "Date", kind: "date" },
    { key: "particulars", label: "Particulars", kind: "text" },
    { key: "type", label: "Type", kind: "text" },
    { key: "number", label: "Number", kind: "text" },
    { key: "debit", label: "Debit", kind: "amount" },
    { key: "credit", label: "Credit", kind: "amount" },
    { key: "balance", label: "Balance", kind: "amount" },
    { key: "side", label: "Dr/Cr", kind: "text" },
  ];
  const balanceRow = (date: string, label: string, balance: Ledger["openingBalance"]) => ({
    date,
    particulars: label,
    type: "",
    number: "",
    debit: null,
    credit: null,
    balance: paise(balance.amount),
    side: balance.type === "dr" ? "Dr" : "Cr",
  });
  const rows: Record<string, ExportCell>[] = [
    balanceRow(ledger.startDate, "Opening Balance", ledger.openingBalance),
    ...ledger.entries.map((entry) => ({
      date: entry.date,
      particulars: [entry.counterAccount, entry.narration].filter(Boolean).join(" · "),
      type: entry.voucherTitle,
      number: entry.number,
      debit: entry.debit ? paise(entry.debit) : null,
      credit: entry.credit ? paise(entry.credit) : null,
      balance: paise(entry.balance.amount),
      side: entry.balance.type === "dr" ? "Dr" : "Cr",
    })),
    balanceRow(ledger.endDate, "Closing Balance", ledger.closingBalance),
  ];
  return {
    title: `Ledger - ${ledger.account.name}`,
    subtitle: describeRange(ledger.startDate, ledger.endDate),
    columns,
    rows,
    totals: { debit: paise(ledger.totalDebit), credit: paise(ledger.totalCredit) },
  };
}

/** An open invoice or bill of the account, as GET /misc/getOpenInvoices answers it. */
export interface LedgerOpenBill {
  invoiceNumber: string;
  date: string;
  dueDate: string | null;
  totalAmount: number;
  pendingAmt: number;
}

/**
 * Issue 40: the ledger's PDF lists the account's open bills with their age as its statement does
 * (documents/statement.ts): the bills dated to the end date, aged in days from their date to the
 * end date, or to today when that is earlier; null when none is open.
 */
export function tabulateOpenBills(
  bills: readonly LedgerOpenBill[],
  endDate: string,
  today: string,
): ExportSection | null {
  const asAt = today < endDate ? today : endDate;
  const open = bills.filter((bill) => bill.date <= endDate);
  if (open.length === 0) return null;
  const pendingTotal = open.reduce((total, bill) => total + paise(bill.pendingAmt), 0);
  return {
    title: `Open Bills as at ${formatDateDisplay(asAt)}, with their age in days (${formatRupees(pendingTotal)} due)`,
    columns: [
      { key: "number", label: "Bill No.", kind: "text" },
      { key: "date", label: "Date", kind: "date" },
      { key: "dueDate", label: "Due Date", kind: "date" },
      { key: "amount", label: "Amount", kind: "amount" },
      { key: "pending", label: "Pending", kind: "amount" },
      { key: "age", label: "Age (days)", kind: "number" },
    ],
    rows: open.map((bill) => ({
      number: bill.invoiceNumber,
      date: bill.date,
      dueDate: bill.dueDate,
      amount: paise(bill.totalAmount),
      pending: paise(bill.pendingAmt),
      age: Math.max(0, daysBetween(bill.date, asAt)),
    })),
    totals: { pending: pendingTotal },
  };
}
