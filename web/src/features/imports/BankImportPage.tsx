import { Container, Stack, Title } from "@mantine/core";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { usePageTitle } from "../../components/use-page-title.ts";
import { checkedFileKey } from "./bank-import/bank-import.model.ts";
import { CheckedStatementCard } from "./bank-import/CheckedStatementCard.tsx";
import { ImportedStatements } from "./bank-import/ImportedStatements.tsx";
import { StatementForm } from "./bank-import/StatementForm.tsx";
import { useBankImport } from "./bank-import/use-bank-import.ts";

/**
 * /{org}/{year}/imports/bank: a bank account and its statements (CSV, XLS, XLSX). "Check Files"
 * shows how each file was read — the layout, the header row and the column of each role, which
 * the user may correct — before "Import" stages the lines for review. Below, the statements
 * imported this year with their state. The parts are in `bank-import/`; what they show is worked
 * out in `bank-import/bank-import.model.ts`.
 */
export function BankImportPage() {
  usePageTitle("Import Bank Statement");
  const { organisation, year } = useOrganisationScope();
  const organisationId = organisation._id;
  const form = useBankImport(organisationId, year);
  return (
    <Container size="xl">
      <Stack gap="md">
        <Title order={1} fz="h2">
          Import Bank Statement
        </Title>
        <StatementForm form={form} organisationId={organisationId} />
        {form.checked?.map((file, index) => (
          <CheckedStatementCard
            key={checkedFileKey(form.files, index, file)}
            file={file}
            onColumn={(column, value) => form.changeColumn(index, column, value)}
            onHeaderRow={(row) => form.changeHeaderRow(index, row)}
          />
        ))}
        <ImportedStatements organisationId={organisationId} year={year} />
      </Stack>
    </Container>
  );
}
