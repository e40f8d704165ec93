import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../../api/http.ts";
import { notify } from "../../../app/notify.tsx";
import { downloadReturnFile } from "../../gst-returns/frame/download-return-file.ts";
import {
  changeLink,
  fetchGstr2Excel,
  type Gstr2PeriodQuery,
  gstr2Keys,
  importGstr2b,
  type ReconciliationRow,
} from "../gstr2.api.ts";
import { excelRequest, type Gstr2Excel } from "../model/gstr2-view.ts";
import { importedMessage, linkStep } from "../model/reconciliation.ts";

type LinkAction = "link" | "unlink" | "accept";

/**
 * What GSTR-2 changes: the GSTR-2B import, accept / unlink / link by hand (with the row picked
 * for linking), and the Excel files. Each change reads the screen's queries again.
 */
export function useGstr2Actions(input: {
  organisationId: string;
  query: Gstr2PeriodQuery | null;
  supplier: string;
}) {
  const { organisationId } = input;
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<ReconciliationRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: gstr2Keys.all });

  const imported = useMutation({
    mutationFn: (file: File) => importGstr2b(organisationId, file),
    onSuccess: (answer) => {
      notify({ type: "success", title: "GSTR-2B imported", message: importedMessage(answer) });
      for (const warning of answer.warnings) {
        notify({ type: "warning", title: "GSTR-2B", message: warning });
      }
      refresh();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not imported", message: describeErrorMessage(error) }),
  });

  const linked = useMutation({
    mutationFn: (change: { action: LinkAction; entryId: string; documentId: string }) =>
      changeLink(change.action, {
        organisationId,
        entryId: change.entryId,
        documentId: change.documentId,
      }),
    onSuccess: (answer) => {
      notify({ type: "success", title: "Reconciliation", message: answer.message });
      setPicked(null);
      refresh();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not changed", message: describeErrorMessage(error) }),
  });

  const act = (row: ReconciliationRow, action: "accept" | "unlink") => {
    if (row.entryId && row.documentId) {
      linked.mutate({ action, entryId: row.entryId, documentId: row.documentId });
    }
  };
  const pickOrLink = (row: ReconciliationRow) => {
    const step = linkStep(picked, row);
    if (step.kind === "pick") setPicked(row);
    if (step.kind === "link") {
      linked.mutate({ action: "link", entryId: step.entryId, documentId: step.documentId });
    }
  };
  const download = (call: Gstr2Excel) => {
    if (!input.query) return;
    const request = excelRequest(call, input.query, input.supplier);
    void downloadReturnFile(
      () => fetchGstr2Excel(call, request.query),
      request.fileName,
      "Excel downloaded.",
    );
  };

  return {
    importing: imported.isPending,
    importFile: (file: File) => imported.mutate(file),
    picked,
    cancelPick: () => setPicked(null),
    act,
    pickOrLink,
    download,
  };
}
