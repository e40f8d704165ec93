import { describe, expect, test } from "vitest";
import { findTabularReport, type TabularReportDefinition } from "./report-definitions.ts";
import { buildTabularQuery, readTabularFilters } from "./tabular-query.ts";

function definition(route: string): TabularReportDefinition {
  const found = findTabularReport(route);
  if (!found) throw new Error(`${route} is missing`);
  return found;
}

const scope = { organisationId: "org-1", year: "2025-26", gstRegistered: true };
const TODAY = "2026-11-21";

describe("a tabular report's call", () => {
  test("defaults: the whole year, every party, all documents", () => {
    const values = readTabularFilters(new URLSearchParams(), "2025-26", TODAY);
    expect(buildTabularQuery(definition("sales-by-customer"), values, scope)).toEqual({
      query: {
        organisationId: "org-1",
        year: "2025-26",
        startDate: "2025-04-01",
        endDate: "2026-03-31",
      },
      missing: [],
      valid: true,
    });
  });

  test("the address's filters, each only where the report offers it", () => {
    const params = new URLSearchParams(
      "from=2025-07-01&to=2025-09-30&party=acc-1&b2b=b2b&rcm=nonRcm&periodType=quarter&limit=10&documents=return",
    );
    const values = readTabularFilters(params, "2025-26", TODAY);
    expect(buildTabularQuery(definition("sales-by-month-quarter"), values, scope).query).toEqual({
      organisationId: "org-1",
      year: "2025-26",
      periodType: "quarter",
      startDate: "2025-07-01",
      endDate: "2025-09-30",
      accountId: "acc-1",
      b2bOrB2c: "b2b",
      rcmOrNonRcm: "nonRcm",
    });
    expect(
      buildTabularQuery(definition("sales-wrong-gst-rate"), values, scope).query.transactionType,
    ).toBe("return");
    expect(buildTabularQuery(definition("most-returned-items"), values, scope).query.limit).toBe(
      10,
    );
  });

  test("the Documents filter also offers the notes that raise a side's invoices (registry)", () => {
    const raising = readTabularFilters(
      new URLSearchParams("documents=salesDebitNote"),
      "2025-26",
      TODAY,
    );
    expect(
      buildTabularQuery(definition("sales-wrong-gst-rate"), raising, scope).query.transactionType,
    ).toBe("salesDebitNote");
    expect(definition("sales-wrong-gst-rate").documents?.raises).toEqual([
      { type: "salesDebitNote", label: expect.stringMatching(/Debit Note/) },
    ]);
    expect(definition("purchases-wrong-gst-rate").documents?.raises).toEqual([]);
    const unknown = readTabularFilters(new URLSearchParams("documents=journal"), "2025-26", TODAY);
    expect(unknown.transactionType).toBe("invoice");
  });

  test("an organisation outside GST sends no B2B or RCM filter", () => {
    const values = readTabularFilters(new URLSearchParams("b2b=b2c&rcm=rcm"), "2025-26", TODAY);
    const { query } = buildTabularQuery(definition("sales-by-item"), values, {
      ...scope,
      gstRegistered: false,
    });
    expect(query.b2bOrB2c).toBeUndefined();
    expect(query.rcmOrNonRcm).toBeUndefined();
  });

  test("overdue bills are as at a date, by default the report's default date", () => {
    const values = readTabularFilters(new URLSearchParams(), "2026-27", TODAY);
    expect(
      buildTabularQuery(definition("overdue-bills"), values, { ...scope, year: "2026-27" }).query,
    ).toEqual({ organisationId: "org-1", year: "2026-27", date: TODAY });
  });

  test("the item histories wait for their item (and party)", () => {
    const none = readTabularFilters(new URLSearchParams(), "2025-26", TODAY);
    expect(buildTabularQuery(definition("item-sales-history"), none, scope).missing).toEqual([
      "item",
      "party",
    ]);
    const chosen = readTabularFilters(new URLSearchParams("item=it-1"), "2025-26", TODAY);
    const allParties = buildTabularQuery(
      definition("item-sales-history-all-parties"),
      chosen,
      scope,
    );
    expect(allParties.missing).toEqual([]);
    expect(allParties.query.itemId).toBe("it-1");
  });

  test("a range that ends before it starts is not asked for", () => {
    const values = readTabularFilters(
      new URLSearchParams("from=2025-09-30&to=2025-07-01"),
      "2025-26",
      TODAY,
    );
    expect(buildTabularQuery(definition("sales-by-day"), values, scope).valid).toBe(false);
  });
});
