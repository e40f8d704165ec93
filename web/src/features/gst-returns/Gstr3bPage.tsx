import type { Gstr3bTable } from "@bahi/domain";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { describeErrorMessage } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { EmptyTableRow } from "../reports/components/cells.tsx";
import { ReportBody } from "../reports/components/ReportBody.tsx";
import { ReportFrame } from "../reports/components/ReportFrame.tsx";
import { saveResponse } from "../reports/download.ts";
import { formatDate, formatRupees } from "../reports/report-format.ts";
import { useReportScope } from "../reports/use-report-scope.ts";
import { WarningsPanel } from "./GstReturnPage.tsx";
import {
  fetchGstr3bJson,
  type Gstr3bAmounts,
  type Gstr3bPlaceRow,
  type Gstr3bSummary,
  getGstr3bDetails,
  getGstr3bSummary,
  gstr3bKey,
  type ItcBasis,
  markGstr3bFiled,
} from "./gstr3b.api.ts";
import { ReturnPeriodField, useReturnPeriod } from "./ReturnPeriodField.tsx";
import type { ReturnPeriodQuery } from "./returns.api.ts";

const PAGE_SIZE = 50;

type Head = "taxableValue" | "igst" | "cgst" | "sgst" | "cess";
const HEAD_LABELS: Record<Head, string> = {
  taxableValue: "Total taxable value",
  igst: "Integrated tax",
  cgst: "Central tax",
  sgst: "State/UT tax",
  cess: "Cess",
};

/** The portal's tables (GSTR-3B form): which rows, and which columns each shows. */
const TABLE_31: { table: Gstr3bTable; heads: Head[] }[] = [
  { table: "3.1a", heads: ["taxableValue", "igst", "cgst", "sgst", "cess"] },
  { table: "3.1b", heads: ["taxableValue", "igst", "cess"] },
  { table: "3.1c", heads: ["taxableValue"] },
  { table: "3.1d", heads: ["taxableValue", "igst", "cgst", "sgst", "cess"] },
  { table: "3.1e", heads: ["taxableValue"] },
];
/** 3.1.1 (supplies notified under section 9(5)): (i) with tax, (ii) taxable value only. */
const TABLE_311: { table: Gstr3bTable; heads: Head[] }[] = [
  { table: "3.1.1i", heads: ["taxableValue", "igst", "cgst", "sgst", "cess"] },
  { table: "3.1.1ii", heads: ["taxableValue"] },
];
const ITC_HEADS: Head[] = ["igst", "cgst", "sgst", "cess"];
const TABLE_4: { group: string; rows: (Gstr3bTable | "4C")[] }[] = [
  {
    group: "(A) ITC available (whether in full or part)",
    rows: ["4A1", "4A2", "4A3", "4A4", "4A5"],
  },
  { group: "(B) ITC reversed", rows: ["4B1", "4B2"] },
  { group: "", rows: ["4C"] },
  { group: "(D) Other details", rows: ["4D1", "4D2"] },
];
const TABLE_32: { table: Gstr3bTable; key: keyof Gstr3bSummary["interSup"] }[] = [
  { table: "3.2a", key: "unreg" },
  { table: "3.2b", key: "comp" },
  { table: "3.2c", key: "uin" },
];

/** returns/gstr3B (spec 2.3; issue 20): the return laid out as the portal does, from the books. */
export function Gstr3bPage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returnPeriod = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    onApply: (periodText) => setParams({ period: periodText }),
  });
  const periodText = returnPeriod.text;
  const selected = params.get("table") as Gstr3bTable | null;
  const page = Number(params.get("page") ?? "1") || 1;
  const itcBasis: ItcBasis = params.get("itc") === "2b" ? "2b" : "books";
  const [filedOpen, setFiledOpen] = useState(false);

  const query: (ReturnPeriodQuery & { itcBasis: ItcBasis }) | null = returnPeriod.query
    ? { ...returnPeriod.query, itcBasis }
    : null;
  const summary = useQuery({
    queryKey: gstr3bKey("summary", query ?? {}),
    queryFn: ({ signal }) => getGstr3bSummary(query as NonNullable<typeof query>, signal),
    enabled: query !== null,
    retry: false,
  });
  const detailsQuery =
    query && selected
      ? { ...query, table: selected, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }
      : null;
  const details = useQuery({
    queryKey: gstr3bKey("details", detailsQuery ?? {}),
    queryFn: ({ signal }) =>
      getGstr3bDetails(detailsQuery as NonNullable<typeof detailsQuery>, signal),
    enabled: detailsQuery !== null && summary.isSuccess,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const setView = (next: { table?: Gstr3bTable | null; page?: number; itc?: ItcBasis }) => {
    const values: Record<string, string> = { period: periodText };
    const table = next.table === undefined ? selected : next.table;
    if (table) values.table = table;
    if ((next.page ?? 1) > 1) values.page = String(next.page);
    const basis = next.itc ?? itcBasis;
    if (basis === "2b") values.itc = "2b";
    setParams(values);
  };

  const download = async () => {
    if (!query) return;
    try {
      const response = await fetchGstr3bJson(query);
      if (response instanceof Response) await saveResponse(response, "GSTR3B.json");
      notify({ type: "success", title: "Download", message: "GSTR-3B downloaded." });
    } catch (error) {
      notify({
        type: "danger",
        title: "Not able to download file!",
        message: describeErrorMessage(error),
      });
    }
  };

  const filed = useMutation({
    mutationFn: (arn: string) => {
      const { itcBasis: _basis, ...period } = query as NonNullable<typeof query>;
      return markGstr3bFiled({ ...period, ...(arn ? { arn } : {}) });
    },
    onSuccess: (answer) => {
      notify({ type: "success", title: "Marked as filed", message: answer.message });
      setFiledOpen(false);
      void queryClient.invalidateQueries({ queryKey: ["gst-returns"] });
    },
    onError: (error) =>
      notify({
        type: "danger",
        title: "Not marked as filed",
        message: describeErrorMessage(error),
      }),
  });

  return (
    <ReportFrame
      title="GSTR-3B"
      organisationName={organisation.name}
      period={
        summary.data ? `GSTIN ${summary.data.gstin} · Return period ${summary.data.fp}` : undefined
      }
      actions={
        <>
          <Button variant="default" onClick={() => void download()} disabled={!summary.data}>
            Download JSON
          </Button>
          <Button
            onClick={() => setFiledOpen(true)}
            disabled={!summary.data || summary.data.filing !== null}
          >
            Mark as filed
          </Button>
        </>
      }
      filters={
        <Group align="flex-end">
          <ReturnPeriodField
            period={returnPeriod}
            description="A month (Sep 2024) or, for quarterly filers, a quarter (Jul 2024 to Sep 2024)"
          />
          {summary.data?.itcBasisAvailable && (
            <SegmentedControl
              aria-label="ITC basis"
              value={itcBasis}
              onChange={(value) => setView({ itc: value === "2b" ? "2b" : "books", table: null })}
              data={[
                { value: "books", label: "ITC as per books" },
                { value: "2b", label: "ITC as per 2B, matched only" },
              ]}
            />
          )}
        </Group>
      }
    >
      <ReportBody query={summary} isEmpty={() => false} empty={null}>
        {(data) => {
          const byTable = new Map(data.tables.map((row) => [row.table, row]));
          const open = (table: Gstr3bTable) => setView({ table, page: 1 });
          return (
            <Stack gap="md">
              {data.filing && (
                <Alert color="green" title="Filed">
                  Marked as filed on {formatDate(data.filing.filedAt.slice(0, 10))}
                  {data.filing.arn ? ` (ARN ${data.filing.arn})` : ""}. Every entry of the period is
                  locked; lift the lock in Settings → Lock Period.
                </Alert>
              )}
              <WarningsPanel warnings={data.warnings} voucherPath={scope.voucherPath} />
              <Section title="3.1 Details of outward supplies and inward supplies liable to reverse charge">
                <AmountsTable heads={["taxableValue", "igst", "cgst", "sgst", "cess"]}>
                  {TABLE_31.map(({ table, heads }) => (
                    <FigureRow
                      key={table}
                      table={table}
                      title={byTable.get(table)?.title ?? table}
                      amounts={byTable.get(table)}
                      heads={heads}
                      allHeads={["taxableValue", "igst", "cgst", "sgst", "cess"]}
                      onOpen={open}
                    />
                  ))}
                </AmountsTable>
              </Section>
              <Section title="3.1.1 Details of supplies notified under section 9(5) of the CGST Act, 2017">
                <AmountsTable heads={["taxableValue", "igst", "cgst", "sgst", "cess"]}>
                  {TABLE_311.map(({ table, heads }) => (
                    <FigureRow
                      key={table}
                      table={table}
                      title={byTable.get(table)?.title ?? table}
                      amounts={byTable.get(table)}
                      heads={heads}
                      allHeads={["taxableValue", "igst", "cgst", "sgst", "cess"]}
                      onOpen={null}
                    />
                  ))}
                </AmountsTable>
                <Text size="xs" c="dimmed">
                  Entries do not record supplies made through an e-commerce operator that pays the
                  tax under section 9(5), so both rows are zero, as the portal shows them.
                </Text>
              </Section>
              <Section title="3.2 Inter-state supplies to unregistered persons, composition taxable persons and UIN holders">
                <Table aria-label="Table 3.2" withTableBorder verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Nature of supplies</Table.Th>
                      <Table.Th>Place of supply</Table.Th>
                      <Table.Th ta="right">Total taxable value</Table.Th>
                      <Table.Th ta="right">Integrated tax</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {TABLE_32.map(({ table, key }) => (
                      <PlaceRows
                        key={table}
                        table={table}
                        title={byTable.get(table)?.title ?? table}
                        rows={data.interSup[key]}
                        onOpen={open}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Section>
              <Section title="4. Eligible ITC">
                {data.itcDifference && (
                  <Alert color="blue" title="ITC as per GSTR-2B, matched only">
                    4A(5) is the credit of bills matched with GSTR-2B. The books claim more by IGST{" "}
                    {formatRupees(data.itcDifference.igst)}, CGST{" "}
                    {formatRupees(data.itcDifference.cgst)}, SGST{" "}
                    {formatRupees(data.itcDifference.sgst)}, Cess{" "}
                    {formatRupees(data.itcDifference.cess)}.
                  </Alert>
                )}
                <AmountsTable heads={ITC_HEADS}>
                  {TABLE_4.flatMap(({ group, rows }) => [
                    ...(group
                      ? [
                          <Table.Tr key={group}>
                            <Table.Td colSpan={5} fw={600}>
                              {group}
                            </Table.Td>
                          </Table.Tr>,
                        ]
                      : []),
                    ...rows.map((table) => (
                      <FigureRow
                        key={table}
                        table={table}
                        title={byTable.get(table)?.title ?? table}
                        amounts={byTable.get(table)}
                        heads={ITC_HEADS}
                        allHeads={ITC_HEADS}
                        onOpen={table === "4C" ? null : open}
                      />
                    )),
                  ])}
                </AmountsTable>
              </Section>
              <Section title="5. Values of exempt, nil-rated and non-GST inward supplies">
                <Table aria-label="Table 5" withTableBorder verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Nature of supplies</Table.Th>
                      <Table.Th ta="right">Inter-state supplies</Table.Th>
                      <Table.Th ta="right">Intra-state supplies</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(
                      [
                        ["5a", data.inward.gst],
                        ["5b", data.inward.nonGst],
                      ] as const
                    ).map(([table, values]) => (
                      <Table.Tr key={table}>
                        <Table.Td>
                          <Anchor component="button" onClick={() => open(table)}>
                            {byTable.get(table)?.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{formatRupees(values.inter)}</Table.Td>
                        <Table.Td ta="right">{formatRupees(values.intra)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Section>
              {selected && details.data && (
                <Section title={`Vouchers behind ${selected}: ${details.data.title}`}>
                  <Table
                    aria-label={`Vouchers of ${selected}`}
                    highlightOnHover
                    verticalSpacing={4}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Number</Table.Th>
                        <Table.Th>Party</Table.Th>
                        <Table.Th>GSTIN</Table.Th>
                        <Table.Th>POS / supply</Table.Th>
                        <Table.Th ta="right">Taxable</Table.Th>
                        <Table.Th ta="right">IGST</Table.Th>
                        <Table.Th ta="right">CGST</Table.Th>
                        <Table.Th ta="right">SGST</Table.Th>
                        <Table.Th ta="right">Cess</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {details.data.transactions.length === 0 && (
                        <EmptyTableRow columns={10}>
                          No vouchers behind this figure for the period.
                        </EmptyTableRow>
                      )}
                      {details.data.transactions.map((row) => {
                        const openRow = () => {
                          const path = scope.voucherPath(row.transactionType, row.entryId);
                          if (path) navigate(path);
                        };
                        return (
                          <Table.Tr
                            key={`${row.entryId}|${row.key ?? ""}|${row.amendment}`}
                            tabIndex={0}
                            style={{ cursor: "pointer" }}
                            onClick={openRow}
                            onKeyDown={(event) => {
                              if (event.key === "Enter") openRow();
                            }}
                          >
                            <Table.Td>{formatDate(row.date)}</Table.Td>
                            <Table.Td>
                              {row.number}
                              {row.amendment ? " (amendment: amended − reported)" : ""}
                            </Table.Td>
                            <Table.Td>{row.partyName}</Table.Td>
                            <Table.Td>{row.gstin ?? ""}</Table.Td>
                            <Table.Td>{row.key ?? ""}</Table.Td>
                            <Table.Td ta="right">{formatRupees(row.taxableValue)}</Table.Td>
                            <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
                            <Table.Td ta="right">{formatRupees(row.cgst)}</Table.Td>
                            <Table.Td ta="right">{formatRupees(row.sgst)}</Table.Td>
                            <Table.Td ta="right">{formatRupees(row.cess)}</Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                  <Text size="sm" fw={600} data-testid="figure-totals">
                    {details.data.count} voucher{details.data.count === 1 ? "" : "s"} · Taxable{" "}
                    {formatRupees(details.data.totals.taxableValue)} · IGST{" "}
                    {formatRupees(details.data.totals.igst)} · CGST{" "}
                    {formatRupees(details.data.totals.cgst)} · SGST{" "}
                    {formatRupees(details.data.totals.sgst)}
                  </Text>
                  {details.data.count > PAGE_SIZE && (
                    <Pagination
                      total={Math.ceil(details.data.count / PAGE_SIZE)}
                      value={page}
                      onChange={(next) => setView({ page: next })}
                    />
                  )}
                </Section>
              )}
            </Stack>
          );
        }}
      </ReportBody>
      <FiledDialog
        opened={filedOpen}
        onClose={() => setFiledOpen(false)}
        pending={filed.isPending}
        onConfirm={(arn) => filed.mutate(arn)}
      />
    </ReportFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={5}>{title}</Title>
      {children}
    </Stack>
  );
}

function AmountsTable({ heads, children }: { heads: Head[]; children: ReactNode }) {
  return (
    <Table withTableBorder verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nature of supplies</Table.Th>
          {heads.map((head) => (
            <Table.Th key={head} ta="right">
              {HEAD_LABELS[head]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** One row of a table: every figure the portal shows opens the vouchers behind it. */
function FigureRow(props: {
  table: Gstr3bTable | "4C";
  title: string;
  amounts: Gstr3bAmounts | undefined;
  heads: Head[];
  allHeads: Head[];
  onOpen: ((table: Gstr3bTable) => void) | null;
}) {
  const { table, onOpen } = props;
  return (
    <Table.Tr data-table={table}>
      <Table.Td>{props.title}</Table.Td>
      {props.allHeads.map((head) => {
        if (!props.heads.includes(head)) return <Table.Td key={head} bg="gray.1" />;
        const text = formatRupees(props.amounts?.[head] ?? 0);
        return (
          <Table.Td key={head} ta="right">
            {onOpen && table !== "4C" ? (
              <Anchor
                component="button"
                aria-label={`${table} ${HEAD_LABELS[head]}`}
                onClick={() => onOpen(table)}
              >
                {text}
              </Anchor>
            ) : (
              text
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

function PlaceRows(props: {
  table: Gstr3bTable;
  title: string;
  rows: Gstr3bPlaceRow[];
  onOpen: (table: Gstr3bTable) => void;
}) {
  if (props.rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td>{props.title}</Table.Td>
        <Table.Td />
        <Table.Td ta="right">{formatRupees(0)}</Table.Td>
        <Table.Td ta="right">{formatRupees(0)}</Table.Td>
      </Table.Tr>
    );
  }
  return props.rows.map((row, index) => (
    <Table.Tr key={`${props.table}-${row.pos}`} data-table={props.table}>
      <Table.Td>{index === 0 ? props.title : ""}</Table.Td>
      <Table.Td>{row.pos}</Table.Td>
      <Table.Td ta="right">
        <Anchor
          component="button"
          aria-label={`${props.table} ${row.pos} taxable value`}
          onClick={() => props.onOpen(props.table)}
        >
          {formatRupees(row.taxableValue)}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
    </Table.Tr>
  ));
}

function FiledDialog(props: {
  opened: boolean;
  onClose: () => void;
  pending: boolean;
  onConfirm: (arn: string) => void;
}) {
  const [arn, setArn] = useState("");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Mark GSTR-3B as filed">
      <Stack>
        <Text size="sm">Marking the return as filed locks every entry of this period.</Text>
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
