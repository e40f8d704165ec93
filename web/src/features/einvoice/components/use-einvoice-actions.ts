import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../../api/http.ts";
import { notify } from "../../../app/notify.tsx";
import { saveResponse } from "../../reports/download.ts";
import {
  type EInvoicePeriod,
  einvoiceKeys,
  fetchEInvoiceJson,
  importIrpAnswer,
} from "../einvoice.api.ts";
import {
  downloadQuery,
  type Refusal,
  refusalOfDownload,
  refusalOfImport,
} from "../einvoice.model.ts";

/**
 * The e-invoice screen's actions: the IRP's JSON (of the documents chosen, or of the period) and
 * the import of the IRP's answer. What the server refused, with its reasons, is kept as
 * `refusal` to show above the table; anything else is a danger toast.
 */
export function useEInvoiceActions({
  organisationId,
  period,
  onDownloaded,
}: {
  organisationId: string;
  /** Null while the period typed is wrong: nothing can be downloaded. */
  period: EInvoicePeriod | null;
  onDownloaded: () => void;
}) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: einvoiceKeys.all });

  const download = async (entryIds: string[] | null) => {
    if (!period) return;
    setRefusal(null);
    try {
      const response = await fetchEInvoiceJson(downloadQuery(period, entryIds));
      if (response instanceof Response) await saveResponse(response, "einvoice.json");
      notify({ type: "success", title: "Download", message: "E-invoice JSON downloaded." });
      onDownloaded();
      await refresh();
    } catch (error) {
      const refused = refusalOfDownload(error);
      if (refused) {
        setRefusal(refused);
        return;
      }
      notify({
        type: "danger",
        title: "Not able to download file!",
        message: describeErrorMessage(error),
      });
    }
  };

  const importing = useMutation({
    mutationFn: (file: File) => importIrpAnswer(organisationId, file),
    onSuccess: (answer) => {
      notify({ type: "success", title: "IRP answer imported", message: answer.message });
      const refused = refusalOfImport(answer);
      if (refused) setRefusal(refused);
      void refresh();
    },
    onError: (error) =>
      notify({ type: "danger", title: "Not imported", message: describeErrorMessage(error) }),
  });

  return {
    refusal,
    clearRefusal: () => setRefusal(null),
    download: (entryIds: string[] | null) => void download(entryIds),
    importFile: (file: File) => importing.mutate(file),
    importing: importing.isPending,
    refresh: () => void refresh(),
  };
}
