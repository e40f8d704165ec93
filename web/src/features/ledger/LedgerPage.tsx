import { financialYearRange } from "@bahi/domain";
import { Group, Pagination, Stack, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useParams } from "react-router";
import {
  FigureCell,
  FigureHeader,
  VoucherNumberCell,
  VoucherRow,
} from "../reports/components/cells.tsx";
import { DateRangeFields } from "../reports/components/DateRangeFields.tsx";
import { DownloadMenu } from "../reports/components/DownloadMenu.tsx";
import { ReportBody, ReportEmpty } from "../reports/components/ReportBody.tsx";
import { ReportFrame } from "../reports/components/ReportFrame.tsx";
import {
  describeRange,
  formatBalance,
  formatDate,
  formatRupees,
} from "../reports/report-format.ts";
import { readCountParam, readDateParam, useReportParams } from "../reports/report-params.ts";
import { getReport, reportKey } from "../reports/reports.api.ts";
import { useReportScope } from "../reports/use-report-scope.ts";
import { SendMenu } from "../sending/SendMenu.tsx";
import { type LedgerAnswer, ledgerCall } from "./ledger.api.ts";
import { broughtForward, countPages, LEDGER_PAGE_SIZE } from "./ledger-rows.ts";
import { StatementButton } from "./StatementButton.tsx";

/**
 * ledger/{accountId}: an account's ledger for a date range (the financial year unless the address
 * says otherwise): the opening balance, each voucher with its type, number, counter-account and
 * narration, the running balance Dr or Cr, the closing balance; 50 entries a page. A row opens its
 * voucher's edit screen.
 */
export function LedgerPage() {
  const { accountId = "" } = useParams();
  const scope = useReportScope();
  const { organisation, year } = scope;
  const { params, update } = useReportParams();
  const range = financialYearRange(year);
  const startDate = readDateParam(params.get("from"), year) ?? range.startDate;
  const endDate = readDateParam(params.get("to"), year) ?? range.endDate;
  const page = readCountParam(params.get("page"), 1_000_000) ?? 1;
  const valid = startDate <= endDate;
  const whole = { organisationId: organisation._id, accountId, startDate, endDate };
  const call = ledgerCall({
    ...whole,
    skip: (page - 1) * LEDGER_PAGE_SIZE,
    limit: LEDGER_PAGE_SIZE,
  });
  const ledger = useQuery({
    queryKey: reportKey(call),
    queryFn: ({ signal }) => getReport<LedgerAnswer>(call, signal),
    placeholderData: keepPreviousData,
    enabled: valid && accountId !== "",
  });
  const data = ledger.data;
  const pages = countPages(data?.count ?? 0);
  const isEmpty = (answer: LedgerAnswer) =>
    answer.count === 0 && answer.openingBalance.amount === 0;
  const title = data ? `Ledger: ${data.account.name}` : "Ledger";
  const sendTarget = useMemo(
    () => ({
      kind: "ledger" as const,
      organisationId: organisation._id,
      accountId,
      startDate,
      endDate,
      label: `Statement of ${data?.account.name ?? "account"}, ${describeRange(startDate, endDate)}`,
    }),
    [organisation._id, accountId, startDate, endDate, data?.account.name],
  );
  return (
    <ReportFrame
      title={title}
      organisationName={organisation.name}
      period={describeRange(startDate, endDate)}
      backTo={{ to: scope.pathTo("reports"), label: "Reports" }}
      actions={
        <Group gap="xs">
          <StatementButton call={ledgerCall(whole)} />
          <SendMenu
            target={sendTarget}
            {...(data ? { accountNature: data.account.nature } : {})}
            disabled={!data || !valid}
          />
          <DownloadMenu
            call={ledgerCall(whole)}
            {...(data && !ledger.isPlaceholderData ? { empty: data.count === 0 } : {})}
          />
        </Group>
      }
      filters={
        <DateRangeFields
          year={year}
          startDate={startDate}
          endDate={endDate}
          onChange={(next) => update({ from: next.startDate, to: next.endDate, page: null })}
        />
      }
    >
      <ReportBody
        query={ledger}
        isEmpty={isEmpty}
        empty={
          <ReportEmpty description="This account has no opening balance and no entries in these dates." />
        }
      >
        {(answer) => {
          const onFirstPage = page <= 1;
          const onLastPage = page >= pages;
          const forward = onFirstPage ? answer.openingBalance : broughtForward(answer.entries[0]);
          return (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {answer.account.nature}
              </Text>
              <Table.ScrollContainer minWidth={900}>
                <Table aria-label="Ledger" highlightOnHover verticalSpacing={6}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th>Number</Table.Th>
                      <Table.Th>Particulars</Table.Th>
                      <Table.Th>Narration</Table.Th>
                      <FigureHeader>Debit</FigureHeader>
                      <FigureHeader>Credit</FigureHeader>
                      <FigureHeader>Balance</FigureHeader>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>{onFirstPage ? formatDate(answer.startDate) : ""}</Table.Td>
                      <Table.Td colSpan={4} fw={600}>
                        {onFirstPage ? "Opening Balance" : "Brought Forward"}
                      </Table.Td>
                      <FigureCell />
                      <FigureCell />
                      <FigureCell fw={600}>{formatBalance(forward)}</FigureCell>
                    </Table.Tr>
                    {answer.entries.map((entry) => {
                      const path = scope.voucherPath(entry.voucherType, entry.voucherId);
                      return (
                        <VoucherRow
                          key={`${entry.voucherId}:${entry.balance.type}:${entry.balance.amount}`}
                          path={path}
                          data-testid="ledger-entry"
                        >
                          <Table.Td>{formatDate(entry.date)}</Table.Td>
                          <Table.Td fz="sm">{entry.voucherTitle}</Table.Td>
                          <VoucherNumberCell path={path} number={entry.number} />
                          <Table.Td fz="sm">{entry.counterAccount}</Table.Td>
                          <Table.Td fz="sm" c="dimmed">
                            {entry.narration ?? ""}
                          </Table.Td>
                          <FigureCell>{formatRupees(entry.debit || null)}</FigureCell>
                          <FigureCell>{formatRupees(entry.credit || null)}</FigureCell>
                          <FigureCell>{formatBalance(entry.balance)}</FigureCell>
                        </VoucherRow>
                      );
                    })}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th colSpan={5}>Total</Table.Th>
                      <FigureHeader data-testid="ledger-total-debit">
                        {formatRupees(answer.totalDebit)}
                      </FigureHeader>
                      <FigureHeader data-testid="ledger-total-credit">
                        {formatRupees(answer.totalCredit)}
                      </FigureHeader>
                      <FigureHeader />
                    </Table.Tr>
                    {onLastPage && (
                      <Table.Tr>
                        <Table.Th>{formatDate(answer.endDate)}</Table.Th>
                        <Table.Th colSpan={4}>Closing Balance</Table.Th>
                        <FigureHeader />
                        <FigureHeader />
                        <FigureHeader data-testid="ledger-closing">
                          {formatBalance(answer.closingBalance)}
                        </FigureHeader>
                      </Table.Tr>
                    )}
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={(next) => update({ page: next === 1 ? null : next })}
                  aria-label="Ledger pages"
                />
              )}
            </Stack>
          );
        }}
      </ReportBody>
    </ReportFrame>
  );
}
