import { Stack } from "@mantine/core";
import { useNavigate } from "react-router";
import { downloadReturnFile } from "./frame/download-return-file.ts";
import { FiledDialog, FiledNotice } from "./frame/FiledNotice.tsx";
import { ReturnBody, ReturnFrame } from "./frame/ReturnFrame.tsx";
import { useMarkFiled } from "./frame/use-mark-filed.ts";
import { WarningsPanel } from "./frame/WarningsPanel.tsx";
import { gstReturnKeys } from "./gst-returns.query.ts";
import { FigureVouchers } from "./gstr3b/FigureVouchers.tsx";
import { Gstr3bActions, ItcBasisControl } from "./gstr3b/Gstr3bFilters.tsx";
import { Gstr3bForm } from "./gstr3b/Gstr3bForm.tsx";
import { TaxPaymentTable } from "./gstr3b/TaxPaymentTable.tsx";
import { useGstr3b } from "./gstr3b/use-gstr3b.ts";
import { fetchGstr3bJson, type Gstr3bDetailRow, markGstr3bFiled } from "./gstr3b.api.ts";
import { GSTR3B_PERIOD_DESCRIPTION, type Gstr3bQuery } from "./model/gstr3b.ts";
import { FILING_LOCKS, filingBlocked, filingReason, returnSubtitle } from "./model/return-frame.ts";

/** returns/gstr3B (spec 2.3; issue 20): the return laid out as the portal does, from the books. */
export function Gstr3bPage() {
  const { scope, period, view, query, summary, details, setView } = useGstr3b();
  const navigate = useNavigate();
  const filing = useMarkFiled({
    mark: (arn) => {
      const { itcBasis: _basis, ...returnPeriod } = query as Gstr3bQuery;
      return markGstr3bFiled({ ...returnPeriod, ...(arn ? { arn } : {}) });
    },
    invalidate: gstReturnKeys.all,
  });

  const filingWait = filingReason("GSTR-3B", summary.data, scope.today);

  const download = () => {
    if (!query) return;
    void downloadReturnFile(() => fetchGstr3bJson(query), "GSTR3B.json", "GSTR-3B downloaded.");
  };
  const openVoucher = (row: Gstr3bDetailRow) => {
    const path = scope.voucherPath(row.transactionType, row.entryId);
    if (path) navigate(path);
  };

  return (
    <ReturnFrame
      title="GSTR-3B"
      organisationName={scope.organisation.name}
      subtitle={returnSubtitle(summary.data)}
      period={period}
      periodDescription={GSTR3B_PERIOD_DESCRIPTION}
      filters={
        summary.data?.itcBasisAvailable ? (
          <ItcBasisControl
            value={view.itcBasis}
            onChange={(itc) => setView({ itc, table: null })}
          />
        ) : null
      }
      actions={
        <Gstr3bActions
          downloadBlocked={!summary.data}
          filingBlocked={filingBlocked(summary.data) || filingWait !== null}
          filingReason={filingWait}
          onDownload={download}
          onMarkFiled={filing.open}
        />
      }
    >
      <ReturnBody query={summary}>
        {(data) => (
          <Stack gap="md">
            <FiledNotice
              filing={data.filing}
              locked={FILING_LOCKS.gstr3b.notice}
              voucherPath={scope.voucherPath}
            />
            <WarningsPanel warnings={data.warnings} voucherPath={scope.voucherPath} />
            <Gstr3bForm data={data} onOpen={(table) => setView({ table, page: 1 })} />
            {data.taxPayment && <TaxPaymentTable payment={data.taxPayment} />}
            {view.table && details.data && (
              <FigureVouchers
                table={view.table}
                details={details.data}
                page={view.page}
                onPage={(page) => setView({ page })}
                onOpen={openVoucher}
              />
            )}
          </Stack>
        )}
      </ReturnBody>
      <FiledDialog
        opened={filing.opened}
        onClose={filing.close}
        title="GSTR-3B"
        locks={FILING_LOCKS.gstr3b.dialog}
        pending={filing.pending}
        onConfirm={filing.confirm}
      />
    </ReturnFrame>
  );
}
