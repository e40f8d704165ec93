import { formatAmount, getVoucherDefinition, isVoucherType, rupeesToPaise } from "@bahi/domain";
import {
  Alert,
  Button,
  Container,
  FileInput,
  Group,
  Paper,
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
import { importTallyFile, type TallyAnswer, type TallyRefusal } from "./imports.api.ts";

const typeTitle = (type: string) =>
  isVoucherType(type) ? getVoucherDefinition(type).titles.plural : type;

function RefusalTable({ label, rows }: { label: string; rows: readonly TallyRefusal[] }) {
  if (rows.length === 0) return null;
  return (
    <Table aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Voucher or master</Table.Th>
          <Table.Th>Why</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.voucher ?? row.name}-${row.reason}`}>
            <Table.Td>{row.voucher ?? row.name}</Table.Td>
            <Table.Td>{row.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /{org}/{year}/imports/tally: a Tally company's masters export or day book (XML, UTF-16 or
 * UTF-8). "Preview" says what would be created and what cannot be, writing nothing; "Import"
 * creates it and shows the check of the books against the file (openings, trial balance).
 */
export function TallyImportPage() {
  usePageTitle("Import from Tally");
  const { organisation } = useOrganisationScope();
  const organisationId = organisation._id;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<TallyAnswer | null>(null);
  const [busy, setBusy] = useState<"preview" | "import" | null>(null);
  /** Names the running import, so that its progress can be asked for (decision 075). */
  const [progressId, setProgressId] = useState<string | null>(null);

  async function run(preview: boolean) {
    if (!file) return;
    setBusy(preview ? "preview" : "import");
    const id = preview ? undefined : crypto.randomUUID();
    setProgressId(id ?? null);
    try {
      const result = await importTallyFile(organisationId, file, preview, id);
      setAnswer(result);
      if (!preview) {
        notify({ type: "success", title: "Tally export imported" });
        await queryClient.invalidateQueries();
      }
    } catch {
      // The client showed the danger toast with the reason.
      setAnswer(null);
    } finally {
      setBusy(null);
      setProgressId(null);
    }
  }

  const vouchers = answer?.vouchers;
  const toCreate = Object.entries(vouchers?.toCreate ?? {});
  return (
    <Container size="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Import from Tally
        </Title>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text size="sm">
              Export from Tally Prime as XML (Data Interchange): the masters (Export → Masters, with
              closing balances as opening balances) first, then the day book (Export →
              Transactions). Import the masters before the vouchers.
            </Text>
            <FileInput
              label="Tally XML export"
              description="Masters or day book, up to 256 MB"
              placeholder="Choose a file"
              accept=".xml,text/xml,application/xml"
              clearable
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setAnswer(null);
              }}
            />
            <Group>
              <Button
                variant="default"
                onClick={() => void run(true)}
                loading={busy === "preview"}
                disabled={!file}
              >
                Preview
              </Button>
              <Button onClick={() => void run(false)} loading={busy === "import"} disabled={!file}>
                Import
              </Button>
            </Group>
            {busy === "import" && progressId && (
              <ImportProgressBar organisationId={organisationId} progressId={progressId} />
            )}
          </Stack>
        </Paper>
        {answer?.accountsToCreate && (
          <Alert color="blue" title={answer.preview ? "Masters to create" : "Masters"}>
            {answer.ledgers ?? 0} ledgers and {answer.stockItems ?? 0} stock items in the file:{" "}
            {answer.accountsToCreate.length} accounts and {answer.itemsToCreate?.length ?? 0} items{" "}
            {answer.preview ? "would be created" : "created"}.
            {answer.openingsCheck && ` ${answer.openingsCheck.message}`}
          </Alert>
        )}
        <RefusalTable label="Masters not imported" rows={answer?.cannotImport ?? []} />
        {vouchers && (
          <Alert
            color={vouchers.preview ? "blue" : vouchers.trialBalance?.agrees ? "green" : "yellow"}
            title={vouchers.preview ? "Vouchers to create" : "Vouchers imported"}
          >
            <Stack gap={4}>
              <Text size="sm">
                {vouchers.vouchers} vouchers in the file:{" "}
                {vouchers.preview
                  ? `${toCreate.reduce((sum, [, count]) => sum + count, 0)} would be created`
                  : `${vouchers.imported ?? 0} imported`}
                , {vouchers.alreadyImported} already imported, {vouchers.notImported.length} not
                imported.
              </Text>
              {vouchers.preview && toCreate.length > 0 && (
                <Text size="sm">
                  {toCreate.map(([type, count]) => `${typeTitle(type)}: ${count}`).join(" · ")}
                </Text>
              )}
              {vouchers.trialBalance && <Text size="sm">{vouchers.trialBalance.message}</Text>}
            </Stack>
          </Alert>
        )}
        <RefusalTable label="Vouchers not imported" rows={vouchers?.notImported ?? []} />
        <RefusalTable label="Saved as journals" rows={vouchers?.asJournals ?? []} />
        <RefusalTable label="Vouchers refused" rows={vouchers?.failed ?? []} />
        {vouchers?.trialBalance && vouchers.trialBalance.differences.length > 0 && (
          <Table aria-label="Trial balance differences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tally ledgers</Table.Th>
                <Table.Th>Bahi accounts</Table.Th>
                <Table.Th ta="right">File (Dr +)</Table.Th>
                <Table.Th ta="right">Bahi (Dr +)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vouchers.trialBalance.differences.map((row) => (
                <Table.Tr key={`${row.ledgers.join("|")}-${row.accounts.join("|")}`}>
                  <Table.Td>{row.ledgers.join(", ")}</Table.Td>
                  <Table.Td>{row.accounts.join(", ") || "—"}</Table.Td>
                  <Table.Td ta="right">{formatAmount(rupeesToPaise(row.file))}</Table.Td>
                  <Table.Td ta="right">{formatAmount(rupeesToPaise(row.bahi))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Container>
  );
}
