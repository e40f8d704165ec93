import { labelStatementGroup, milliToQuantity, paiseToRupees } from "@bahi/domain";
import type { ExportCell, ExportColumn } from "../exports/export-table.ts";
import type { StockValue } from "../items/stock-valuation.ts";
import type {
  BalanceSheet,
  ProfitAndLoss,
  StatementGroup,
  StatementLine,
  StatementType,
} from "./statements.service.ts";

// JSON (rupees) and the two-sided table of the downloads (Tally's horizontal form: liabilities or
// debits on the left, assets or credits on the right; each group's total in the Amount column and,
// in the detailed form, its accounts' amounts in the Details column beside it).

function presentLine(line: StatementLine) {
  return {
    accountId: line.accountId,
    name: line.name,
    amount: paiseToRupees(line.amountPaise),
    ...(line.openingBalancePaise !== undefined
      ? { openingBalance: paiseToRupees(line.openingBalancePaise) }
      : {}),
    ...(line.currentPeriodPaise !== undefined
      ? { currentPeriod: paiseToRupees(line.currentPeriodPaise) }
      : {}),
  };
}

function presentGroups(groups: readonly StatementGroup[], type: StatementType) {
  return groups.map((group) => ({
    groupId: group.groupId,
    name: group.name,
    amount: paiseToRupees(group.amountPaise),
    accounts: type === "detailed" ? group.accounts.map(presentLine) : [],
  }));
}

/**
 * A statement's stock: its value and accounts, and, when asked (`stockItems`, detailed form only),
 * the working item by item, which at a thousand goods is most of the answer (decision 025).
 */
function presentStock(stock: StockValue, type: StatementType, withItems: boolean) {
  return {
    method: stock.method,
    date: stock.date,
    amount: paiseToRupees(stock.totalPaise),
    accounts: stock.lines.map(presentLine),
    ...(withItems && type === "detailed" && stock.items.length > 0
      ? {
          items: stock.items.map((item) => ({
            itemId: item.itemId,
            name: item.name,
            quantity: milliToQuantity(item.quantityMilli),
            // The average cost is a fraction of a paisa; shown to the paisa.
            rate: paiseToRupees(Math.round(item.rate)),
            value: paiseToRupees(item.valuePaise),
          })),
        }
      : {}),
  };
}

export function presentBalanceSheet(
  sheet: BalanceSheet & { year: string; type: StatementType; organisation: { name: string } },
  withItems = false,
) {
  const difference = sheet.differenceInOpeningBalancesPaise;
  return {
    organisationName: sheet.organisation.name,
    year: sheet.year,
    date: sheet.date,
    type: sheet.type,
    liabilities: presentGroups(sheet.liabilities, sheet.type),
    assets: presentGroups(sheet.assets, sheet.type),
    totalLiabilities: paiseToRupees(sheet.totalLiabilitiesPaise),
    totalAssets: paiseToRupees(sheet.totalAssetsPaise),
    profitOrLoss: {
      kind: sheet.netProfitPaise < 0 ? "loss" : "profit",
      amount: paiseToRupees(Math.abs(sheet.netProfitPaise)),
      signed: paiseToRupees(sheet.netProfitPaise),
    },
    profitAndLossAccount: sheet.profitAndLossAccount
      ? presentLine(sheet.profitAndLossAccount)
      : null,
    differenceInOpeningBalances:
      difference === 0
        ? null
        : {
            amount: paiseToRupees(Math.abs(difference)),
            side: difference > 0 ? "assets" : "liabilities",
          },
    closingStock: presentStock(sheet.closingStock, sheet.type, withItems),
  };
}

export function presentProfitAndLoss(
  result: ProfitAndLoss & { year: string; type: StatementType; organisation: { name: string } },
  withItems = false,
) {
  return {
    organisationName: result.organisation.name,
    year: result.year,
    type: result.type,
    startDate: result.startDate,
    endDate: result.endDate,
    trading: {
      debit: presentGroups(result.trading.debit, result.type),
      credit: presentGroups(result.trading.credit, result.type),
      grossProfit: paiseToRupees(result.grossProfitPaise),
      total: paiseToRupees(result.trading.totalPaise),
    },
    profitAndLoss: {
      debit: presentGroups(result.profitAndLoss.debit, result.type),
      credit: presentGroups(result.profitAndLoss.credit, result.type),
      netProfit: paiseToRupees(result.netProfitPaise),
      total: paiseToRupees(result.profitAndLoss.totalPaise),
    },
    grossProfit: paiseToRupees(result.grossProfitPaise),
    netProfit: paiseToRupees(result.netProfitPaise),
    openingStock: presentStock(result.openingStock, result.type, withItems),
    closingStock: presentStock(result.closingStock, result.type, withItems),
  };
}

// ---------------------------------------------------------------------------------------------
// Tables for PDF and Excel

interface SideLine {
  particulars: string;
  detail: number | null;
  amount: number | null;
}

const INDENT = "    ";

function sideLines(groups: readonly StatementGroup[], type: StatementType): SideLine[] {
  return groups.flatMap((group) => [
    { particulars: labelStatementGroup(group), detail: null, amount: group.amountPaise },
    ...(type === "detailed"
      ? group.accounts.map((account) => ({
          particulars: `${INDENT}${account.name}`,
          detail: account.amountPaise,
          amount: null,
        }))
      : []),
  ]);
}

function twoSidedColumns(left: string, right: string, type: StatementType): ExportColumn[] {
  const detail = (key: string): ExportColumn[] =>
    type === "detailed" ? [{ key, label: "Details", kind: "amount" }] : [];
  return [
    { key: "left", label: left, kind: "text" },
    ...detail("leftDetail"),
    { key: "leftAmount", label: "Amount", kind: "amount" },
    { key: "right", label: right, kind: "text" },
    ...detail("rightDetail"),
    { key: "rightAmount", label: "Amount", kind: "amount" },
  ];
}

function pairSides(left: readonly SideLine[], right: readonly SideLine[]) {
  const rows: Record<string, ExportCell>[] = [];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const l = left[index];
    const r = right[index];
    rows.push({
      left: l?.particulars ?? null,
      leftDetail: l?.detail ?? null,
      leftAmount: l?.amount ?? null,
      right: r?.particulars ?? null,
      rightDetail: r?.detail ?? null,
      rightAmount: r?.amount ?? null,
    });
  }
  return rows;
}

export function tabulateBalanceSheet(sheet: BalanceSheet, type: StatementType) {
  return {
    columns: twoSidedColumns("Liabilities", "Assets", type),
    rows: pairSides(sideLines(sheet.liabilities, type), sideLines(sheet.assets, type)),
    totals: { leftAmount: sheet.totalLiabilitiesPaise, rightAmount: sheet.totalAssetsPaise },
  };
}

export function tabulateProfitAndLoss(result: ProfitAndLoss, type: StatementType) {
  const gross = result.grossProfitPaise;
  const net = result.netProfitPaise;
  const line = (particulars: string, amount: number): SideLine => ({
    particulars,
    detail: null,
    amount,
  });
  const tradingLeft = [
    ...sideLines(result.trading.debit, type),
    ...(gross > 0 ? [line("Gross Profit c/o", gross)] : []),
  ];
  const tradingRight = [
    ...sideLines(result.trading.credit, type),
    ...(gross < 0 ? [line("Gross Loss c/o", -gross)] : []),
  ];
  const total = result.trading.totalPaise;
  const plLeft = [
    ...(gross < 0 ? [line("Gross Loss b/f", -gross)] : []),
    ...sideLines(result.profitAndLoss.debit, type),
    ...(net > 0 ? [line("Net Profit", net)] : []),
  ];
  const plRight = [
    ...(gross > 0 ? [line("Gross Profit b/f", gross)] : []),
    ...sideLines(result.profitAndLoss.credit, type),
    ...(net < 0 ? [line("Net Loss", -net)] : []),
  ];
  return {
    columns: twoSidedColumns("Particulars (Dr)", "Particulars (Cr)", type),
    rows: [
      ...pairSides(tradingLeft, tradingRight),
      ...pairSides([line("Total", total)], [line("Total", total)]),
      ...pairSides(plLeft, plRight),
    ],
    totals: {
      leftAmount: result.profitAndLoss.totalPaise,
      rightAmount: result.profitAndLoss.totalPaise,
    },
  };
}
