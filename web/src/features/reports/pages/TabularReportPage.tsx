import { Paper, Stack } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { DownloadMenu } from "../components/DownloadMenu.tsx";
import { LazyBarChart } from "../components/LazyBarChart.tsx";
import { ReportBody, ReportEmpty } from "../components/ReportBody.tsx";
import { ReportFrame } from "../components/ReportFrame.tsx";
import { TabularFilters } from "../components/TabularFilters.tsx";
import { TabularTable } from "../components/TabularTable.tsx";
import { chartData } from "../report-charts.ts";
import { isReportVisible, type TabularReportDefinition } from "../report-definitions.ts";
import { useReportParams } from "../report-params.ts";
import { getReport, type ReportCall, reportKey, type TabularReportAnswer } from "../reports.api.ts";
import { buildTabularQuery, readTabularFilters } from "../tabular-query.ts";
import { useReportScope } from "../use-report-scope.ts";

/**
 * The one screen of every sales and purchase report and of cash-payments-over-10k: the filters of
 * its definition, a chart where the definition has one, and the table the server describes.
 */
export function TabularReportPage({ definition }: { definition: TabularReportDefinition }) {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const { params, update } = useReportParams();
  const values = readTabularFilters(params, year, today);
  const { query, missing, valid } = buildTabularQuery(definition, values, {
    organisationId: organisation._id,
    year,
    gstRegistered: organisation.gstRegistered,
  });
  const call: ReportCall = { path: definition.apiPath, query };
  const visible = isReportVisible(definition, organisation);
  const report = useQuery({
    queryKey: reportKey(call),
    queryFn: ({ signal }) => getReport<TabularReportAnswer>(call, signal),
    placeholderData: keepPreviousData,
    enabled: visible && missing.length === 0 && valid,
  });
  const isEmpty = (data: TabularReportAnswer) => data.rows.length === 0;
  const answer = report.data;
  const ready = visible && missing.length === 0;
  const chart = answer && definition.chart ? chartData(definition.chart, answer) : null;
  return (
    <ReportFrame
      title={definition.title}
      organisationName={organisation.name}
      period={ready ? answer?.period : undefined}
      backTo={{ to: scope.pathTo("reports"), label: "Reports" }}
      actions={
        <DownloadMenu
          call={call}
          fallbackName={definition.route}
          {...(!ready
            ? { empty: true }
            : answer && !report.isPlaceholderData
              ? { empty: isEmpty(answer) }
              : {})}
        />
      }
      filters={
        <TabularFilters
          definition={definition}
          organisation={organisation}
          year={year}
          values={values}
          update={update}
        />
      }
    >
      {!visible ? (
        <ReportEmpty
          title="Not available"
          description={`${definition.title} is available only for GST-registered organisations.`}
        />
      ) : !ready ? (
        <ReportEmpty
          title={
            missing.includes("item")
              ? "Choose an item"
              : `Choose a ${definition.partyLabel.toLowerCase()}`
          }
          description="This report is made for one item and shows its latest lines."
        />
      ) : (
        <ReportBody query={report} isEmpty={isEmpty}>
          {(data) => (
            <Stack gap="md">
              {chart && chart.data.length > 0 && (
                <Paper withBorder p="sm">
                  <LazyBarChart
                    title={chart.title}
                    data={chart.data}
                    dataKey="label"
                    series={chart.series}
                    stacked={chart.stacked}
                    height={240}
                  />
                </Paper>
              )}
              <TabularTable
                title={data.title || definition.title}
                answer={data}
                rowVoucherType={definition.rowVoucherType}
                links={{
                  account: (accountId) =>
                    scope.ledgerPath(accountId, {
                      ...(typeof query.startDate === "string" ? { from: query.startDate } : {}),
                      ...(typeof query.endDate === "string" ? { to: query.endDate } : {}),
                    }),
                  item: scope.itemLedgerPath,
                  voucher: (voucherType, voucherId) => scope.voucherPath(voucherType, voucherId),
                }}
              />
            </Stack>
          )}
        </ReportBody>
      )}
    </ReportFrame>
  );
}
