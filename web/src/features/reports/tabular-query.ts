import { BILLABLE_TYPES, type CivilDate, financialYearRange, listTradeTypes } from "@bahi/domain";
import type { Query } from "../../api/http.ts";
import {
  type OrganisationFacts,
  type ReportFilter,
  type TabularReportDefinition,
  visibleFilters,
} from "./report-definitions.ts";
import { defaultReportDate } from "./report-format.ts";
import { readChoiceParam, readCountParam, readDateParam } from "./report-params.ts";

export const B2B_CHOICES = ["all", "b2b", "b2c"] as const;
export const RCM_CHOICES = ["all", "rcm", "nonRcm"] as const;
export const PERIOD_TYPES = ["month", "quarter"] as const;
/** The Documents filter: the side's invoices, its returns, or a note type that raises invoices. */
export const DOCUMENT_CHOICES = [
  "invoice",
  "return",
  ...(["customer", "supplier"] as const).flatMap((side) =>
    listTradeTypes(side)
      .filter(({ type, sign }) => sign > 0 && !(BILLABLE_TYPES as readonly string[]).includes(type))
      .map(({ type }) => type as string),
  ),
];
export const LIMIT_CHOICES = [10, 25, 50, 100] as const;

/** What a tabular report's screen reads from its address (report-params.ts). */
export interface TabularFilterValues {
  startDate: CivilDate;
  endDate: CivilDate;
  date: CivilDate;
  accountId: string | null;
  b2bOrB2c: (typeof B2B_CHOICES)[number];
  rcmOrNonRcm: (typeof RCM_CHOICES)[number];
  periodType: (typeof PERIOD_TYPES)[number];
  transactionType: string;
  limit: number | null;
  itemId: string | null;
}

export function readTabularFilters(
  params: URLSearchParams,
  year: string,
  today: CivilDate,
): TabularFilterValues {
  const range = financialYearRange(year);
  return {
    startDate: readDateParam(params.get("from"), year) ?? range.startDate,
    endDate: readDateParam(params.get("to"), year) ?? range.endDate,
    date: readDateParam(params.get("date"), year) ?? defaultReportDate(year, today),
    accountId: params.get("party") || null,
    b2bOrB2c: readChoiceParam(params.get("b2b"), B2B_CHOICES, "all"),
    rcmOrNonRcm: readChoiceParam(params.get("rcm"), RCM_CHOICES, "all"),
    periodType: readChoiceParam(params.get("periodType"), PERIOD_TYPES, "month"),
    transactionType: readChoiceParam(params.get("documents"), DOCUMENT_CHOICES, "invoice"),
    limit: readCountParam(params.get("limit"), 1000),
    itemId: params.get("item") || null,
  };
}

/**
 * The call's query for the filters this report offers to this organisation, and the required
 * filters still missing (the screen asks for them instead of calling).
 */
export function buildTabularQuery(
  definition: Pick<TabularReportDefinition, "filters" | "required">,
  values: TabularFilterValues,
  scope: { organisationId: string; year: string } & OrganisationFacts,
): { query: Query; missing: ReportFilter[]; valid: boolean } {
  const query: Query = { organisationId: scope.organisationId, year: scope.year };
  const filters = visibleFilters(definition, scope);
  for (const filter of filters) {
    switch (filter) {
      case "dateRange":
        query.startDate = values.startDate;
        query.endDate = values.endDate;
        break;
      case "asAt":
        query.date = values.date;
        break;
      case "party":
        if (values.accountId) query.accountId = values.accountId;
        break;
      case "b2bOrB2c":
        if (values.b2bOrB2c !== "all") query.b2bOrB2c = values.b2bOrB2c;
        break;
      case "rcmOrNonRcm":
        if (values.rcmOrNonRcm !== "all") query.rcmOrNonRcm = values.rcmOrNonRcm;
        break;
      case "periodType":
        query.periodType = values.periodType;
        break;
      case "transactionType":
        query.transactionType = values.transactionType;
        break;
      case "limit":
        if (values.limit !== null) query.limit = values.limit;
        break;
      case "item":
        if (values.itemId) query.itemId = values.itemId;
        break;
    }
  }
  const missing = definition.required.filter(
    (filter) => (filter === "item" && !values.itemId) || (filter === "party" && !values.accountId),
  );
  const valid = !filters.includes("dateRange") || values.startDate <= values.endDate;
  return { query, missing, valid };
}
