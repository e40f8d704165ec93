import { Tabs } from "@mantine/core";
import { useNavigate } from "react-router";
import { ReturnFrame } from "../gst-returns/frame/ReturnFrame.tsx";
import { Gstr2Actions } from "./components/Gstr2Actions.tsx";
import { ReconciliationTab } from "./components/ReconciliationTab.tsx";
import { RegisterTab } from "./components/RegisterTab.tsx";
import { useGstr2 } from "./components/use-gstr2.ts";
import { useGstr2Actions } from "./components/use-gstr2-actions.ts";
import { GSTR2_PERIOD_DESCRIPTION, toggledStatus } from "./model/gstr2-view.ts";

/**
 * returns/gstr2 (spec 2.3; issue 20): the purchase register of a period, the month's GSTR-2B
 * imported from the portal, and the reconciliation of the two, driven from the keyboard.
 */
export function Gstr2Page() {
  const screen = useGstr2();
  const { scope, period, view, setParam } = screen;
  const navigate = useNavigate();
  const actions = useGstr2Actions({
    organisationId: scope.organisation._id,
    query: period.query,
    supplier: screen.supplier,
  });
  const openBill = (row: { transactionType?: string | undefined; entryId: string | null }) => {
    if (!row.entryId || !row.transactionType) return;
    const path = scope.voucherPath(row.transactionType, row.entryId);
    if (path) navigate(path);
  };
  const showPage = (page: number) => setParam({ page: String(page) });

  return (
    <ReturnFrame
      title="GSTR-2"
      organisationName={scope.organisation.name}
      subtitle={period.period.ok ? `Purchases and GSTR-2B · ${period.period.label}` : undefined}
      period={period}
      periodDescription={GSTR2_PERIOD_DESCRIPTION}
      actions={
        <Gstr2Actions
          importing={actions.importing}
          onImport={actions.importFile}
          downloadBlocked={!period.query}
          onDownload={actions.download}
        />
      }
    >
      <Tabs value={view.tab} onChange={(value) => value && setParam({ tab: value, page: null })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="reconciliation">GSTR-2B Reconciliation</Tabs.Tab>
          <Tabs.Tab value="register">Purchase Register</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {view.tab === "register" ? (
        <RegisterTab
          register={screen.register}
          search={screen.search}
          onSearch={screen.changeSearch}
          page={view.page}
          onPage={showPage}
          onOpen={openBill}
        />
      ) : (
        <ReconciliationTab
          reconciliation={screen.reconciliation}
          status={view.status}
          onStatusClick={(status) =>
            setParam({ status: toggledStatus(view.status, status), page: null })
          }
          onStatus={(status) => setParam({ status, page: null })}
          supplier={screen.supplier}
          onSupplier={screen.changeSupplier}
          page={view.page}
          onPage={showPage}
          picked={actions.picked}
          onAct={actions.act}
          onPickOrLink={actions.pickOrLink}
          onCancelPick={actions.cancelPick}
          onOpenBill={(row) =>
            row.bill &&
            openBill({ transactionType: row.bill.transactionType, entryId: row.entryId })
          }
        />
      )}
    </ReturnFrame>
  );
}
