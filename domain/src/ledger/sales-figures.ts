import { findAccountGroup } from "../reference/account-groups.ts";

// Issue 40: the dashboard and the profit and loss showed three different "sales" figures, none
// saying whether GST was in it. The books' sales are what the Sales accounts hold: net of returns
// and without GST (the tax is in the output tax ledgers, not income). Both screens show that
// figure under one name; a figure with GST in it says so.

/** The Sales accounts' total over a period: the P&L's Sales group and the dashboard's sales. */
export const SALES_EXCLUDING_GST = "Sales (excluding GST)";
/** The Purchase accounts' total over a period. */
export const PURCHASES_EXCLUDING_GST = "Purchases (excluding GST)";
/** Invoices at their totals, tax included: what customers were billed. */
export const INVOICED_INCLUDING_GST = "Invoiced (including GST)";
/** Bills at their totals, tax included. */
export const BILLED_INCLUDING_GST = "Billed (including GST)";

/**
 * A statement group's heading: the Sales and Purchases groups say they hold no GST (the P&L's
 * screen, PDF and sheet alike); any other group keeps its name.
 */
export function labelStatementGroup(group: { groupId: number | null; name: string }): string {
  if (group.groupId === null) return group.name;
  if (group.groupId === findAccountGroup("Sales")?.id) return SALES_EXCLUDING_GST;
  if (group.groupId === findAccountGroup("Purchases")?.id) return PURCHASES_EXCLUDING_GST;
  return group.name;
}
