import { Button } from "@mantine/core";
import { ImportFileButton } from "../../../components/ImportFileButton.tsx";
import { selectedButtonLabel } from "../einvoice.model.ts";

const IRP_ANSWER_FILES =
  ".json,.xlsx,.xls,.csv,application/json,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The report's actions: the JSON of the documents chosen or of the period, the IRP's answer. */
export function EInvoiceActions({
  selectedCount,
  canDownloadPeriod,
  importing,
  onDownloadSelected,
  onDownloadPeriod,
  onImport,
}: {
  selectedCount: number;
  canDownloadPeriod: boolean;
  importing: boolean;
  onDownloadSelected: () => void;
  onDownloadPeriod: () => void;
  onImport: (file: File) => void;
}) {
  return (
    <>
      <Button variant="default" disabled={selectedCount === 0} onClick={onDownloadSelected}>
        {selectedButtonLabel(selectedCount)}
      </Button>
      <Button variant="default" disabled={!canDownloadPeriod} onClick={onDownloadPeriod}>
        Download JSON of the period
      </Button>
      <ImportFileButton
        label="Import IRP response"
        accept={IRP_ANSWER_FILES}
        loading={importing}
        onFile={onImport}
      />
    </>
  );
}
