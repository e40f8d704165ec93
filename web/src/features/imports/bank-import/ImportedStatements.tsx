import { Loader, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { notify } from "../../../app/notify.tsx";
import { organisationPath } from "../../../app/routes.ts";
import { useActiveAccounts } from "../../../components/inputs/account-options.ts";
import { deleteStatementFile, fetchImportRequests, undoBankImport } from "../imports.api.ts";
import { accountNameOf, importRequestsKey } from "./bank-import.model.ts";
import { ImportedStatementsTable } from "./ImportedStatementsTable.tsx";

/** "Imported statements": this year's bank statements, each to review, delete or undo. */
export function ImportedStatements({
  organisationId,
  year,
}: {
  organisationId: string;
  year: string;
}) {
  const queryClient = useQueryClient();
  const queryKey = importRequestsKey(organisationId, year);
  const requests = useQuery({
    queryKey,
    queryFn: () => fetchImportRequests(organisationId, year),
  });
  const accounts = useActiveAccounts(organisationId);
  return (
    <>
      <Title order={2} fz="h4">
        Imported statements
      </Title>
      {requests.isPending ? (
        <Loader aria-label="Loading" />
      ) : (
        <ImportedStatementsTable
          requests={requests.data?.importRequests ?? []}
          accountName={(id) => accountNameOf(accounts.data, id)}
          reviewPath={(id) => organisationPath(organisationId, year, `imports/bank-entries/${id}`)}
          onDelete={async (id) => {
            await deleteStatementFile(organisationId, id);
            notify({ type: "success", title: "File deleted" });
            await queryClient.invalidateQueries({ queryKey });
          }}
          onUndo={async (id) => {
            const answer = await undoBankImport(organisationId, id);
            notify({ type: "success", title: `${answer.deleted} entries deleted` });
            await queryClient.invalidateQueries({ queryKey });
          }}
        />
      )}
    </>
  );
}
