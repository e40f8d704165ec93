import type { GstReturnKind, ReturnSection, ReturnWarning } from "@bahi/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from "@mantine/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { describeErrorMessage } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { EmptyTableRow } from "../reports/components/cells.tsx";
import { ReportBody } from "../reports/components/ReportBody.tsx";
import { ReportFrame } from "../reports/components/ReportFrame.tsx";
import { saveResponse } from "../reports/download.ts";
import { formatDate, formatRupees } from "../reports/report-format.ts";
import { useReportScope } from "../reports/use-report-scope.ts";
import { ReturnPeriodField, useReturnPeriod } from "./ReturnPeriodField.tsx";
import {
  emailReturnFile,
  fetchReturnFile,
  getReturnCounts,
  getReturnTransactions,
  markReturnFiled,
  type ReturnPeriodQuery,
  returnKey,
} from "./returns.api.ts";

export const RETURN_PAGE_SIZE = 50;

const TITLES: Record<GstReturnKind, string> = { gstr1: "GSTR-1", iff: "IFF" };

const SHORT_TITLES: Record<ReturnSection, string> = {
  b2b: "B2B",
  b2cl: "B2CL",
  b2cs: "B2CS",
  exp: "Exports",
  cdnr: "CDNR",
  cdnur: "CDNUR",
  nil: "Nil",
  hsn: "HSN",
  doc_issue: "Documents",
  b2ba: "B2BA",
  b2cla: "B2CLA",
  b2csa: "B2CSA",
  expa: "Exports A",
  cdnra: "CDNRA",
  cdnura: "CDNURA",
};

type Column = { key: string; label: string; kind?: "amount" | "date" | "number" };

const DOCUMENT_COLUMNS: Column[] = [
  { key: "date", label: "Date", kind: "date" },
  { key: "number", label: "Number" },
  { key: "partyName", label: "Party" },
  { key: "gstin", label: "GSTIN" },
  { key: "pos", label: "POS" },
  { key: "invoiceType", label: "Type" },
  { key: "value", label: "Value", kind: "amount" },
  { key: "taxableValue", label: "Taxable", kind: "amount" },
  { key: "igst", label: "IGST", kind: "amount" },
  { key: "cgst", label: "CGST", kind: "amount" },
  { key: "sgst", label: "SGST", kind: "amount" },
  { key: "cess", label: "Cess", kind: "amount" },
];

/** An amendment row shows the number and date it was filed under first. */
const AMENDMENT_COLUMNS: Column[] = [
  { key: "originalNumber", label: "Original number" },
  { key: "originalDate", label: "Original date", kind: "date" },
  ...DOCUMENT_COLUMNS,
];

const COLUMNS: Record<ReturnSection, Column[]> = {
  b2ba: AMENDMENT_COLUMNS,
  b2cla: AMENDMENT_COLUMNS,
  b2csa: AMENDMENT_COLUMNS,
  expa: AMENDMENT_COLUMNS,
  cdnra: AMENDMENT_COLUMNS,
  cdnura: AMENDMENT_COLUMNS,
  b2b: DOCUMENT_COLUMNS,
  b2cl: DOCUMENT_COLUMNS,
  b2cs: DOCUMENT_COLUMNS,
  exp: DOCUMENT_COLUMNS,
  cdnr: DOCUMENT_COLUMNS,
  cdnur: DOCUMENT_COLUMNS,
  nil: [
    { key: "supplyType", label: "Supply type" },
    { key: "nilRated", label: "Nil rated", kind: "amount" },
    { key: "exempted", label: "Exempted", kind: "amount" },
    { key: "nonGst", label: "Non-GST", kind: "amount" },
  ],
  hsn: [
    { key: "table", label: "Table" },
    { key: "hsn", label: "HSN/SAC" },
    { key: "description", label: "Description" },
    { key: "uqc", label: "UQC" },
    { key: "quantity", label: "Quantity", kind: "number" },
    { key: "rate", label: "Rate %", kind: "number" },
    { key: "taxableValue", label: "Taxable", kind: "amount" },
    { key: "igst", label: "IGST", kind: "amount" },
    { key: "cgst", label: "CGST", kind: "amount" },
    { key: "sgst", label: "SGST", kind: "amount" },
    { key: "cess", label: "Cess", kind: "amount" },
  ],
  doc_issue: [
    { key: "natureTitle", label: "Nature of document" },
    { key: "from", label: "From" },
    { key: "to", label: "To" },
    { key: "total", label: "Total", kind: "number" },
    { key: "cancelled", label: "Cancelled", kind: "number" },
    { key: "netIssued", label: "Net issued", kind: "number" },
  ],
};

function showCell(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (column.kind === "amount" && typeof value === "number") return formatRupees(value);
  if (column.kind === "date" && typeof value === "string") return formatDate(value);
  return String(value);
}

/** A row's identity: its voucher, else the columns that make it one row (HSN, nil, Table 13). */
function rowKey(row: Record<string, unknown>): string {
  if (typeof row.entryId === "string") return row.entryId;
  return [row.table, row.hsn, row.uqc, row.rate, row.supplyType, row.nature, row.series]
    .map((part) => String(part ?? ""))
    .join("|");
}

/** returns/gstr1 and returns/iff (spec 2.3; issue 19): the return of a period from the books. */
export function GstReturnPage({ kind }: { kind: GstReturnKind }) {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const section = (params.get("section") ?? "b2b") as ReturnSection;
  const returnPeriod = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    kind,
    onApply: (periodText) => setParams({ period: periodText, section }),
  });
  const { text: periodText, query } = returnPeriod;
  const page = Number(params.get("page") ?? "1") || 1;
  const [emailOpen, setEmailOpen] = useState(false);
  const [filedOpen, setFiledOpen] = useState(false);
  const title = TITLES[kind];

  const counts = useQuery({
    queryKey: returnKey(kind, "counts", query ?? {}),
    queryFn: ({ signal }) => getReturnCounts(kind, query as ReturnPeriodQuery, signal),
    enabled: query !== null,
    retry: false,
  });
  const rowsQuery = query
    ? { ...query, type: section, skip: (page - 1) * RETURN_PAGE_SIZE, limit: RETURN_PAGE_SIZE }
    : null;
  const rows = useQuery({
    queryKey: returnKey(kind, "rows", rowsQuery ?? {}),
    queryFn: ({ signal }) =>
      getReturnTransactions(kind, rowsQuery as NonNullable<typeof rowsQuery>, signal),
    enabled: rowsQuery !== null && counts.isSuccess,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const download = async (format: "json" | "excel") => {
    if (!query) return;
    try {
      const response = await fetchReturnFile(kind, query, format);
      const extension = format === "json" ? "json" : "xlsx";
      if (response instanceof Response) {
        await saveResponse(response, `${title}.${extension}`);
      }
      notify({ type: "success", title: "Download", message: `${title} downloaded.` });
    } catch (error) {
      notify({
        type: "danger",
        title: "Not able to download file!",
        message: describeErrorMessage(error),
      });
    }
  };

  const filed = useMutation({
    mutationFn: (arn: string) =>
      markReturnFiled(kind, { ...(query as ReturnPeriodQuery), ...(arn ? { arn } : {}) }),
    onSuccess: (answer) => {
      notify({ type: "success", title: "Marked as filed", message: answer.message });
      setFiledOpen(false);
      void queryClient.invalidateQueries({ queryKey: ["gst-returns", kind] });
    },
    onError: (error) =>
      notify({
        type: "danger",
        title: "Not marked as filed",
        message: describeErrorMessage(error),
      }),
  });

  const openRow = (row: Record<string, unknown>) => {
    const path = scope.voucherPath(row.transactionType as string, row.entryId as string);
    if (path) navigate(path);
  };
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: Record<string, unknown>) => {
    const target = event.currentTarget;
    if (event.key === "Enter") openRow(row);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      (target.nextElementSibling as HTMLElement | null)?.focus();
    }
    if (event.key === "ArrowUp") {
      event.preventDefault();
      (target.previousElementSibling as HTMLElement | null)?.focus();
    }
  };

  const errors = counts.data?.errorsCount ?? 0;
  const columns = COLUMNS[section];
  return (
    <ReportFrame
      title={title}
      organisationName={organisation.name}
      period={
        counts.data ? `GSTIN ${counts.data.gstin} · Return period ${counts.data.fp}` : undefined
      }
      actions={
        <>
          <Button
            variant="default"
            onClick={() => void download("json")}
            disabled={!counts.data || errors > 0}
          >
            Download JSON
          </Button>
          <Button
            variant="default"
            onClick={() => void download("excel")}
            disabled={!counts.data || errors > 0}
          >
            Download Excel
          </Button>
          <Button
            variant="default"
            onClick={() => setEmailOpen(true)}
            disabled={!counts.data || errors > 0}
          >
            Email JSON
          </Button>
          <Button
            onClick={() => setFiledOpen(true)}
            disabled={!counts.data || counts.data.filing !== null}
          >
            Mark as filed
          </Button>
        </>
      }
      filters={
        <ReturnPeriodField
          period={returnPeriod}
          description="A month (Sep 2024) or, for quarterly filers' GSTR-1, a quarter (Jul 2024 to Sep 2024)"
        />
      }
    >
      <ReportBody query={counts} isEmpty={() => false} empty={null}>
        {(data) => (
          <Stack gap="md">
            {data.filing && (
              <Alert color="green" title="Filed">
                Marked as filed on {formatDate(data.filing.filedAt.slice(0, 10))}
                {data.filing.arn ? ` (ARN ${data.filing.arn})` : ""}. Its sales invoices and credit
                notes are locked; lift the lock in Settings → Lock Period.
              </Alert>
            )}
            <WarningsPanel warnings={data.warnings} voucherPath={scope.voucherPath} />
            <Table aria-label="Summary" verticalSpacing={4} withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Section</Table.Th>
                  <Table.Th ta="right">Count</Table.Th>
                  <Table.Th ta="right">Value</Table.Th>
                  <Table.Th ta="right">Taxable</Table.Th>
                  <Table.Th ta="right">IGST</Table.Th>
                  <Table.Th ta="right">CGST</Table.Th>
                  <Table.Th ta="right">SGST</Table.Th>
                  <Table.Th ta="right">Cess</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sections.map((row) => (
                  <Table.Tr key={row.type}>
                    <Table.Td>{row.title}</Table.Td>
                    <Table.Td ta="right">{row.count}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.value)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.taxableValue)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.cgst)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.sgst)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.cess)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Tabs
              value={section}
              onChange={(value) => value && setParams({ period: periodText, section: value })}
            >
              <Tabs.List>
                {data.sections.map((row) => (
                  <Tabs.Tab key={row.type} value={row.type}>
                    {SHORT_TITLES[row.type]} ({row.count})
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            {rows.data && (
              <Stack gap="xs">
                <Table.ScrollContainer minWidth={900}>
                  <Table aria-label={rows.data.title} verticalSpacing={4} highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        {columns.map((column) => (
                          <Table.Th key={column.key} ta={column.kind ? "right" : "left"}>
                            {column.label}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.data.transactions.length === 0 && (
                        <EmptyTableRow columns={columns.length}>
                          Nothing in this section for the period.
                        </EmptyTableRow>
                      )}
                      {rows.data.transactions.map((row) => {
                        const linked = typeof row.entryId === "string";
                        return (
                          <Table.Tr
                            key={rowKey(row)}
                            tabIndex={0}
                            style={linked ? { cursor: "pointer" } : undefined}
                            onClick={() => linked && openRow(row)}
                            onKeyDown={(event) => onRowKey(event, row)}
                          >
                            {columns.map((column) => (
                              <Table.Td key={column.key} ta={column.kind ? "right" : "left"}>
                                {showCell(column, row[column.key])}
                              </Table.Td>
                            ))}
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Text size="sm" fw={600} data-testid="section-totals">
                  {rows.data.title}: {rows.data.count} rows · Taxable{" "}
                  {formatRupees(rows.data.totals.taxableValue)} · IGST{" "}
                  {formatRupees(rows.data.totals.igst)} · CGST {formatRupees(rows.data.totals.cgst)}{" "}
                  · SGST {formatRupees(rows.data.totals.sgst)}
                </Text>
                {rows.data.count > RETURN_PAGE_SIZE && (
                  <Pagination
                    total={Math.ceil(rows.data.count / RETURN_PAGE_SIZE)}
                    value={page}
                    onChange={(next) =>
                      setParams({ period: periodText, section, page: String(next) })
                    }
                  />
                )}
              </Stack>
            )}
          </Stack>
        )}
      </ReportBody>
      <EmailDialog
        opened={emailOpen}
        onClose={() => setEmailOpen(false)}
        title={title}
        onSend={async (email, subject) => {
          if (!query) return;
          try {
            const answer = await emailReturnFile(kind, {
              ...query,
              email,
              ...(subject ? { subject } : {}),
            });
            notify({ type: "success", title: "Email", message: answer.message });
            setEmailOpen(false);
          } catch (error) {
            notify({
              type: "danger",
              title: "Email not sent",
              message: describeErrorMessage(error),
            });
          }
        }}
      />
      <FiledDialog
        opened={filedOpen}
        onClose={() => setFiledOpen(false)}
        title={title}
        pending={filed.isPending}
        onConfirm={(arn) => filed.mutate(arn)}
      />
    </ReportFrame>
  );
}

export function WarningsPanel({
  warnings,
  voucherPath,
}: {
  warnings: ReturnWarning[];
  voucherPath: (type: string | null, id: string) => string | null;
}) {
  if (warnings.length === 0) {
    return (
      <Alert color="green" title="No warnings">
        The return passes every check before filing.
      </Alert>
    );
  }
  const errors = warnings.filter((warning) => warning.level === "error").length;
  return (
    <Alert
      color={errors > 0 ? "red" : "yellow"}
      title={`Warnings (${warnings.length})`}
      role="region"
      aria-label="Warnings"
    >
      {errors > 0 && (
        <Text size="sm" mb="xs">
          Fix the {errors} error{errors === 1 ? "" : "s"} before downloading the file.
        </Text>
      )}
      <Stack gap={4}>
        {warnings.map((warning) => {
          const path = warning.entryId
            ? voucherPath(warning.transactionType, warning.entryId)
            : null;
          return (
            <Group key={`${warning.code}-${warning.message}`} gap="xs" wrap="nowrap">
              <Badge color={warning.level === "error" ? "red" : "yellow"} size="sm">
                {warning.level}
              </Badge>
              {path ? (
                <Anchor component={Link} to={path} size="sm">
                  {warning.message}
                </Anchor>
              ) : (
                <Text size="sm">{warning.message}</Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}

function EmailDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSend: (email: string, subject: string) => Promise<void>;
}) {
  const [email, setEmail] = useState("");
  const [subject, setSubject] = useState("");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Email ${props.title} JSON`}>
      <Stack>
        <TextInput
          label="Email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
          data-autofocus
        />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void props.onSend(email.trim(), subject.trim())}
            disabled={email.trim() === ""}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FiledDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  pending: boolean;
  onConfirm: (arn: string) => void;
}) {
  const [arn, setArn] = useState("");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Mark ${props.title} as filed`}>
      <Stack>
        <Text size="sm">
          Marking the return as filed locks this period's sales invoices, credit notes and debit
          notes to customers.
        </Text>
        <TextInput
          label="ARN (optional)"
          value={arn}
          onChange={(e) => setArn(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={props.pending} onClick={() => props.onConfirm(arn.trim())}>
            Mark as filed
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
