import { Button } from "@mantine/core";
import { useState } from "react";
import { downloadReport } from "../reports/download.ts";
import type { ReportCall } from "../reports/reports.api.ts";

/**
 * The account statement as debtors and creditors are sent it (docs/api/documents.md): opening
 * balance, entries with the running balance, closing balance and the open bills with their age.
 */
export function StatementButton({ call }: { call: ReportCall }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadReport({ ...call, query: { ...call.query, statement: true } }, "pdf", {
            fallbackName: "statement",
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      Statement PDF
    </Button>
  );
}
