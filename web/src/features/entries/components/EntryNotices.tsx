import {
  buildConversionPath,
  buildVoucherScreenPath,
  formatAmount,
  getVoucherDefinition,
  isInvoiceStatus,
  isSettlementAllowed,
  labelInvoiceStatus,
  rupeesToPaise,
  type VoucherType,
} from "@bahi/domain";
import { Alert, Anchor, Badge, Button, Group, Text } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { notify } from "../../../app/notify.tsx";
import { formatInstant } from "../../lists/format-values.ts";
import { buildSettlementPath } from "../entry-paths.ts";
import { readString, type StoredEntry } from "../model/entry-context.ts";

interface Scope {
  organisationId: string;
  year: string;
}

/**
 * An invoice's or bill's payment status (spec 4: 'Partly Received' on sales, 'Partly Paid' on
 * purchases) with Create Receipt / Create Payment, refused with the spec's toast once settled.
 */
export function SettlementStatus({
  type,
  entry,
  scope,
}: {
  type: VoucherType;
  entry: StoredEntry;
  scope: Scope;
}) {
  const navigate = useNavigate();
  const definition = getVoucherDefinition(type);
  const settlement = definition.settlement;
  const status = readString(entry, "status");
  if (!settlement || !definition.partySide || !isInvoiceStatus(status)) return null;
  const into = getVoucherDefinition(settlement.into);
  const pending = typeof entry.pendingAmt === "number" ? entry.pendingAmt : null;
  return (
    <Group gap="sm">
      <Badge
        size="lg"
        variant="light"
        color={status === "pending" ? "red" : status === "partial" ? "orange" : "green"}
        data-testid="invoice-status"
      >
        {labelInvoiceStatus(status, definition.partySide)}
      </Badge>
      {pending !== null && <Text size="sm">Pending: {formatAmount(rupeesToPaise(pending))}</Text>}
      <Button
        size="xs"
        variant="light"
        onClick={() => {
          if (!isSettlementAllowed(status)) {
            notify({
              type: "danger",
              title: settlement.refusal.title,
              message: settlement.refusal.message,
            });
            return;
          }
          navigate(buildSettlementPath(scope, type, readString(entry, "_id")));
        }}
      >
        Create {into.titles.singular}
      </Button>
    </Group>
  );
}

/** Create Invoice / Create Purchase from a quotation, order or challan, and where it went. */
export function ConversionActions({
  type,
  entry,
  scope,
}: {
  type: VoucherType;
  entry: StoredEntry;
  scope: Scope;
}) {
  const conversion = getVoucherDefinition(type).conversions[0];
  if (!conversion) return null;
  const into = getVoucherDefinition(conversion.into);
  const convertedTo = readString(entry, "convertedToId");
  if (convertedTo) {
    return (
      <Text size="sm">
        Converted into{" "}
        <Anchor
          component={Link}
          to={buildVoucherScreenPath(scope, conversion.into, { screen: "edit", id: convertedTo })}
        >
          {into.titles.singular}
        </Anchor>
        .
      </Text>
    );
  }
  return (
    <Group>
      <Button
        size="xs"
        variant="light"
        component={Link}
        to={buildConversionPath(scope, type, readString(entry, "_id"))}
      >
        Create {conversion.into === "salesInvoice" ? "Invoice" : into.titles.singular}
      </Button>
    </Group>
  );
}

/** An old version, read-only, with the way to the current one (spec 4 "Entries"). */
export function OldVersionNotice({
  type,
  entry,
  entryId,
  scope,
}: {
  type: VoucherType;
  entry: StoredEntry;
  entryId: string;
  scope: Scope;
}) {
  const version = typeof entry.version === "number" ? entry.version : null;
  const current = typeof entry.currentVersion === "number" ? entry.currentVersion : null;
  const savedAt = readString(entry, "savedAt");
  const isCurrent = entry.isCurrent === true;
  // A deleted entry has no current version to open (issue 25).
  const deleted = entry.deleted === true;
  return (
    <Alert color="gray" variant="light" title={`Version ${version ?? ""} (read-only)`}>
      <Group justify="space-between">
        <Text size="sm">
          {deleted
            ? "This entry has been deleted."
            : isCurrent
              ? "This is the current version."
              : "This is an older version of the entry."}
          {savedAt ? ` Saved ${formatInstant(savedAt)}.` : ""}
        </Text>
        {!deleted && (
          <Anchor
            component={Link}
            to={buildVoucherScreenPath(scope, type, { screen: "edit", id: entryId })}
          >
            Open the current version{current ? ` (version ${current})` : ""}
          </Anchor>
        )}
      </Group>
    </Alert>
  );
}

/** The document a new invoice or purchase is being made from (spec 2.6). */
export function SourceNotice({
  sourceType,
  source,
}: {
  sourceType: VoucherType;
  source: StoredEntry;
}) {
  const number = readString(source, "number");
  return (
    <Alert color="blue" variant="light">
      Made from {getVoucherDefinition(sourceType).titles.singular} {number}: its party and lines are
      filled in below.
    </Alert>
  );
}

interface EntryEInvoice {
  state: "exported" | "registered" | "cancelled";
  irn: string;
  ackNo: string | null;
  ackDate: string | null;
}

/** Issue 24: the voucher's IRN and acknowledgement, and why it can no longer be edited. */
export function EInvoiceNotice({ entry }: { entry: StoredEntry }) {
  const eInvoice = (entry as { eInvoice?: EntryEInvoice | null }).eInvoice;
  if (!eInvoice || eInvoice.state === "exported") return null;
  const registered = eInvoice.state === "registered";
  return (
    <Alert
      color={registered ? "green" : "gray"}
      title={registered ? "E-invoice registered with the IRP" : "E-invoice IRN cancelled"}
    >
      <Text size="sm" style={{ wordBreak: "break-all" }}>
        IRN {eInvoice.irn}
      </Text>
      {eInvoice.ackNo && (
        <Text size="sm">
          Ack No {eInvoice.ackNo} · Ack Date {eInvoice.ackDate}
        </Text>
      )}
      {registered && (
        <Text size="sm">
          It cannot be edited or deleted: cancel the IRN within 24 hours, or amend it by a note.
        </Text>
      )}
    </Alert>
  );
}
