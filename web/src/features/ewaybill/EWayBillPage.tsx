import { type EWayBillState, getVoucherDefinition } from "@bahi/domain";
import { Alert, Badge, Button, Group, List, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { describeErrorMessage } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { ImportFileButton } from "../../components/ImportFileButton.tsx";
import { ReturnPeriodField, useReturnPeriod } from "../gst-returns/ReturnPeriodField.tsx";
import { EmptyTableRow } from "../reports/components/cells.tsx";
import { ReportBody } from "../reports/components/ReportBody.tsx";
import { ReportFrame } from "../reports/components/ReportFrame.tsx";
import { saveResponse } from "../reports/download.ts";
import { formatDate, formatRupees } from "../reports/report-format.ts";
import { useReportScope } from "../reports/use-report-scope.ts";
import {
  type EWayBillDocument,
  type EWayBillImportAnswer,
  ewayBillKeys,
  ewayBillListQuery,
  fetchEWayBillJson,
  importEWayBills,
} from "./ewaybill.api.ts";

const STATE_LABELS: Record<EWayBillState, { label: string; color: string }> = {
  needed: { label: "Needs e-way bill", color: "orange" },
  generated: { label: "Generated", color: "green" },
  notNeeded: { label: "Not needed", color: "gray" },
};

/**
 * returns/ewaybill (issue 24): the period's sales invoices, purchases and delivery challans with
 * their e-way bill state; the portal's bulk-generation JSON (all needing one, or one document);
 * the import of the portal's list of generated e-way bills. The offline route: no credentials.
 */
export function EWayBillPage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const returnPeriod = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    onApply: (periodText) => setParams({ period: periodText }),
  });
  const { query } = returnPeriod;
  const [problems, setProblems] = useState<string[]>([]);
  const [answer, setAnswer] = useState<EWayBillImportAnswer | null>(null);

  const list = useQuery({
    ...ewayBillListQuery(query),
    enabled: query !== null,
    retry: false,
  });

  const download = async (target: { entryId: string } | "period") => {
    if (!query) return;
    setProblems([]);
    try {
      const response = await fetchEWayBillJson(
        target === "period"
          ? {
              organisationId: query.organisationId,
              startDate: query.startDate,
              endDate: query.endDate,
            }
          : { organisationId: query.organisationId, entryId: target.entryId },
      );
      if (response instanceof Response) await saveResponse(response, "ewaybills.json");
      notify({ type: "success", title: "Download", message: "E-way bill JSON downloaded." });
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        setProblems(error.errors.map((item) => item.message));
      }
      notify({
        type: "danger",
        title: "Not able to download file!",
        message: describeErrorMessage(error),
      });
    }
  };

  const upload = useMutation({
    mutationFn: (file: File) => importEWayBills(organisation._id, file),
    onSuccess: (result) => {
      setAnswer(result);
      notify({ type: "success", title: "Import", message: result.message });
      void queryClient.invalidateQueries({ queryKey: ewayBillKeys.all });
    },
    onError: (error) => {
      setAnswer(null);
      notify({ type: "danger", title: "Not imported", message: describeErrorMessage(error) });
    },
  });

  const openRow = (row: EWayBillDocument) => {
    const path = scope.voucherPath(row.transactionType, row.entryId);
    if (path) navigate(path);
  };

  return (
    <ReportFrame
      title="E-Way Bills"
      organisationName={organisation.name}
      period={query ? `${formatDate(query.startDate)} to ${formatDate(query.endDate)}` : undefined}
      actions={
        <>
          <Button
            variant="default"
            onClick={() => void download("period")}
            disabled={!list.data || list.data.counts.needed === 0}
          >
            Download JSON
          </Button>
          <ImportFileButton
            label="Import generated e-way bills"
            accept=".json,.csv,.xlsx,application/json,text/csv"
            loading={upload.isPending}
            onFile={(file) => upload.mutate(file)}
          />
        </>
      }
      filters={
        <ReturnPeriodField
          period={returnPeriod}
          description="A month (Sep 2024) or a range of months (Jul 2024 to Sep 2024)"
        />
      }
    >
      <Text size="sm" c="dimmed">
        Offline route: download the JSON, upload it on the e-way bill portal's bulk generation, then
        import the portal's list of generated e-way bills here. Consignments over ₹50,000 need one.
        An e-way bill made with the IRN (the invoice's transport details go with its e-invoice):
        import the IRP's answer here too.
      </Text>
      {problems.length > 0 && (
        <Alert color="red" title="Fix these before the file can be made" role="alert">
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {answer && (
        <Alert color={answer.unmatched.length > 0 ? "yellow" : "green"} title={answer.message}>
          {answer.unmatched.length > 0 && (
            <Text size="sm">No document found for: {answer.unmatched.join(", ")}</Text>
          )}
          {answer.problems.map((problem) => (
            <Text size="sm" key={problem}>
              {problem}
            </Text>
          ))}
        </Alert>
      )}
      <ReportBody query={list} isEmpty={() => false} empty={null}>
        {(data) => (
          <Stack gap="sm">
            <Group gap="md" data-testid="ewaybill-counts">
              <Text size="sm">Needs e-way bill: {data.counts.needed}</Text>
              <Text size="sm">Generated: {data.counts.generated}</Text>
              <Text size="sm">Not needed: {data.counts.notNeeded}</Text>
            </Group>
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="E-way bill documents" verticalSpacing={4} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Party</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th ta="right">Consignment</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>EWB No.</Table.Th>
                    <Table.Th>Valid Until</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.documents.length === 0 && (
                    <EmptyTableRow columns={10}>
                      No sales invoices, purchases or delivery challans in this period.
                    </EmptyTableRow>
                  )}
                  {data.documents.map((row) => (
                    <Table.Tr key={row.entryId}>
                      <Table.Td>{formatDate(row.date)}</Table.Td>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => openRow(row)}>
                          {row.invoiceNumber}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        {getVoucherDefinition(row.transactionType).titles.singular}
                      </Table.Td>
                      <Table.Td>{row.partyName}</Table.Td>
                      <Table.Td ta="right">{formatRupees(row.totalAmount)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(row.consignmentValue)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATE_LABELS[row.state].color} variant="light">
                          {STATE_LABELS[row.state].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.ewbNumber ?? ""}</Table.Td>
                      <Table.Td>{row.validUntil ? formatDate(row.validUntil) : ""}</Table.Td>
                      <Table.Td>
                        {row.state !== "notNeeded" && (
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={`JSON for ${row.invoiceNumber}`}
                            onClick={() => void download({ entryId: row.entryId })}
                          >
                            JSON
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </ReportBody>
    </ReportFrame>
  );
}
