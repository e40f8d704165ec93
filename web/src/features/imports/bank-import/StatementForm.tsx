import { Button, FileInput, Group, Loader, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { AccountPicker } from "../../../components/inputs/AccountPicker.tsx";
import { ImportProgressBar } from "../ImportProgressBar.tsx";
import { BANK_NATURES } from "./bank-import.model.ts";
import type { BankImportForm } from "./use-bank-import.ts";

const ACCEPTED_FILES =
  ".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The bank account, the statement files, Check Files and Import, and the import's progress. */
export function StatementForm({
  form,
  organisationId,
}: {
  form: BankImportForm;
  organisationId: string;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AccountPicker
            label="Bank account"
            value={form.accountId}
            natures={BANK_NATURES}
            onChange={(id) => form.chooseAccount(id)}
            allowAdd={false}
            required
          />
          <FileInput
            label="Statement files"
            description="CSV, XLS or XLSX as downloaded from the bank (up to 10 MB each)"
            placeholder="Choose files"
            multiple
            clearable
            accept={ACCEPTED_FILES}
            value={form.files}
            onChange={form.chooseFiles}
          />
        </SimpleGrid>
        <Group>
          <Button
            variant="default"
            onClick={form.check}
            loading={form.busy === "checking"}
            disabled={!form.canCheck}
          >
            Check Files
          </Button>
          <Button
            onClick={form.runImport}
            loading={form.busy === "importing"}
            disabled={!form.canImport}
          >
            Import
          </Button>
          {form.busy === "checking" && (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">Reading the statement…</Text>
            </Group>
          )}
        </Group>
        {form.busy === "importing" && form.progressId && (
          <ImportProgressBar organisationId={organisationId} progressId={form.progressId} />
        )}
      </Stack>
    </Paper>
  );
}
