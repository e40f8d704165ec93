import { Button } from "@mantine/core";
import { ImportFileButton } from "../../../components/ImportFileButton.tsx";
import type { Gstr2Excel } from "../model/gstr2-view.ts";

/** GSTR-2's action bar: import the month's GSTR-2B, and the two Excel files. */
export function Gstr2Actions(props: {
  importing: boolean;
  onImport: (file: File) => void;
  downloadBlocked: boolean;
  onDownload: (call: Gstr2Excel) => void;
}) {
  return (
    <>
      <ImportFileButton
        label="Import GSTR-2B"
        accept="application/json,.json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.xlsx"
        loading={props.importing}
        onFile={props.onImport}
      />
      <Button
        variant="default"
        onClick={() => props.onDownload("gstr2transactions")}
        disabled={props.downloadBlocked}
      >
        Register Excel
      </Button>
      <Button
        variant="default"
        onClick={() => props.onDownload("reconciliation")}
        disabled={props.downloadBlocked}
      >
        Differences Excel
      </Button>
    </>
  );
}
