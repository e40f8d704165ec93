// Issue 40: the dashboard and the profit and loss showed three different "sales" figures, none
// saying what it holds. Each now names its basis, in the same words on both screens.

/** The dashboard's Sales card: the year's invoices at their totals. */
export const DASHBOARD_SALES_BASIS = "Sales invoices at their totals, GST included";
/** The dashboard's Purchases card. */
export const DASHBOARD_PURCHASES_BASIS = "Purchase bills at their totals, GST included";
/** The dashboard's chart of the last 30 days. */
export const DASHBOARD_NET_SALES_BASIS =
  "Net sales, GST included: invoices less credit notes plus debit notes to customers";
/** The Trading Account's Sales group. */
export const PROFIT_LOSS_SALES_BASIS =
  "Sales here are the Sales accounts: net of returns and without GST (the tax is in the output tax ledgers, not income). The dashboard's sales figures include GST.";
