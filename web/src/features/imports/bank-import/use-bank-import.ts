import type { StatementColumn } from "@bahi/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { notify } from "../../../app/notify.tsx";
import { organisationPath } from "../../../app/routes.ts";
import {
  type CheckedStatement,
  checkStatementFiles,
  importStatementFiles,
} from "../imports.api.ts";
import {
  type BankImportBusy,
  canCheck,
  canImport,
  importedMessage,
  importRequestsKey,
  type LayoutChoices,
  withColumn,
  withHeaderRow,
} from "./bank-import.model.ts";

/**
 * The statement form of /imports/bank: the bank account and files chosen, how the server read
 * them ("Check Files", again after each correction of the layout), and "Import", which stages
 * the lines and opens the review of the first statement.
 */
export function useBankImport(organisationId: string, year: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [checked, setChecked] = useState<CheckedStatement[] | null>(null);
  const [layouts, setLayouts] = useState<LayoutChoices>([]);
  const [busy, setBusy] = useState<BankImportBusy>(null);
  /** Names the running import, so that its progress can be asked for (decision 075). */
  const [progressId, setProgressId] = useState<string | null>(null);

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
      notify({
        type: "success",
        title: "Statement imported",
        message: importedMessage(answer.importRequests),
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

  function recheck(next: LayoutChoices) {
    setLayouts(next);
    void check(next);
  }

  return {
    accountId,
    files,
    checked,
    busy,
    progressId,
    canCheck: canCheck(accountId, files),
    canImport: canImport(checked, busy, accountId),
    /** Another account or other files: what was read of the old ones is forgotten. */
    chooseAccount(id: string | null) {
      setAccountId(id);
      setChecked(null);
      setLayouts([]);
    },
    chooseFiles(chosen: File[]) {
      setFiles(chosen);
      setChecked(null);
      setLayouts([]);
    },
    check: () => void check(),
    runImport: () => void runImport(),
    changeColumn(index: number, column: StatementColumn, value: string) {
      const next = withColumn(layouts, checked?.[index], index, column, value);
      if (next) recheck(next);
    },
    changeHeaderRow(index: number, headerRow: number) {
      recheck(withHeaderRow(layouts, checked?.[index], index, headerRow));
    },
  };
}

export type BankImportForm = ReturnType<typeof useBankImport>;
