import { MATCH_STATUSES, type MatchStatus } from "@bahi/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from "@mantine/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
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
  changeLink,
  fetchGstr2Excel,
  getPurchaseRegister,
  getReconciliation,
  gstr2Key,
  importGstr2b,
  type ReconciliationRow,
} from "./gstr2.api.ts";

export const REGISTER_PAGE_SIZE = 50;
export const RECONCILIATION_PAGE_SIZE = 100;

const STATUS_COLOURS: Record<MatchStatus, string> = {
  matched: "green",
  matchedWithDifferences: "orange",
  suggested: "blue",
  missingIn2b: "red",
  missingInBooks: "grape",
};

const IMS_ACTION_TITLES: Record<string, string> = {
  accepted: "accepted",
  rejected: "rejected",
  pending: "pending",
  noAction: "no action",
};

const taxOf = (party: { igst: number; cgst: number; sgst: number; cess: number } | null) =>
  party ? party.igst + party.cgst + party.sgst + party.cess : null;

/** A row with only one side: the side it has, for linking by hand. */
function loneSide(row: ReconciliationRow): "bill" | "document" | null {
  if (row.status === "missingIn2b") return "bill";
  if (row.status === "missingInBooks") return "document";
  return null;
}

/**
 * returns/gstr2 (spec 2.3; issue 20): the purchase register of a period, the month's GSTR-2B
 * imported from the portal, and the reconciliation of the two, driven from the keyboard.
 */
export function Gstr2Page() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "register" ? "register" : "reconciliation";
  const status = (MATCH_STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as MatchStatus)
    : null;
  const page = Number(params.get("page") ?? "1") || 1;
  const [search, setSearch] = useState("");
  const [supplier, setSupplier] = useState("");
  const [picked, setPicked] = useState<ReconciliationRow | null>(null);

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const returnPeriod = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    onApply: (periodText) => setParam({ period: periodText, page: null }),
  });
  const { period, query } = returnPeriod;
  const registerQuery = query
    ? {
        ...query,
        skip: (page - 1) * REGISTER_PAGE_SIZE,
        limit: REGISTER_PAGE_SIZE,
        ...(search.trim() ? { search: search.trim() } : {}),
      }
    : null;
  const register = useQuery({
    queryKey: gstr2Key("register", registerQuery ?? {}),
    queryFn: ({ signal }) =>
      getPurchaseRegister(registerQuery as NonNullable<typeof registerQuery>, signal),
    enabled: registerQuery !== null && tab === "register",
    placeholderData: keepPreviousData,
    retry: false,
  });
  const reconQuery = query
    ? {
        ...query,
        skip: (page - 1) * RECONCILIATION_PAGE_SIZE,
        limit: RECONCILIATION_PAGE_SIZE,
        ...(status ? { status } : {}),
        ...(supplier.trim() ? { supplier: supplier.trim() } : {}),
      }
    : null;
  const reconciliation = useQuery({
    queryKey: gstr2Key("reconciliation", reconQuery ?? {}),
    queryFn: ({ signal }) =>
      getReconciliation(reconQuery as NonNullable<typeof reconQuery>, signal),
    enabled: reconQuery !== null && tab === "reconciliation",
    placeholderData: keepPreviousData,
    retry: false,
  });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["gstr2"] });

  const imported = useMutation({
    mutationFn: (file: File) => importGstr2b(organisation._id, file),
    onSuccess: (answer) => {
      const summary = answer.summary;
      notify({
        type: "success",
        title: "GSTR-2B imported",
        message: `${answer.message} Matched ${summary.matched}, with differences ${summary.matchedWithDifferences}, suggested ${summary.suggested}, missing in 2B ${summary.missingIn2b}, missing in books ${summary.missingInBooks}.`,
      });
      for (const warning of answer.warnings) {
        notify({ type: "warning", title: "GSTR-2B", message: warning });
      }
      refresh();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not imported", message: describeErrorMessage(error) }),
  });

  const linked = useMutation({
    mutationFn: (input: {
      action: "link" | "unlink" | "accept";
      entryId: string;
      documentId: string;
    }) =>
      changeLink(input.action, {
        organisationId: organisation._id,
        entryId: input.entryId,
        documentId: input.documentId,
      }),
    onSuccess: (answer) => {
      notify({ type: "success", title: "Reconciliation", message: answer.message });
      setPicked(null);
      refresh();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not changed", message: describeErrorMessage(error) }),
  });

  const download = async (call: "gstr2transactions" | "reconciliation") => {
    if (!query) return;
    try {
      const response = await fetchGstr2Excel(call, {
        ...query,
        ...(call === "reconciliation" && supplier.trim() ? { supplier: supplier.trim() } : {}),
      });
      if (response instanceof Response) {
        await saveResponse(
          response,
          call === "reconciliation" ? "gstr2b-differences.xlsx" : "gstr2.xlsx",
        );
      }
      notify({ type: "success", title: "Download", message: "Excel downloaded." });
    } catch (error) {
      notify({
        type: "danger",
        title: "Not able to download file!",
        message: describeErrorMessage(error),
      });
    }
  };

  const act = (row: ReconciliationRow, action: "accept" | "unlink") => {
    if (row.entryId && row.documentId) {
      linked.mutate({ action, entryId: row.entryId, documentId: row.documentId });
    }
  };
  const pickOrLink = (row: ReconciliationRow) => {
    const side = loneSide(row);
    if (!side) return;
    if (!picked || loneSide(picked) === side) {
      setPicked(row);
      return;
    }
    const bill = side === "bill" ? row : picked;
    const document = side === "document" ? row : picked;
    linked.mutate({
      action: "link",
      entryId: bill.entryId as string,
      documentId: document.documentId as string,
    });
  };
  const openBill = (row: { transactionType?: string; entryId: string | null }) => {
    if (!row.entryId || !row.transactionType) return;
    const path = scope.voucherPath(row.transactionType, row.entryId);
    if (path) navigate(path);
  };

  const onReconKey = (event: KeyboardEvent<HTMLTableRowElement>, row: ReconciliationRow) => {
    const target = event.currentTarget;
    const key = event.key.toLowerCase();
    if (key === "arrowdown" || key === "arrowup") {
      event.preventDefault();
      const next = key === "arrowdown" ? target.nextElementSibling : target.previousElementSibling;
      (next as HTMLElement | null)?.focus();
    } else if (
      key === "a" &&
      (row.status === "suggested" || row.status === "matchedWithDifferences")
    ) {
      act(row, "accept");
    } else if (key === "u" && row.entryId && row.documentId) {
      act(row, "unlink");
    } else if (key === "l") {
      pickOrLink(row);
    } else if (key === "escape") {
      setPicked(null);
    } else if (key === "enter" && row.bill) {
      openBill({ transactionType: row.bill.transactionType, entryId: row.entryId });
    }
  };

  return (
    <ReportFrame
      title="GSTR-2"
      organisationName={organisation.name}
      period={period.ok ? `Purchases and GSTR-2B · ${period.label}` : undefined}
      actions={
        <>
          <ImportFileButton
            label="Import GSTR-2B"
            accept="application/json,.json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xlsx"
            loading={imported.isPending}
            onFile={(file) => imported.mutate(file)}
          />
          <Button
            variant="default"
            onClick={() => void download("gstr2transactions")}
            disabled={!query}
          >
            Register Excel
          </Button>
          <Button
            variant="default"
            onClick={() => void download("reconciliation")}
            disabled={!query}
          >
            Differences Excel
          </Button>
        </>
      }
      filters={
        <ReturnPeriodField
          period={returnPeriod}
          description="A month (Sep 2024) or a quarter (Jul 2024 to Sep 2024)"
        />
      }
    >
      <Tabs value={tab} onChange={(value) => value && setParam({ tab: value, page: null })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="reconciliation">GSTR-2B Reconciliation</Tabs.Tab>
          <Tabs.Tab value="register">Purchase Register</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === "register" ? (
        <Stack gap="sm">
          <TextInput
            label="Search"
            placeholder="Bill number, supplier or GSTIN"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setParam({ page: null });
            }}
            w={360}
          />
          <ReportBody query={register} isEmpty={() => false} empty={null}>
            {(data) => (
              <Stack gap="xs">
                <Table.ScrollContainer minWidth={1000}>
                  <Table aria-label="Purchase register" verticalSpacing={4} highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Bill No.</Table.Th>
                        <Table.Th>Supplier</Table.Th>
                        <Table.Th>GSTIN</Table.Th>
                        <Table.Th>POS</Table.Th>
                        <Table.Th>RCM</Table.Th>
                        <Table.Th ta="right">Taxable</Table.Th>
                        <Table.Th ta="right">IGST</Table.Th>
                        <Table.Th ta="right">CGST</Table.Th>
                        <Table.Th ta="right">SGST</Table.Th>
                        <Table.Th ta="right">Cess</Table.Th>
                        <Table.Th ta="right">Value</Table.Th>
                        <Table.Th>ITC</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.transactions.length === 0 && (
                        <EmptyTableRow columns={13}>
                          No purchase bills or debit notes in the period.
                        </EmptyTableRow>
                      )}
                      {data.transactions.map((row) => (
                        <Table.Tr
                          key={row.entryId}
                          tabIndex={0}
                          style={{ cursor: "pointer" }}
                          onClick={() => openBill(row)}
                          onKeyDown={(event) => {
                            if (event.key === "Enter") openBill(row);
                            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                              event.preventDefault();
                              const target = event.currentTarget;
                              const next =
                                event.key === "ArrowDown"
                                  ? target.nextElementSibling
                                  : target.previousElementSibling;
                              (next as HTMLElement | null)?.focus();
                            }
                          }}
                        >
                          <Table.Td>{formatDate(row.date)}</Table.Td>
                          <Table.Td>
                            {row.number}
                            {row.side === "credit" ? " (debit note)" : ""}
                          </Table.Td>
                          <Table.Td>{row.supplierName}</Table.Td>
                          <Table.Td>{row.gstin ?? ""}</Table.Td>
                          <Table.Td>{row.pos ?? ""}</Table.Td>
                          <Table.Td>{row.reverseCharge ? "Yes" : ""}</Table.Td>
                          <Table.Td ta="right">{formatRupees(row.taxableValue)}</Table.Td>
                          <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
                          <Table.Td ta="right">{formatRupees(row.cgst)}</Table.Td>
                          <Table.Td ta="right">{formatRupees(row.sgst)}</Table.Td>
                          <Table.Td ta="right">{formatRupees(row.cess)}</Table.Td>
                          <Table.Td ta="right">{formatRupees(row.value)}</Table.Td>
                          <Table.Td>{row.itcEligibilityTitle}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Text size="sm" fw={600} data-testid="register-totals">
                  {data.count} entries · Taxable {formatRupees(data.totals.taxableValue)} · ITC IGST{" "}
                  {formatRupees(data.itc.igst)} · CGST {formatRupees(data.itc.cgst)} · SGST{" "}
                  {formatRupees(data.itc.sgst)} · Cess {formatRupees(data.itc.cess)}
                </Text>
                {data.count > REGISTER_PAGE_SIZE && (
                  <Pagination
                    total={Math.ceil(data.count / REGISTER_PAGE_SIZE)}
                    value={page}
                    onChange={(next) => setParam({ page: String(next) })}
                  />
                )}
              </Stack>
            )}
          </ReportBody>
        </Stack>
      ) : (
        <ReportBody query={reconciliation} isEmpty={() => false} empty={null}>
          {(data) => (
            <Stack gap="md">
              {data.imports.length === 0 ? (
                <Alert color="yellow" title="No GSTR-2B imported for the period">
                  Download the GSTR-2B of the month from the GST portal (Returns → GSTR-2B →
                  Download JSON, or the Excel) and choose Import GSTR-2B. Until then every bill is
                  Missing in 2B.
                </Alert>
              ) : (
                <Text size="sm" c="dimmed">
                  GSTR-2B imported:{" "}
                  {data.imports
                    .map(
                      (row) =>
                        `${row.returnPeriod} (${row.documentCount} documents, ${formatDate(row.importedAt.slice(0, 10))})`,
                    )
                    .join(", ")}
                </Text>
              )}
              <Table aria-label="ITC by status" verticalSpacing={4} withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Count</Table.Th>
                    <Table.Th ta="right">ITC in books</Table.Th>
                    <Table.Th ta="right">ITC in 2B</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.totals.map((row) => (
                    <Table.Tr
                      key={row.status}
                      style={{ cursor: "pointer" }}
                      onClick={() =>
                        setParam({ status: status === row.status ? null : row.status, page: null })
                      }
                    >
                      <Table.Td>
                        <Badge color={STATUS_COLOURS[row.status]} variant="light">
                          {row.title}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{row.count}</Table.Td>
                      <Table.Td ta="right">{formatRupees(taxOf(row.books) ?? 0)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(taxOf(row.gstr2b) ?? 0)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" fw={600} data-testid="matched-itc">
                ITC as per 2B, matched only: IGST {formatRupees(data.matchedItc.igst)} · CGST{" "}
                {formatRupees(data.matchedItc.cgst)} · SGST {formatRupees(data.matchedItc.sgst)} ·
                Cess {formatRupees(data.matchedItc.cess)}
              </Text>
              <Group align="flex-end">
                <Select
                  label="Status"
                  data={[
                    { value: "", label: "All" },
                    ...data.totals.map((row) => ({ value: row.status, label: row.title })),
                  ]}
                  value={status ?? ""}
                  onChange={(value) => setParam({ status: value ? value : null, page: null })}
                  allowDeselect={false}
                  w={240}
                />
                <TextInput
                  label="Supplier"
                  placeholder="Name or GSTIN"
                  value={supplier}
                  onChange={(event) => {
                    setSupplier(event.currentTarget.value);
                    setParam({ page: null });
                  }}
                  w={280}
                />
              </Group>
              <Text size="xs" c="dimmed">
                Keys: ↑ ↓ move · A accept a suggestion · U unlink · L pick a row missing on one
                side, then L on a row missing on the other side to link them · Esc cancels · Enter
                opens the bill.
              </Text>
              {picked && (
                <Alert color="blue" title="Linking" role="status">
                  {loneSide(picked) === "bill"
                    ? `Bill ${picked.bill?.number ?? ""}`
                    : `GSTR-2B document ${picked.document?.number ?? ""}`}{" "}
                  picked: press L on a row missing on the other side to link it (Esc cancels).
                </Alert>
              )}
              <Table.ScrollContainer minWidth={1100}>
                <Table aria-label="Reconciliation" verticalSpacing={4} highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Supplier</Table.Th>
                      <Table.Th>GSTIN</Table.Th>
                      <Table.Th>Bill (books)</Table.Th>
                      <Table.Th>Document (2B)</Table.Th>
                      <Table.Th ta="right">Tax (books)</Table.Th>
                      <Table.Th ta="right">Tax (2B)</Table.Th>
                      <Table.Th>Differences</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.length === 0 && (
                      <EmptyTableRow columns={9}>
                        Nothing to show for the period and filters.
                      </EmptyTableRow>
                    )}
                    {data.rows.map((row) => {
                      const isPicked =
                        picked !== null &&
                        picked.entryId === row.entryId &&
                        picked.documentId === row.documentId;
                      return (
                        <Table.Tr
                          key={`${row.documentId ?? ""}|${row.entryId ?? ""}`}
                          tabIndex={0}
                          data-status={row.status}
                          aria-selected={isPicked}
                          bg={isPicked ? "blue.0" : undefined}
                          onKeyDown={(event) => onReconKey(event, row)}
                        >
                          <Table.Td>
                            <Badge color={STATUS_COLOURS[row.status]} variant="light">
                              {row.statusTitle}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{row.supplierName}</Table.Td>
                          <Table.Td>{row.supplierGstin ?? "Customs (import)"}</Table.Td>
                          <Table.Td>
                            {row.bill ? `${row.bill.number} · ${formatDate(row.bill.date)}` : ""}
                          </Table.Td>
                          <Table.Td>
                            {row.document
                              ? `${row.document.number} · ${formatDate(row.document.date)}`
                              : ""}
                            {row.document?.itcAvailable === "N" && (
                              <Badge ml={4} size="xs" color="red" variant="outline">
                                ITC not available
                              </Badge>
                            )}
                            {row.document?.imsAction && (
                              <Badge ml={4} size="xs" color="gray" variant="outline">
                                IMS{" "}
                                {IMS_ACTION_TITLES[row.document.imsAction] ??
                                  row.document.imsAction}
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td ta="right">
                            {row.bill ? formatRupees(taxOf(row.bill) ?? 0) : ""}
                          </Table.Td>
                          <Table.Td ta="right">
                            {row.document ? formatRupees(taxOf(row.document) ?? 0) : ""}
                          </Table.Td>
                          <Table.Td>{row.differencesText}</Table.Td>
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              {(row.status === "suggested" ||
                                row.status === "matchedWithDifferences") && (
                                <Button size="compact-xs" onClick={() => act(row, "accept")}>
                                  Accept
                                </Button>
                              )}
                              {row.entryId && row.documentId && (
                                <Button
                                  size="compact-xs"
                                  variant="default"
                                  onClick={() => act(row, "unlink")}
                                >
                                  Unlink
                                </Button>
                              )}
                              {loneSide(row) && (
                                <Button
                                  size="compact-xs"
                                  variant="default"
                                  onClick={() => pickOrLink(row)}
                                >
                                  {picked && loneSide(picked) !== loneSide(row)
                                    ? "Link here"
                                    : "Link"}
                                </Button>
                              )}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {data.count > RECONCILIATION_PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(data.count / RECONCILIATION_PAGE_SIZE)}
                  value={page}
                  onChange={(next) => setParam({ page: String(next) })}
                />
              )}
            </Stack>
          )}
        </ReportBody>
      )}
    </ReportFrame>
  );
}
