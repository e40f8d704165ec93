import {
  BILLED_INCLUDING_GST,
  INVOICED_INCLUDING_GST,
  PURCHASES_EXCLUDING_GST,
  SALES_EXCLUDING_GST,
} from "@bahi/domain";

// Issue 40: the dashboard and the profit and loss showed three different "sales" figures, none
// saying what it holds. Both now lead with the Sales accounts' figure, without GST (the same
// period gives the same figure on both); a figure with GST in it says so.

export const DASHBOARD_FIGURES = {
  sales: SALES_EXCLUDING_GST,
  purchases: PURCHASES_EXCLUDING_GST,
  invoiced: INVOICED_INCLUDING_GST,
  billed: BILLED_INCLUDING_GST,
} as const;

/** Under a card's figure: where it comes from and the period, which the P&L shows alike. */
export function describeLedgerFigure(period: string): string {
  return `${period}, as in the Profit & Loss`;
}

/** Under the chart of the last 30 days. */
export const DASHBOARD_CHART_BASIS = `${SALES_EXCLUDING_GST} per day: the Sales accounts, net of returns, as in the Profit & Loss`;

/** The Trading Account's Sales group. */
export const PROFIT_LOSS_SALES_BASIS = `${SALES_EXCLUDING_GST} are the Sales accounts: net of returns and without GST (the tax is in the output tax ledgers, not income). The dashboard shows the same figure for the same period.`;
