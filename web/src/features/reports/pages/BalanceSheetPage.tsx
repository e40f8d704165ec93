import { Badge, Group, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { DateInput } from "../../../components/inputs/DateInput.tsx";
import { DownloadMenu } from "../components/DownloadMenu.tsx";
import { ReportBody } from "../components/ReportBody.tsx";
import { ReportFrame } from "../components/ReportFrame.tsx";
import { StatementTable } from "../components/StatementTable.tsx";
import { defaultReportDate, describeAsAt, formatRupees } from "../report-format.ts";
import { readChoiceParam, readDateParam, useReportParams } from "../report-params.ts";
import {
  type BalanceSheetAnswer,
  getReport,
  type ReportCall,
  reportKey,
  type StatementType,
} from "../reports.api.ts";
import { useReportScope } from "../use-report-scope.ts";

const VIEWS: readonly StatementType[] = ["detailed", "summary"];

/**
 * reports/balance-sheet: liabilities and assets as at a date (docs/api/reports.md "Balance
 * sheet"), side by side on wide screens and one above the other on small ones. Each group opens
 * to its accounts and each account to its ledger. The screen always reads the detailed sheet, so
 * that a group can open in the summary view too; the download is the view chosen.
 */
export function BalanceSheetPage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const { params, update } = useReportParams();
  const date = readDateParam(params.get("date"), year) ?? defaultReportDate(year, today);
  const view = readChoiceParam(params.get("view"), VIEWS, "detailed");
  const call: ReportCall = {
    path: "/reports/balancesheet",
    query: { organisationId: organisation._id, year, type: "detailed", date },
  };
  const sheet = useQuery({
    queryKey: reportKey(call),
    queryFn: ({ signal }) => getReport<BalanceSheetAnswer>(call, signal),
    placeholderData: keepPreviousData,
  });
  const isEmpty = (data: BalanceSheetAnswer) =>
    data.liabilities.length === 0 && data.assets.length === 0;
  const linkToAccount = (accountId: string) => scope.ledgerPath(accountId, { to: date });
  return (
    <ReportFrame
      title="Balance Sheet"
      organisationName={organisation.name}
      period={describeAsAt(date)}
      backTo={{ to: scope.pathTo("reports"), label: "Reports" }}
      actions={
        <DownloadMenu
          call={{ ...call, query: { ...call.query, type: view } }}
          {...(sheet.data && !sheet.isPlaceholderData ? { empty: isEmpty(sheet.data) } : {})}
        />
      }
      filters={
        <>
          <DateInput
            label="As at"
            w={130}
            financialYear={year}
            value={date}
            onChange={(next) => update({ date: next })}
          />
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(next) => update({ view: next === "detailed" ? null : next })}
            data={[
              { value: "detailed", label: "Detailed" },
              { value: "summary", label: "Summary" },
            ]}
          />
        </>
      }
    >
      <ReportBody query={sheet} isEmpty={isEmpty}>
        {(data) => (
          <Stack gap="sm">
            <Group gap="xs">
              <Badge
                variant="light"
                color={data.profitOrLoss.kind === "loss" ? "red" : "green"}
                size="lg"
              >
                {data.profitOrLoss.kind === "loss" ? "Net Loss" : "Net Profit"}{" "}
                {formatRupees(data.profitOrLoss.amount)}
              </Badge>
              {data.differenceInOpeningBalances && (
                <Text size="sm" c="orange.9">
                  Opening balances differ by {formatRupees(data.differenceInOpeningBalances.amount)}
                  : shown as "Difference in opening balances".
                </Text>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" key={view}>
              <StatementTable
                heading="Liabilities"
                groups={data.liabilities}
                total={data.totalLiabilities}
                expandAll={view === "detailed"}
                linkToAccount={linkToAccount}
              />
              <StatementTable
                heading="Assets"
                groups={data.assets}
                total={data.totalAssets}
                expandAll={view === "detailed"}
                linkToAccount={linkToAccount}
              />
            </SimpleGrid>
          </Stack>
        )}
      </ReportBody>
    </ReportFrame>
  );
}
