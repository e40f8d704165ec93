import { financialYearRange } from "@bahi/domain";
import {
  Badge,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DateRangeFields } from "../components/DateRangeFields.tsx";
import { DownloadMenu } from "../components/DownloadMenu.tsx";
import { ReportBody } from "../components/ReportBody.tsx";
import { ReportFrame } from "../components/ReportFrame.tsx";
import { StatementTable } from "../components/StatementTable.tsx";
import { defaultReportDate, describeRange, formatRupees } from "../report-format.ts";
import { readChoiceParam, readDateParam, useReportParams } from "../report-params.ts";
import {
  getReport,
  type ProfitLossAnswer,
  type ReportCall,
  reportKey,
  type StatementType,
} from "../reports.api.ts";
import { PROFIT_LOSS_SALES_BASIS } from "../sales-figure-labels.ts";
import { profitAndLossLines, readPeriodText, tradingLines } from "../statement-lines.ts";
import { useReportScope } from "../use-report-scope.ts";

const VIEWS: readonly StatementType[] = ["detailed", "summary"];

/**
 * reports/profit-or-loss: the trading account and the profit and loss account for a period
 * (docs/api/reports.md "Profit and loss"), the period given by dates or by a period text of spec 5
 * ('Apr 2025 to Mar 2026', '2025-26', 'June 2025', 'Jul 25 to Sep 25').
 */
export function ProfitLossPage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const { params, update } = useReportParams();
  const range = financialYearRange(year);
  const startDate = readDateParam(params.get("from"), year) ?? range.startDate;
  const endDate = readDateParam(params.get("to"), year) ?? defaultReportDate(year, today);
  const view = readChoiceParam(params.get("view"), VIEWS, "detailed");
  const periodParam = params.get("period") ?? "";
  const [periodText, setPeriodText] = useState(periodParam);
  const [periodError, setPeriodError] = useState<string | null>(null);
  useEffect(() => setPeriodText(periodParam), [periodParam]);

  function applyPeriod() {
    if (periodText.trim() === "" || periodText === periodParam) {
      setPeriodError(null);
      return;
    }
    const reading = readPeriodText(periodText, year, today);
    if (!reading.ok) {
      setPeriodError(reading.message);
      return;
    }
    setPeriodError(null);
    update({ from: reading.startDate, to: reading.endDate, period: periodText.trim() });
  }

  const valid = startDate <= endDate;
  const call: ReportCall = {
    path: "/reports/profitloss",
    query: {
      organisationId: organisation._id,
      year,
      type: "detailed",
      startingDate: startDate,
      endDate,
    },
  };
  const result = useQuery({
    queryKey: reportKey(call),
    queryFn: ({ signal }) => getReport<ProfitLossAnswer>(call, signal),
    placeholderData: keepPreviousData,
    enabled: valid,
  });
  const isEmpty = (data: ProfitLossAnswer) =>
    [
      data.trading.debit,
      data.trading.credit,
      data.profitAndLoss.debit,
      data.profitAndLoss.credit,
    ].every((side) => side.length === 0);
  const linkToAccount = (accountId: string) =>
    scope.ledgerPath(accountId, { from: startDate, to: endDate });

  return (
    <ReportFrame
      title="Profit & Loss"
      organisationName={organisation.name}
      period={describeRange(startDate, endDate)}
      backTo={{ to: scope.pathTo("reports"), label: "Reports" }}
      actions={
        <DownloadMenu
          call={{ ...call, query: { ...call.query, type: view } }}
          {...(result.data && !result.isPlaceholderData ? { empty: isEmpty(result.data) } : {})}
        />
      }
      filters={
        <>
          <DateRangeFields
            year={year}
            startDate={startDate}
            endDate={endDate}
            onChange={(next) => update({ from: next.startDate, to: next.endDate, period: null })}
          />
          <TextInput
            label="Period"
            placeholder="Apr 2025 to Jun 2025"
            w={200}
            value={periodText}
            error={periodError}
            onChange={(event) => {
              setPeriodText(event.currentTarget.value);
              setPeriodError(null);
            }}
            onBlur={applyPeriod}
            onKeyDown={(event) => {
              if (event.key === "Enter") applyPeriod();
            }}
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
      <ReportBody query={result} isEmpty={isEmpty}>
        {(data) => {
          const trading = tradingLines(data.grossProfit);
          const pl = profitAndLossLines(data.grossProfit, data.netProfit);
          const expandAll = view === "detailed";
          return (
            <Stack gap="lg" key={view}>
              <Group gap="xs">
                <Badge variant="light" size="lg" color={data.grossProfit < 0 ? "red" : "green"}>
                  {data.grossProfit < 0 ? "Gross Loss" : "Gross Profit"}{" "}
                  {formatRupees(Math.abs(data.grossProfit))}
                </Badge>
                <Badge variant="light" size="lg" color={data.netProfit < 0 ? "red" : "green"}>
                  {data.netProfit < 0 ? "Net Loss" : "Net Profit"}{" "}
                  {formatRupees(Math.abs(data.netProfit))}
                </Badge>
              </Group>
              <section aria-label="Trading Account">
                <Title order={2} fz="h4" mb="xs">
                  Trading Account
                </Title>
                <Text size="sm" c="dimmed" mb="xs">
                  {PROFIT_LOSS_SALES_BASIS}
                </Text>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  <StatementTable
                    heading="Trading Dr"
                    groups={data.trading.debit}
                    after={trading.debit}
                    total={data.trading.total}
                    expandAll={expandAll}
                    linkToAccount={linkToAccount}
                  />
                  <StatementTable
                    heading="Trading Cr"
                    groups={data.trading.credit}
                    after={trading.credit}
                    total={data.trading.total}
                    expandAll={expandAll}
                    linkToAccount={linkToAccount}
                  />
                </SimpleGrid>
              </section>
              <section aria-label="Profit and Loss Account">
                <Title order={2} fz="h4" mb="xs">
                  Profit and Loss Account
                </Title>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  <StatementTable
                    heading="Profit and Loss Dr"
                    groups={data.profitAndLoss.debit}
                    before={pl.debitBefore}
                    after={pl.debitAfter}
                    total={data.profitAndLoss.total}
                    expandAll={expandAll}
                    linkToAccount={linkToAccount}
                  />
                  <StatementTable
                    heading="Profit and Loss Cr"
                    groups={data.profitAndLoss.credit}
                    before={pl.creditBefore}
                    after={pl.creditAfter}
                    total={data.profitAndLoss.total}
                    expandAll={expandAll}
                    linkToAccount={linkToAccount}
                  />
                </SimpleGrid>
              </section>
            </Stack>
          );
        }}
      </ReportBody>
    </ReportFrame>
  );
}
