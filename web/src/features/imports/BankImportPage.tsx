import {
  CASH_AND_BANK_NATURES,
  formatDateDisplay,
  formatRupees,
  rupeesToPaise,
  STATEMENT_COLUMNS,
  type StatementColumn,
} from "@bahi/domain";
import {
  Alert,
  Badge,
  Button,
  Container,
  FileInput,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { notify } from "../../app/notify.tsx";
import { organisationPath } from "../../app/routes.ts";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { AccountPicker } from "../../components/inputs/AccountPicker.tsx";
import { useActiveAccounts } from "../../components/inputs/account-options.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { ImportProgressBar } from "./ImportProgressBar.tsx";
import {
  type CheckedStatement,
  checkStatementFiles,
  deleteStatementFile,
  fetchImportRequests,
  type ImportRequest,
  importStatementFiles,
  type StatementLayoutChoice,
  undoBankImport,
} from "./imports.api.ts";

/** Rupees from the API, shown as ₹12,34,567.80. */
export const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

const BANK_NATURES = CASH_AND_BANK_NATURES.filter((nature) => nature !== "Cash");

export const COLUMN_LABELS: Record<StatementColumn, string> = {
  date: "Date",
  narration: "Narration",
  reference: "Cheque / Ref. No.",
  debit: "Withdrawal (Debit)",
  credit: "Deposit (Credit)",
  amount: "Amount (signed or with Dr/Cr)",
  drCr: "Dr/Cr marker",
  balance: "Balance",
};

export const STATE_LABELS: Record<ImportRequest["state"], string> = {
  uploaded: "Uploaded",
  reviewed: "Reviewed",
  saved: "Saved",
  undone: "Undone",
};

const STATE_COLORS: Record<ImportRequest["state"], string> = {
  uploaded: "gray",
  reviewed: "blue",
  saved: "green",
  undone: "orange",
};

export function importRequestsKey(organisationId: string, year: string) {
  return ["import-requests", organisationId, year] as const;
}

/**
 * /{org}/{year}/imports/bank: a bank account and its statements (CSV, XLS, XLSX). "Check Files"
 * shows how each file was read — the layout, the header row and the column of each role, which
 * the user may correct — before "Import" stages the lines for review. Below, the statements
 * imported this year with their state.
 */
export function BankImportPage() {
  usePageTitle("Import Bank Statement");
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [checked, setChecked] = useState<CheckedStatement[] | null>(null);
  const [layouts, setLayouts] = useState<(StatementLayoutChoice | null)[]>([]);
  const [busy, setBusy] = useState<"checking" | "importing" | null>(null);
  /** Names the running import, so that its progress can be asked for (decision 075). */
  const [progressId, setProgressId] = useState<string | null>(null);
  const requests = useQuery({
    queryKey: importRequestsKey(organisationId, year),
    queryFn: () => fetchImportRequests(organisationId, year),
  });
  const accounts = useActiveAccounts(organisationId);
  const accountName = (id: string | null) =>
    accounts.data?.find((account) => account._id === id)?.name ?? "";

  async function check(nextLayouts = layouts) {
    if (!accountId || files.length === 0) return;
    setBusy("checking");
    try {
      const answer = await checkStatementFiles(organisationId, accountId, year, files, nextLayouts);
      setChecked(answer.files);
    } catch {
      setChecked(null);
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (!accountId || files.length === 0) return;
    setBusy("importing");
    const id = crypto.randomUUID();
    setProgressId(id);
    try {
      const answer = await importStatementFiles(
        organisationId,
        accountId,
        year,
        files,
        layouts,
        id,
      );
      await queryClient.invalidateQueries({ queryKey: importRequestsKey(organisationId, year) });
      const lines = answer.importRequests.reduce((sum, request) => sum + request.lineCount, 0);
      notify({
        type: "success",
        title: "Statement imported",
        message: `${lines} lines to review.`,
      });
      const first = answer.importRequests[0];
      if (first)
        navigate(organisationPath(organisationId, year, `imports/bank-entries/${first._id}`));
    } catch {
      // The client showed the danger toast.
    } finally {
      setBusy(null);
      setProgressId(null);
    }
  }

  function changeColumn(index: number, column: StatementColumn, value: string) {
    const file = checked?.[index];
    if (!file?.mapping || !file.headerRow) return;
    const current = layouts[index] ?? { headerRow: file.headerRow, mapping: { ...file.mapping } };
    const mapping = { ...current.mapping };
    if (value === "") delete mapping[column];
    else mapping[column] = Number(value);
    const next = [...layouts];
    next[index] = { ...current, mapping };
    setLayouts(next);
    void check(next);
  }

  function changeHeaderRow(index: number, headerRow: number) {
    const file = checked?.[index];
    const next = [...layouts];
    next[index] = { headerRow, mapping: layouts[index]?.mapping ?? file?.mapping ?? {} };
    setLayouts(next);
    void check(next);
  }

  const canImport =
    Boolean(checked?.every((file) => !file.error)) && busy === null && accountId !== null;

  return (
    <Container size="xl">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Import Bank Statement
        </Title>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AccountPicker
                label="Bank account"
                value={accountId}
                natures={BANK_NATURES}
                onChange={(id) => {
                  setAccountId(id);
                  setChecked(null);
                  setLayouts([]);
                }}
                allowAdd={false}
                required
              />
              <FileInput
                label="Statement files"
                description="CSV, XLS or XLSX as downloaded from the bank (up to 10 MB each)"
                placeholder="Choose files"
                multiple
                clearable
                accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                value={files}
                onChange={(chosen) => {
                  setFiles(chosen);
                  setChecked(null);
                  setLayouts([]);
                }}
              />
            </SimpleGrid>
            <Group>
              <Button
                variant="default"
                onClick={() => void check()}
                loading={busy === "checking"}
                disabled={!accountId || files.length === 0}
              >
                Check Files
              </Button>
              <Button
                onClick={() => void runImport()}
                loading={busy === "importing"}
                disabled={!canImport}
              >
                Import
              </Button>
              {busy === "checking" && (
                <Group gap="xs">
                  <Loader size="sm" />
                  <Text size="sm">Reading the statement…</Text>
                </Group>
              )}
            </Group>
            {busy === "importing" && progressId && (
              <ImportProgressBar organisationId={organisationId} progressId={progressId} />
            )}
          </Stack>
        </Paper>
        {checked?.map((file, index) => (
          <CheckedFile
            key={files[index] ? `${files[index].name}-${files[index].lastModified}` : file.fileName}
            file={file}
            onColumn={(column, value) => changeColumn(index, column, value)}
            onHeaderRow={(row) => changeHeaderRow(index, row)}
          />
        ))}
        <Title order={2} fz="h4">
          Imported statements
        </Title>
        {requests.isPending ? (
          <Loader aria-label="Loading" />
        ) : (
          <RequestsTable
            requests={requests.data?.importRequests ?? []}
            accountName={accountName}
            reviewPath={(id) =>
              organisationPath(organisationId, year, `imports/bank-entries/${id}`)
            }
            onDelete={async (id) => {
              await deleteStatementFile(organisationId, id);
              notify({ type: "success", title: "File deleted" });
              await queryClient.invalidateQueries({
                queryKey: importRequestsKey(organisationId, year),
              });
            }}
            onUndo={async (id) => {
              const answer = await undoBankImport(organisationId, id);
              notify({ type: "success", title: `${answer.deleted} entries deleted` });
              await queryClient.invalidateQueries({
                queryKey: importRequestsKey(organisationId, year),
              });
            }}
          />
        )}
      </Stack>
    </Container>
  );
}

function CheckedFile({
  file,
  onColumn,
  onHeaderRow,
}: {
  file: CheckedStatement;
  onColumn: (column: StatementColumn, value: string) => void;
  onHeaderRow: (row: number) => void;
}) {
  if (file.error) {
    return (
      <Alert color="red" title={file.fileName}>
        {file.error}
      </Alert>
    );
  }
  const headers = file.headers ?? [];
  const options = [
    { value: "", label: "—" },
    ...headers.map((header, index) => ({
      value: String(index),
      label: header || `Column ${index + 1}`,
    })),
  ];
  return (
    <Paper withBorder p="md" aria-label={`Statement ${file.fileName}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{file.fileName}</Text>
          <Badge variant="light">{file.layoutName}</Badge>
        </Group>
        <Text size="sm">
          {file.lineCount} lines
          {file.firstDate && file.lastDate
            ? ` from ${formatDateDisplay(file.firstDate)} to ${formatDateDisplay(file.lastDate)}`
            : ""}
          : money in {money(file.moneyIn ?? 0)}, money out {money(file.moneyOut ?? 0)}.
        </Text>
        {file.balanceBreak ? (
          <Alert color="orange" title="Running balance does not follow">
            Row {file.balanceBreak.rowNumber}: the balance should be{" "}
            {money(file.balanceBreak.expected)} but the statement says{" "}
            {money(file.balanceBreak.found)}. Check the column mapping or the file.
          </Alert>
        ) : null}
        {(file.problemCount ?? 0) > 0 && (
          <Alert color="yellow" title={`${file.problemCount} rows not read`}>
            {(file.problems ?? []).slice(0, 5).map((problem) => (
              <Text size="sm" key={problem.rowNumber}>
                Row {problem.rowNumber}: {problem.message}
              </Text>
            ))}
          </Alert>
        )}
        <Group align="end" gap="sm">
          <NumberInput
            label="Header row"
            w={110}
            min={1}
            value={file.headerRow}
            onChange={(value) => {
              if (typeof value === "number" && value >= 1) onHeaderRow(value);
            }}
          />
          {STATEMENT_COLUMNS.map((column) => (
            <NativeSelect
              key={column}
              label={COLUMN_LABELS[column]}
              w={170}
              data={options}
              value={file.mapping?.[column] === undefined ? "" : String(file.mapping[column])}
              onChange={(event) => onColumn(column, event.currentTarget.value)}
            />
          ))}
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={`Preview of ${file.fileName}`} verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Narration</Table.Th>
                <Table.Th>Ref.</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(file.preview ?? []).map((line) => (
                <Table.Tr key={line.rowNumber}>
                  <Table.Td>{line.rowNumber}</Table.Td>
                  <Table.Td>{formatDateDisplay(line.date)}</Table.Td>
                  <Table.Td>{line.narration}</Table.Td>
                  <Table.Td>{line.reference}</Table.Td>
                  <Table.Td ta="right" c={line.amount < 0 ? "red" : "green"}>
                    {money(line.amount)}
                  </Table.Td>
                  <Table.Td ta="right">{line.balance === null ? "" : money(line.balance)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

function RequestsTable({
  requests,
  accountName,
  reviewPath,
  onDelete,
  onUndo,
}: {
  requests: ImportRequest[];
  accountName: (id: string | null) => string;
  reviewPath: (id: string) => string;
  onDelete: (id: string) => Promise<void>;
  onUndo: (id: string) => Promise<void>;
}) {
  if (requests.length === 0) {
    return <Text c="dimmed">No statements imported in this year yet.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Imported statements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Bank account</Table.Th>
            <Table.Th>Imported</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th ta="right">Saved</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request._id}>
              <Table.Td>
                <Link to={reviewPath(request._id)}>{request.fileName}</Link>
              </Table.Td>
              <Table.Td>{accountName(request.accountId)}</Table.Td>
              <Table.Td>{formatDateDisplay(request.createdAt.slice(0, 10))}</Table.Td>
              <Table.Td ta="right">{request.lineCount}</Table.Td>
              <Table.Td ta="right">{request.savedCount}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[request.state]} variant="light">
                  {STATE_LABELS[request.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="default"
                    component={Link}
                    to={reviewPath(request._id)}
                  >
                    Review
                  </Button>
                  {request.savedCount > 0 ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="orange"
                      onClick={() => void onUndo(request._id).catch(() => undefined)}
                    >
                      Undo
                    </Button>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => void onDelete(request._id).catch(() => undefined)}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
