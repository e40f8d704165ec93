import { financialYearRange } from "@bahi/domain";
import { Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
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
  formatDate,
  formatQuantity,
  formatRupees,
} from "../reports/report-format.ts";
import { readDateParam, useReportParams } from "../reports/report-params.ts";
import { getReport, reportKey } from "../reports/reports.api.ts";
import { useReportScope } from "../reports/use-report-scope.ts";
import { type ItemLedgerAnswer, itemLedgerCall } from "./ledger.api.ts";

/**
 * item-ledger/{id}: an item's stock for a date range: the opening quantity and value, each
 * movement's quantity and value in or out with the running quantity, the totals and the closing
 * stock at weighted average cost (decision 010). A row opens its voucher.
 */
export function ItemLedgerPage() {
  const { id = "" } = useParams();
  const scope = useReportScope();
  const { organisation, year } = scope;
  const { params, update } = useReportParams();
  const range = financialYearRange(year);
  const startDate = readDateParam(params.get("from"), year) ?? range.startDate;
  const endDate = readDateParam(params.get("to"), year) ?? range.endDate;
  const call = itemLedgerCall({
    organisationId: organisation._id,
    itemId: id,
    year,
    startDate,
    endDate,
  });
  const ledger = useQuery({
    queryKey: reportKey(call),
    queryFn: ({ signal }) => getReport<ItemLedgerAnswer>(call, signal),
    placeholderData: keepPreviousData,
    enabled: startDate <= endDate && id !== "",
  });
  const data = ledger.data;
  const isEmpty = (answer: ItemLedgerAnswer) =>
    answer.entries.length === 0 && answer.opening.quantity === 0;
  const unit = data?.item.uom ? ` ${data.item.uom}` : "";
  return (
    <ReportFrame
      title={data ? `Item Ledger: ${data.item.name}` : "Item Ledger"}
      organisationName={organisation.name}
      period={describeRange(startDate, endDate)}
      backTo={{ to: scope.pathTo("reports"), label: "Reports" }}
      actions={
        <DownloadMenu
          call={call}
          {...(data && !ledger.isPlaceholderData ? { empty: data.entries.length === 0 } : {})}
        />
      }
      filters={
        <DateRangeFields
          year={year}
          startDate={startDate}
          endDate={endDate}
          onChange={(next) => update({ from: next.startDate, to: next.endDate })}
        />
      }
    >
      <ReportBody
        query={ledger}
        isEmpty={isEmpty}
        empty={
          <ReportEmpty description="This item has no opening stock and no movements in these dates." />
        }
      >
        {(answer) => (
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label="Item Ledger" highlightOnHover verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Party</Table.Th>
                  <FigureHeader>In Qty</FigureHeader>
                  <FigureHeader>In Value</FigureHeader>
                  <FigureHeader>Out Qty</FigureHeader>
                  <FigureHeader>Out Value</FigureHeader>
                  <FigureHeader>Stock Qty</FigureHeader>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{formatDate(answer.startDate)}</Table.Td>
                  <Table.Td colSpan={3} fw={600}>
                    Opening Stock
                  </Table.Td>
                  <FigureCell />
                  <FigureCell>{formatRupees(answer.opening.value)}</FigureCell>
                  <FigureCell />
                  <FigureCell />
                  <FigureCell fw={600}>
                    {formatQuantity(answer.opening.quantity)}
                    {unit}
                  </FigureCell>
                </Table.Tr>
                {answer.entries.map((entry) => {
                  const path = scope.voucherPath(entry.voucherType, entry.voucherId);
                  return (
                    <VoucherRow
                      // A voucher with two lines of the item has a row for each, each with its own balance.
                      key={`${entry.voucherId}:${entry.balanceQuantity}:${entry.inQuantity}:${entry.outQuantity}`}
                      path={path}
                    >
                      <Table.Td>{formatDate(entry.date)}</Table.Td>
                      <Table.Td fz="sm">{entry.title}</Table.Td>
                      <VoucherNumberCell path={path} number={entry.number} />
                      <Table.Td fz="sm">{entry.partyName ?? ""}</Table.Td>
                      <FigureCell>
                        {entry.inQuantity ? formatQuantity(entry.inQuantity) : ""}
                      </FigureCell>
                      <FigureCell>{formatRupees(entry.inValue || null)}</FigureCell>
                      <FigureCell>
                        {entry.outQuantity ? formatQuantity(entry.outQuantity) : ""}
                      </FigureCell>
                      <FigureCell>{formatRupees(entry.outValue || null)}</FigureCell>
                      <FigureCell>{formatQuantity(entry.balanceQuantity)}</FigureCell>
                    </VoucherRow>
                  );
                })}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={4}>Total</Table.Th>
                  <FigureHeader>{formatQuantity(answer.totalIn.quantity)}</FigureHeader>
                  <FigureHeader>{formatRupees(answer.totalIn.value)}</FigureHeader>
                  <FigureHeader>{formatQuantity(answer.totalOut.quantity)}</FigureHeader>
                  <FigureHeader>{formatRupees(answer.totalOut.value)}</FigureHeader>
                  <FigureHeader />
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{formatDate(answer.endDate)}</Table.Th>
                  <Table.Th colSpan={3}>
                    Closing Stock{" "}
                    <Text span size="xs" c="dimmed" fw={400}>
                      at {formatRupees(answer.closing.rate)} each (weighted average cost)
                    </Text>
                  </Table.Th>
                  <FigureHeader />
                  <FigureHeader>{formatRupees(answer.closing.value)}</FigureHeader>
                  <FigureHeader />
                  <FigureHeader />
                  <FigureHeader>
                    {formatQuantity(answer.closing.quantity)}
                    {unit}
                  </FigureHeader>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </ReportBody>
    </ReportFrame>
  );
}
