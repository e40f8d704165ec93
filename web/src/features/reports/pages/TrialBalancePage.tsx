import { Anchor, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { DateInput } from "../../../components/inputs/DateInput.tsx";
import { FigureCell, FigureHeader } from "../components/cells.tsx";
import { DownloadMenu } from "../components/DownloadMenu.tsx";
import { ReportBody } from "../components/ReportBody.tsx";
import { ReportFrame } from "../components/ReportFrame.tsx";
import {
  defaultReportDate,
  describeAsAt,
  formatBalance,
  formatRupees,
  sumRupees,
  toPaise,
} from "../report-format.ts";
import { readDateParam, useReportParams } from "../report-params.ts";
import { getReport, type ReportCall, reportKey, type TrialBalanceAnswer } from "../reports.api.ts";
import { useReportScope } from "../use-report-scope.ts";

/**
 * reports/trial-balance (our route; GET /reports/trialbalance): every account with its opening for
 * the year, the year's debits and credits to the date and its closing balance, which total alike.
 */
export function TrialBalancePage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const { params, update } = useReportParams();
  const date = readDateParam(params.get("date"), year) ?? defaultReportDate(year, today);
  const call: ReportCall = {
    path: "/reports/trialbalance",
    query: { organisationId: organisation._id, year, date },
  };
  const trial = useQuery({
    queryKey: reportKey(call),
    queryFn: ({ signal }) => getReport<TrialBalanceAnswer>(call, signal),
    placeholderData: keepPreviousData,
  });
  const isEmpty = (data: TrialBalanceAnswer) => data.accounts.length === 0;
  return (
    <ReportFrame
      title="Trial Balance"
      organisationName={organisation.name}
      period={describeAsAt(date)}
      backTo={{ to: scope.pathTo("reports"), label: "Reports" }}
      actions={
        <DownloadMenu
          call={call}
          {...(trial.data && !trial.isPlaceholderData ? { empty: isEmpty(trial.data) } : {})}
        />
      }
      filters={
        <DateInput
          label="As at"
          w={130}
          financialYear={year}
          value={date}
          onChange={(next) => update({ date: next })}
        />
      }
    >
      <ReportBody query={trial} isEmpty={isEmpty}>
        {(data) => {
          const difference = data.differenceInOpeningBalances;
          const hasDifference = toPaise(difference.amount) !== 0;
          return (
            <Table.ScrollContainer minWidth={860}>
              <Table aria-label="Trial Balance" striped highlightOnHover verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Group</Table.Th>
                    <FigureHeader>Opening</FigureHeader>
                    <FigureHeader>Debit</FigureHeader>
                    <FigureHeader>Credit</FigureHeader>
                    <FigureHeader>Closing Dr</FigureHeader>
                    <FigureHeader>Closing Cr</FigureHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.accounts.map((row) => (
                    <Table.Tr key={row.accountId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={scope.ledgerPath(row.accountId, { to: data.date })}
                          fz="sm"
                        >
                          {row.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td fz="sm" c="dimmed">
                        {row.group}
                      </Table.Td>
                      <FigureCell>{formatBalance(row.opening)}</FigureCell>
                      <FigureCell>{formatRupees(row.debit || null)}</FigureCell>
                      <FigureCell>{formatRupees(row.credit || null)}</FigureCell>
                      <FigureCell>{formatRupees(row.closingDebit || null)}</FigureCell>
                      <FigureCell>{formatRupees(row.closingCredit || null)}</FigureCell>
                    </Table.Tr>
                  ))}
                  {hasDifference && (
                    <Table.Tr>
                      <Table.Td>
                        <Text fz="sm" fs="italic">
                          Difference in opening balances
                        </Text>
                      </Table.Td>
                      <Table.Td />
                      <FigureCell>{formatBalance(difference)}</FigureCell>
                      <FigureCell />
                      <FigureCell />
                      <FigureCell>
                        {difference.type === "dr" ? formatRupees(difference.amount) : ""}
                      </FigureCell>
                      <FigureCell>
                        {difference.type === "cr" ? formatRupees(difference.amount) : ""}
                      </FigureCell>
                    </Table.Tr>
                  )}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Total</Table.Th>
                    <Table.Th />
                    <FigureHeader />
                    <FigureHeader>
                      {formatRupees(sumRupees(data.accounts.map((r) => r.debit)))}
                    </FigureHeader>
                    <FigureHeader>
                      {formatRupees(sumRupees(data.accounts.map((r) => r.credit)))}
                    </FigureHeader>
                    <FigureHeader data-testid="trial-balance-total-debit">
                      {formatRupees(data.totalDebit)}
                    </FigureHeader>
                    <FigureHeader data-testid="trial-balance-total-credit">
                      {formatRupees(data.totalCredit)}
                    </FigureHeader>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </ReportBody>
    </ReportFrame>
  );
}
