import {
  Alert,
  Anchor,
  Button,
  Container,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "../../app/notify.tsx";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { ImportProgressBar } from "./ImportProgressBar.tsx";
import {
  importSheet,
  type SheetImportResult,
  type SheetImportType,
  type SheetReport,
  sheetTemplateUrl,
  validateSheet,
} from "./imports.api.ts";

const TYPE_LABELS: Record<SheetImportType, string> = {
  accounts: "Accounts with opening balances",
  items: "Items with opening stock",
  vouchers: "Vouchers: sales and purchases with item lines, receipts, payments, journals",
};

/** The Zoho Books exports each import type reads as its template (decisions 330, 420). */
const ZOHO_EXPORTS = {
  accounts: "Contacts (customers and vendors)",
  vouchers:
    "Invoice, Bill, Credit Note, Vendor Credits, Customer Payment and Vendor Payment (drafts and voids are left out)",
} as const;

/**
 * /{org}/{year}/imports/other: accounts, items or vouchers (with item lines) from a spreadsheet laid
 * out like the template.
 * "Validate" shows every problem row by row (the sheet's row numbers, the column, the message)
 * and writes nothing; "Import" adds the valid rows, or nothing unless all are valid. Rows whose
 * name exists already are skipped, so the same file twice adds nothing.
 */
export function OtherImportPage() {
  usePageTitle("Import Other Data");
  const { organisation } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const types: SheetImportType[] = organisation.manageInventory
    ? ["accounts", "items", "vouchers"]
    : ["accounts", "vouchers"];
  const [type, setType] = useState<SheetImportType>("accounts");
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<"valid" | "all">("valid");
  const [report, setReport] = useState<SheetReport | null>(null);
  const [result, setResult] = useState<SheetImportResult | null>(null);
  const [busy, setBusy] = useState<"validating" | "importing" | null>(null);
  /** Names the running import, so that its progress can be asked for (decision 075). */
  const [progressId, setProgressId] = useState<string | null>(null);

  function reset() {
    setReport(null);
    setResult(null);
  }

  async function validate() {
    if (!file) return;
    setBusy("validating");
    setResult(null);
    try {
      setReport(await validateSheet(organisationId, type, file));
    } catch {
      setReport(null);
    } finally {
      setBusy(null);
    }
  }

  async function runImport() {
    if (!file) return;
    setBusy("importing");
    const id = crypto.randomUUID();
    setProgressId(id);
    try {
      const answer = await importSheet(organisationId, type, file, mode, id);
      setResult(answer);
      setReport(null);
      notify({
        type: "success",
        title: `${answer.imported} ${type} imported`,
        ...(answer.skippedExisting ? { message: `${answer.skippedExisting} already there.` } : {}),
      });
      await queryClient.invalidateQueries({
        queryKey:
          type === "vouchers" ? [] : [type === "accounts" ? "accounts" : "items", organisationId],
      });
    } catch {
      // The client showed the danger toast with the first problem.
    } finally {
      setBusy(null);
      setProgressId(null);
    }
  }

  const problems = result?.problems ?? report?.problems ?? [];

  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Import Other Data
        </Title>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <SegmentedControl
              aria-label="What to import"
              value={type}
              onChange={(value) => {
                setType(value as SheetImportType);
                reset();
              }}
              data={types.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            />
            <Text size="sm">
              Lay the file out like the template: row 1 holds the column headings (the template's,
              or the names people use such as "Ledger Name", "Group", "Dr/Cr").{" "}
              <Anchor href={sheetTemplateUrl(type)} download>
                Download the {type} template
              </Anchor>
            </Text>
            {type in ZOHO_EXPORTS && (
              <Text size="sm">
                Zoho Books' own exports can be given as they are:{" "}
                {ZOHO_EXPORTS[type as keyof typeof ZOHO_EXPORTS]}.
              </Text>
            )}
            <FileInput
              label="File"
              description="XLSX or CSV, up to 50 MB"
              placeholder="Choose a file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              clearable
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                reset();
              }}
            />
            <SegmentedControl
              aria-label="Import mode"
              value={mode}
              onChange={(value) => setMode(value as "valid" | "all")}
              data={[
                { value: "valid", label: "Import the valid rows" },
                { value: "all", label: "All rows or nothing" },
              ]}
            />
            <Group>
              <Button
                variant="default"
                onClick={() => void validate()}
                loading={busy === "validating"}
                disabled={!file}
              >
                Validate
              </Button>
              <Button
                onClick={() => void runImport()}
                loading={busy === "importing"}
                disabled={!file}
              >
                Import
              </Button>
            </Group>
            {busy === "importing" && progressId && (
              <ImportProgressBar organisationId={organisationId} progressId={progressId} />
            )}
          </Stack>
        </Paper>
        {report && (
          <Alert color={report.problems.length ? "yellow" : "green"} title="Validation">
            {report.rowCount} rows: {report.validCount} ready to import,{" "}
            {report.alreadyPresent.length} already there, {report.problems.length} problems.
            {report.unknownColumns.length > 0 &&
              ` Columns not in the template, ignored: ${report.unknownColumns.join(", ")}.`}
          </Alert>
        )}
        {result && (
          <Alert color="green" title="Imported">
            {result.imported} imported, {result.skippedExisting} already there,{" "}
            {result.problems.length} rows not imported.
          </Alert>
        )}
        {problems.length > 0 && (
          <Table aria-label="Problems by row">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {problems.map((problem) => (
                <Table.Tr key={`${problem.row}-${problem.column}-${problem.message}`}>
                  <Table.Td>{problem.row}</Table.Td>
                  <Table.Td>{problem.column}</Table.Td>
                  <Table.Td>{problem.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Container>
  );
}
