/** A document's e-invoice state in the books (issue 24). */
export const EINVOICE_STATES = [
  "needsIrn",
  "exported",
  "registered",
  "cancelled",
  "notApplicable",
] as const;
export type EInvoiceState = (typeof EINVOICE_STATES)[number];

/** IRN cancellation reasons (returns-reference §4.2; the e-way bill's differ in order). */
export const EINVOICE_CANCEL_REASONS = [
  { code: 1, label: "Duplicate" },
  { code: 2, label: "Data entry mistake" },
  { code: 3, label: "Order cancelled" },
  { code: 4, label: "Others" },
] as const;
export type EInvoiceCancelReason = (typeof EINVOICE_CANCEL_REASONS)[number]["code"];

/** What the IRP answered for one document. */
export interface IrpAcknowledgement {
  irn: string;
  ackNo: string;
  /** As the IRP gives it, "2025-09-16 19:29:00" (India time). */
  ackDate: string;
  signedQrCode: string;
  signedInvoice: string | null;
  /** The document number, from the answer or its signed QR; null when neither carries it. */
  number: string | null;
  docType: string | null;
}

export interface SignedQrPayload {
  SellerGstin?: string;
  BuyerGstin?: string;
  DocNo?: string;
  DocTyp?: string;
  DocDt?: string;
  TotInvVal?: number;
  ItemCnt?: number;
  MainHsnCode?: string;
  Irn?: string;
  IrnDt?: string;
}

function base64UrlToText(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The payload of the IRP's signed QR (a JWT whose `data` claim is the JSON text of SellerGstin,
 * BuyerGstin, DocNo, DocTyp, DocDt, TotInvVal, ItemCnt, MainHsnCode, Irn and IrnDt), or null when
 * the text is not such a token. The signature is NIC's; checking it needs NIC's public key.
 */
export function decodeSignedQr(token: string): SignedQrPayload | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = JSON.parse(base64UrlToText(parts[1])) as { data?: unknown };
    const data = typeof claims.data === "string" ? JSON.parse(claims.data) : claims.data;
    return data && typeof data === "object" ? (data as SignedQrPayload) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number" && Number.isFinite(value)
      ? String(value)
      : null;

function readOne(value: unknown): IrpAcknowledgement | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  // IC's and the API's envelope: { success, result: {...} }; the bulk tool's rows are flat.
  const inner =
    record.result && typeof record.result === "object"
      ? (record.result as Record<string, unknown>)
      : record;
  const irn = text(inner.Irn ?? inner.irn ?? inner.IRN);
  const ackNo = text(inner.AckNo ?? inner.ackNo ?? inner["Ack No"]);
  const ackDate = text(inner.AckDt ?? inner.ackDt ?? inner["Ack Date"]);
  const signedQrCode = text(inner.SignedQRCode ?? inner.signedQRCode ?? inner["Signed QR Code"]);
  if (!irn || !ackNo || !ackDate || !signedQrCode) return null;
  const qr = decodeSignedQr(signedQrCode);
  const docDetails = (inner.DocDtls ?? record.DocDtls) as Record<string, unknown> | undefined;
  return {
    irn: irn.toLowerCase(),
    ackNo,
    ackDate,
    signedQrCode,
    signedInvoice: text(inner.SignedInvoice),
    number: text(inner.DocNo ?? docDetails?.No ?? qr?.DocNo),
    docType: text(inner.DocTyp ?? docDetails?.Typ ?? qr?.DocTyp),
  };
}

/**
 * The acknowledgements in an IRP answer: one object, an array of them, or an object holding a list
 * (`data`, `results`). Entries without IRN, Ack No, Ack Date and signed QR are left out.
 */
export function parseIrpResponse(value: unknown): IrpAcknowledgement[] {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === "object" && Array.isArray((value as { data?: unknown }).data)
      ? ((value as { data: unknown[] }).data as unknown[])
      : value &&
          typeof value === "object" &&
          Array.isArray((value as { results?: unknown }).results)
        ? ((value as { results: unknown[] }).results as unknown[])
        : [value];
  return list.flatMap((entry) => {
    const found = readOne(entry);
    return found ? [found] : [];
  });
}
