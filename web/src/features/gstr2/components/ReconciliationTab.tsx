import type { MatchStatus } from "@bahi/domain";
import { Alert, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { ReturnBody, ReturnPagination } from "../../gst-returns/frame/ReturnFrame.tsx";
import type { Reconciliation } from "../gstr2.api.ts";
import { RECONCILIATION_PAGE_SIZE } from "../model/gstr2-view.ts";
import { pickedMessage } from "../model/reconciliation.ts";
import {
  ImportsNote,
  ItcByStatusTable,
  MatchedItc,
  ReconciliationFilters,
} from "./ReconciliationSummary.tsx";
import { type ReconciliationHandlers, ReconciliationTable } from "./ReconciliationTable.tsx";

/** The GSTR-2B Reconciliation tab: the imports, ITC by status, the filters and the rows. */
export function ReconciliationTab(
  props: {
    reconciliation: UseQueryResult<Reconciliation>;
    status: MatchStatus | null;
    onStatusClick: (status: MatchStatus) => void;
    onStatus: (status: string | null) => void;
    supplier: string;
    onSupplier: (text: string) => void;
    page: number;
    onPage: (page: number) => void;
  } & ReconciliationHandlers,
) {
  const { picked } = props;
  return (
    <ReturnBody query={props.reconciliation}>
      {(data) => (
        <Stack gap="md">
          <ImportsNote imports={data.imports} />
          <ItcByStatusTable totals={data.totals} onStatus={props.onStatusClick} />
          <MatchedItc itc={data.matchedItc} />
          <ReconciliationFilters
            totals={data.totals}
            status={props.status}
            onStatus={props.onStatus}
            supplier={props.supplier}
            onSupplier={props.onSupplier}
          />
          <Text size="xs" c="dimmed">
            Keys: ↑ ↓ move · A accept a suggestion · U unlink · L pick a row missing on one side,
            then L on a row missing on the other side to link them · Esc cancels · Enter opens the
            bill.
          </Text>
          {picked && (
            <Alert color="blue" title="Linking" role="status">
              {pickedMessage(picked)}
            </Alert>
          )}
          <ReconciliationTable rows={data.rows} {...props} />
          <ReturnPagination
            count={data.count}
            pageSize={RECONCILIATION_PAGE_SIZE}
            page={props.page}
            onChange={props.onPage}
          />
        </Stack>
      )}
    </ReturnBody>
  );
}
