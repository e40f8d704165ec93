import { Anchor, Pagination, Stack, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { Link } from "react-router";
import { FigureCell, FigureHeader, VoucherNumberCell } from "../components/cells.tsx";
import { DateRangeFields } from "../components/DateRangeFields.tsx";
import { DownloadMenu } from "../components/DownloadMenu.tsx";
import { ReportBody, ReportEmpty } from "../components/ReportBody.tsx";
import { ReportFrame } from "../components/ReportFrame.tsx";
import { defaultReportDate, describeRange, formatDate, formatRupees } from "../report-format.ts";
import { readCountParam, readDateParam, useReportParams } from "../report-params.ts";
import { type DayBookAnswer, getReport, type ReportCall, reportKey } from "../reports.api.ts";
import { useReportScope } from "../use-report-scope.ts";

export const DAY_BOOK_PAGE_SIZE = 50;

/**
 * reports/day-book (our route; GET /reports/daybook): every voucher of a day or a range of days in
 * the order entered, each with its postings, 50 vouchers a page; the totals are the range's.
 */
export function DayBookPage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const { params, update } = useReportParams();
  const day = defaultReportDate(year, today);
  const startDate = readDateParam(params.get("from"), year) ?? day;
  const endDate = readDateParam(params.get("to"), year) ?? startDate;
  const page = readCountParam(params.get("page"), 100_000) ?? 1;
  const valid = startDate <= endDate;
  const range = { organisationId: organisation._id, year, startDate, endDate };
  const call: ReportCall = {
    path: "/reports/daybook",
    query: { ...range, skip: (page - 1) * DAY_BOOK_PAGE_SIZE, limit: DAY_BOOK_PAGE_SIZE },
  };
  const book = useQuery({
    queryKey: reportKey(call),
    queryFn: ({ signal }) => getReport<DayBookAnswer>(call, signal),
    placeholderData: keepPreviousData,
    enabled: valid,
  });
  const isEmpty = (data: DayBookAnswer) => data.count === 0;
  const pages = Math.max(1, Math.ceil((book.data?.count ?? 0) / DAY_BOOK_PAGE_SIZE));
  return (
    <ReportFrame
      title="Day Book"
      organisationName={organisation.name}
      period={describeRange(startDate, endDate)}
      backTo={{ to: scope.pathTo("reports"), label: "Reports" }}
      actions={
        <DownloadMenu
          call={{ path: call.path, query: range }}
          {...(book.data && !book.isPlaceholderData ? { empty: isEmpty(book.data) } : {})}
        />
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
        query={book}
        isEmpty={isEmpty}
        empty={<ReportEmpty description="No vouchers were entered on these days." />}
      >
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={860}>
              <Table aria-label="Day Book" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Particulars</Table.Th>
                    <FigureHeader>Debit</FigureHeader>
                    <FigureHeader>Credit</FigureHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.entries.map((entry) => {
                    const path = scope.voucherPath(entry.voucherType, entry.voucherId);
                    return (
                      <Fragment key={entry.voucherId}>
                        <Table.Tr bg="gray.0">
                          <Table.Td>{formatDate(entry.date)}</Table.Td>
                          <Table.Td>{entry.title}</Table.Td>
                          <VoucherNumberCell path={path} number={entry.number} />
                          <Table.Td>
                            <Text fz="sm" fw={600}>
                              {entry.partyName ?? ""}
                            </Text>
                            {entry.narration && (
                              <Text fz="xs" c="dimmed">
                                {entry.narration}
                              </Text>
                            )}
                          </Table.Td>
                          <FigureCell />
                          <FigureCell fz="sm" c="dimmed">
                            {entry.postings.length === 0 ? formatRupees(entry.amount) : ""}
                          </FigureCell>
                        </Table.Tr>
                        {entry.postings.map((posting) => (
                          <Table.Tr
                            key={`${entry.voucherId}:${posting.accountId}:${posting.debit}:${posting.credit}`}
                          >
                            <Table.Td />
                            <Table.Td />
                            <Table.Td />
                            <Table.Td pl="xl">
                              <Anchor
                                component={Link}
                                to={scope.ledgerPath(posting.accountId, {
                                  from: startDate,
                                  to: endDate,
                                })}
                                fz="sm"
                              >
                                {posting.name}
                              </Anchor>
                            </Table.Td>
                            <FigureCell>{formatRupees(posting.debit || null)}</FigureCell>
                            <FigureCell>{formatRupees(posting.credit || null)}</FigureCell>
                          </Table.Tr>
                        ))}
                      </Fragment>
                    );
                  })}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={4}>Total ({data.count} vouchers)</Table.Th>
                    <FigureHeader>{formatRupees(data.totalDebit)}</FigureHeader>
                    <FigureHeader>{formatRupees(data.totalCredit)}</FigureHeader>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => update({ page: next === 1 ? null : next })}
                aria-label="Day book pages"
              />
            )}
          </Stack>
        )}
      </ReportBody>
    </ReportFrame>
  );
}
