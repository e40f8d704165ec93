import { Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { organisationPath } from "../../app/routes.ts";
import { ReturnPeriodField, useReturnPeriod } from "../gst-returns/ReturnPeriodField.tsx";
import { ReportBody } from "../reports/components/ReportBody.tsx";
import { ReportFrame } from "../reports/components/ReportFrame.tsx";
import { useReportScope } from "../reports/use-report-scope.ts";
import { CancelIrnModal } from "./components/CancelIrnModal.tsx";
import { EInvoiceActions } from "./components/EInvoiceActions.tsx";
import { EInvoiceCounts } from "./components/EInvoiceCounts.tsx";
import { EInvoiceNotices } from "./components/EInvoiceNotices.tsx";
import { EInvoiceTable } from "./components/EInvoiceTable.tsx";
import { useEInvoiceActions } from "./components/use-einvoice-actions.ts";
import { type EInvoiceRow, einvoiceListQuery } from "./einvoice.api.ts";
import { canDownloadPeriod, toggleSelection } from "./einvoice.model.ts";

/**
 * returns/einvoice (issue 24): the period's documents by e-invoice state, offline route. The parts
 * are in `components/`; what they show is worked out in `einvoice.model.ts`.
 */
export function EInvoicePage() {
  const scope = useReportScope();
  const { organisation, year, today } = scope;
  const [, setParams] = useSearchParams();
  const [selected, setSelected] = useState<string[]>([]);
  const returnPeriod = useReturnPeriod({
    organisationId: organisation._id,
    year,
    today,
    onApply: (periodText) => {
      setSelected([]);
      setParams({ period: periodText });
    },
  });
  const { period, query } = returnPeriod;
  const [cancelling, setCancelling] = useState<EInvoiceRow | null>(null);

  const list = useQuery({
    ...einvoiceListQuery(query),
    enabled: query !== null,
    retry: false,
  });
  const actions = useEInvoiceActions({
    organisationId: organisation._id,
    period: query,
    onDownloaded: () => setSelected([]),
  });

  return (
    <ReportFrame
      title="E-Invoice"
      organisationName={organisation.name}
      period={period.ok ? period.label : undefined}
      actions={
        <EInvoiceActions
          selectedCount={selected.length}
          canDownloadPeriod={canDownloadPeriod(list.data)}
          importing={actions.importing}
          onDownloadSelected={() => actions.download(selected)}
          onDownloadPeriod={() => actions.download(null)}
          onImport={actions.importFile}
        />
      }
      filters={
        <ReturnPeriodField
          period={returnPeriod}
          description="A month (Sep 2025) or a quarter (Jul 2025 to Sep 2025)"
        />
      }
    >
      <ReportBody query={list} isEmpty={() => false} empty={null}>
        {(data) => (
          <Stack gap="md">
            <EInvoiceNotices
              eInvoiceFrom={data.eInvoiceFrom}
              settingsPath={organisationPath(organisation._id, year, "settings/organisation")}
              refusal={actions.refusal}
              onCloseRefusal={actions.clearRefusal}
            />
            <EInvoiceCounts counts={data.counts} />
            <EInvoiceTable
              documents={data.documents}
              selected={selected}
              onSelectedChange={setSelected}
              onSelect={(entryId, on) =>
                setSelected((current) => toggleSelection(current, entryId, on))
              }
              onCancel={setCancelling}
              voucherPath={scope.voucherPath}
            />
          </Stack>
        )}
      </ReportBody>
      <CancelIrnModal
        row={cancelling}
        organisationId={organisation._id}
        onClose={() => setCancelling(null)}
        onDone={actions.refresh}
      />
    </ReportFrame>
  );
}
