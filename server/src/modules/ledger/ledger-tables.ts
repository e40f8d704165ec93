import { rupeesToPaise } from "@bahi/domain";
import type { ExportCell, ExportColumn } from "../exports/export-table.ts";
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
