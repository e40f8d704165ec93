import { EINVOICE_CANCEL_REASONS, type EInvoiceState } from "@bahi/domain";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError, describeErrorMessage } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { organisationPath } from "../../app/routes.ts";
import { ImportFileButton } from "../../components/ImportFileButton.tsx";
import { ReturnPeriodField, useReturnPeriod } from "../gst-returns/ReturnPeriodField.tsx";
import { EmptyTableRow } from "../reports/components/cells.tsx";
import { ReportBody } from "../reports/components/ReportBody.tsx";
import { ReportFrame } from "../reports/components/ReportFrame.tsx";
import { saveResponse } from "../reports/download.ts";
import { formatDate, formatRupees } from "../reports/report-format.ts";
import { useReportScope } from "../reports/use-report-scope.ts";
import {
  cancelIrn,
  type EInvoicePeriod,
  type EInvoiceRow,
  einvoiceKey,
  fetchEInvoiceJson,
  getEInvoiceList,
  importIrpAnswer,
} from "./einvoice.api.ts";

export const STATE_LABELS: Record<EInvoiceState, string> = {
  needsIrn: "Needs IRN",
  exported: "JSON exported",
  registered: "Registered",
  cancelled: "Cancelled",
  notApplicable: "Not applicable",
};

const STATE_COLORS: Record<EInvoiceState, string> = {
  needsIrn: "orange",
  exported: "blue",
  registered: "green",
  cancelled: "gray",
  notApplicable: "gray",
};

/** returns/einvoice (issue 24): the period's documents by e-invoice state, offline route. */
export function EInvoicePage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [selected, setSelected] = useState<string[]>([]);
  const returnPeriod = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    onApply: (periodText) => {
      setSelected([]);
      setParams({ period: periodText });
    },
  });
  const { period, query } = returnPeriod;
  const [refusal, setRefusal] = useState<{ message: string; lines: string[] } | null>(null);
  const [cancelling, setCancelling] = useState<EInvoiceRow | null>(null);

  const list = useQuery({
    queryKey: einvoiceKey(query ?? {}),
    queryFn: ({ signal }) => getEInvoiceList(query as EInvoicePeriod, signal),
    enabled: query !== null,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["einvoice"] });

  const download = async (entryIds: string[] | null) => {
    if (!query) return;
    setRefusal(null);
    try {
      const response = await fetchEInvoiceJson(
        entryIds
          ? { organisationId: organisation._id, entryIds }
          : {
              organisationId: organisation._id,
              year,
              startDate: query.startDate,
              endDate: query.endDate,
            },
      );
      if (response instanceof Response) await saveResponse(response, "einvoice.json");
      notify({ type: "success", title: "Download", message: "E-invoice JSON downloaded." });
      setSelected([]);
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        setRefusal({ message: error.message, lines: error.errors.map((item) => item.message) });
        return;
      }
      notify({
        type: "danger",
        title: "Not able to download file!",
        message: describeErrorMessage(error),
      });
    }
  };

  const importing = useMutation({
    mutationFn: (file: File) => importIrpAnswer(organisation._id, file),
    onSuccess: (answer) => {
      notify({ type: "success", title: "IRP answer imported", message: answer.message });
      const lines = [
        ...answer.unmatched.map((entry) => `${entry.number ?? entry.irn}: ${entry.message}`),
        ...(answer.problems ?? []),
      ];
      if (lines.length > 0) {
        setRefusal({ message: "Some rows of the file were not imported:", lines });
      }
      void refresh();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not imported", message: describeErrorMessage(error) }),
  });

  const documents = list.data?.documents ?? [];
  const selectable = documents.filter(
    (row) => row.state === "needsIrn" || row.state === "exported",
  );
  const toggle = (entryId: string, on: boolean) =>
    setSelected((current) => (on ? [...current, entryId] : current.filter((id) => id !== entryId)));

  return (
    <ReportFrame
      title="E-Invoice"
      organisationName={organisation.name}
      period={period.ok ? period.label : undefined}
      actions={
        <>
          <Button
            variant="default"
            disabled={selected.length === 0}
            onClick={() => void download(selected)}
          >
            Download JSON of selected ({selected.length})
          </Button>
          <Button
            variant="default"
            disabled={!list.data || list.data.counts.needsIrn === 0}
            onClick={() => void download(null)}
          >
            Download JSON of the period
          </Button>
          <ImportFileButton
            label="Import IRP response"
            accept=".json,.xlsx,.xls,.csv,application/json,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            loading={importing.isPending}
            onFile={(file) => importing.mutate(file)}
          />
        </>
      }
      filters={
        <ReturnPeriodField
          period={returnPeriod}
          description="A month (Sep 2025) or a quarter (Jul 2025 to Sep 2025)"
        />
      }
    >
      <ReportBody query={list} isEmpty={() => false} empty={null}>
        {(data) => (
          <Stack gap="md">
            <Alert color="blue" title="Offline route">
              Bahi has no direct connection to the IRP: download the JSON, upload it on the IRP
              (einvoice1.gst.gov.in, bulk upload) or its offline tool, then import its answer here
              (the JSON, or the Excel list of generated IRNs with the signed QR code). The IRN, Ack
              No and signed QR code then print on the invoice. Cancel on the IRP within 24 hours and
              record it here.
            </Alert>
            {!data.eInvoiceFrom && (
              <Alert color="yellow" title="E-invoicing is not on">
                Set the date it applies from in{" "}
                <Link to={organisationPath(organisation._id, year, "settings/organisation")}>
                  Organisation settings
                </Link>
                .
              </Alert>
            )}
            {refusal && (
              <Alert
                color="red"
                title={refusal.message}
                withCloseButton
                onClose={() => setRefusal(null)}
              >
                <List size="sm">
                  {refusal.lines.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group gap="xs" aria-label="Counts">
              {(Object.keys(STATE_LABELS) as EInvoiceState[]).map((state) => (
                <Badge key={state} color={STATE_COLORS[state]} variant="light">
                  {STATE_LABELS[state]}: {data.counts[state]}
                </Badge>
              ))}
            </Group>
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label="E-invoice documents" verticalSpacing={4} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Checkbox
                        aria-label="Select all"
                        checked={selectable.length > 0 && selected.length === selectable.length}
                        onChange={(event) =>
                          setSelected(
                            event.currentTarget.checked ? selectable.map((row) => row.entryId) : [],
                          )
                        }
                      />
                    </Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Number</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Party</Table.Th>
                    <Table.Th ta="right">Value</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>IRN / what to fix</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.documents.length === 0 && (
                    <EmptyTableRow columns={9}>
                      No sales invoice or credit note in this period.
                    </EmptyTableRow>
                  )}
                  {data.documents.map((row) => {
                    const path = scope.voucherPath(row.voucherType, row.entryId);
                    const canSelect = row.state === "needsIrn" || row.state === "exported";
                    return (
                      <Table.Tr key={row.entryId} data-state={row.state}>
                        <Table.Td>
                          {canSelect && (
                            <Checkbox
                              aria-label={`Select ${row.number}`}
                              checked={selected.includes(row.entryId)}
                              onChange={(event) => toggle(row.entryId, event.currentTarget.checked)}
                            />
                          )}
                        </Table.Td>
                        <Table.Td>{formatDate(row.date)}</Table.Td>
                        <Table.Td>
                          {path ? <Link to={path}>{row.number}</Link> : row.number}
                        </Table.Td>
                        <Table.Td>{row.docType}</Table.Td>
                        <Table.Td>{row.partyName}</Table.Td>
                        <Table.Td ta="right">{formatRupees(row.totalAmount)}</Table.Td>
                        <Table.Td>
                          <Badge color={STATE_COLORS[row.state]} variant="light">
                            {STATE_LABELS[row.state]}
                          </Badge>
                        </Table.Td>
                        <Table.Td maw={420}>
                          {row.state === "notApplicable" ? (
                            <Text size="xs" c="dimmed">
                              {row.reason}
                            </Text>
                          ) : (
                            <Stack gap={2}>
                              <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
                                {row.irn}
                              </Text>
                              {row.ackNo && (
                                <Text size="xs">
                                  Ack No {row.ackNo} · {row.ackDate}
                                </Text>
                              )}
                              {row.problems.map((problem) => (
                                <Text key={problem} size="xs" c="red">
                                  {problem}
                                </Text>
                              ))}
                            </Stack>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {row.state === "registered" && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              onClick={() => setCancelling(row)}
                            >
                              Cancel IRN
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </ReportBody>
      <CancelIrnModal
        row={cancelling}
        organisationId={organisation._id}
        onClose={() => setCancelling(null)}
        onDone={() => void refresh()}
      />
    </ReportFrame>
  );
}

function CancelIrnModal({
  row,
  organisationId,
  onClose,
  onDone,
}: {
  row: EInvoiceRow | null;
  organisationId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState<string | null>(null);
  const [remark, setRemark] = useState("");
  const cancel = useMutation({
    mutationFn: () =>
      cancelIrn({
        organisationId,
        entryId: row?.entryId ?? "",
        reason: Number(reason),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      }),
    onSuccess: (answer) => {
      notify({ type: "success", title: "IRN cancelled", message: answer.message });
      setReason(null);
      setRemark("");
      onDone();
      onClose();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not cancelled", message: describeErrorMessage(error) }),
  });
  return (
    <Modal opened={row !== null} onClose={onClose} title={`Cancel the IRN of ${row?.number ?? ""}`}>
      <Stack>
        <Text size="sm">
          Cancel it on the IRP first (possible within 24 hours of the Ack Date), then record the
          cancellation here. After 24 hours, amend the invoice by a credit or debit note.
        </Text>
        <Select
          label="Reason"
          data={EINVOICE_CANCEL_REASONS.map((item) => ({
            value: String(item.code),
            label: `${item.code} ${item.label}`,
          }))}
          value={reason}
          onChange={setReason}
          allowDeselect={false}
        />
        <TextInput
          label="Remark"
          maxLength={100}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            color="red"
            disabled={!reason}
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Record cancellation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
