import { Loader, Text } from "@mantine/core";
import { DocumentsTable } from "./DocumentsTable.tsx";
import { noDocumentsText } from "./multiple-docs.model.ts";
import type { MultipleDocs } from "./use-multiple-docs.ts";

/** No party yet, the documents loading, none of the type this year, or the table. */
export function DocumentsSection({ state, year }: { state: MultipleDocs; year: string }) {
  if (state.account === null) {
    return <Text c="dimmed">Choose a debtor or creditor to see their documents.</Text>;
  }
  if (state.documents.isPending) return <Loader size="sm" />;
  if (state.rows.length === 0) {
    return <Text c="dimmed">{noDocumentsText(state.account.name, state.type, year)}</Text>;
  }
  return (
    <DocumentsTable
      rows={state.rows}
      chosen={state.chosen}
      results={state.results}
      onToggle={state.toggle}
      onChooseAll={state.chooseAll}
    />
  );
}
