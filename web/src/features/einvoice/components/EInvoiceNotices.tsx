import { Alert, List } from "@mantine/core";
import { Link } from "react-router";
import type { Refusal } from "../einvoice.model.ts";

/** What the screen says above the table: the offline route, e-invoicing off, a refusal. */
export function EInvoiceNotices({
  eInvoiceFrom,
  settingsPath,
  refusal,
  onCloseRefusal,
}: {
  eInvoiceFrom: string | null;
  settingsPath: string;
  refusal: Refusal | null;
  onCloseRefusal: () => void;
}) {
  return (
    <>
      <Alert color="blue" title="Offline route">
        Bahi has no direct connection to the IRP: download the JSON, upload it on the IRP
        (einvoice1.gst.gov.in, bulk upload) or its offline tool, then import its answer here (the
        JSON, or the Excel list of generated IRNs with the signed QR code). The IRN, Ack No and
        signed QR code then print on the invoice. Cancel on the IRP within 24 hours and record it
        here.
      </Alert>
      {!eInvoiceFrom && (
        <Alert color="yellow" title="E-invoicing is not on">
          Set the date it applies from in <Link to={settingsPath}>Organisation settings</Link>.
        </Alert>
      )}
      {refusal && (
        <Alert color="red" title={refusal.message} withCloseButton onClose={onCloseRefusal}>
          <List size="sm">
            {refusal.lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
