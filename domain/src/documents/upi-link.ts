import { formatAmount } from "../money/format-amount.ts";
import type { Paise } from "../money/paise.ts";

/** NPCI's per-transaction limit for an ordinary UPI payment: ₹1,00,000 (returns-reference 5.2). */
export const UPI_TRANSACTION_LIMIT_PAISE: Paise = 1_00_000_00;

// NPCI's linking spec wants spaces as %20, never '+', which some apps show literally.
function encodeUpiValue(value: string): string {
  return encodeURIComponent(value);
}

/**
 * The organisation's `qrText` (`upi://pay?pa=…&pn=…`) completed for one document: the note
 * `tn=<number>`, `cu=INR`, and `am=<pending>` while the pending amount is above zero and within the
 * UPI per-transaction limit. null when qrText is not a UPI payment link with a payee address.
 */
export function buildUpiPaymentLink(
  qrText: string,
  documentNumber: string,
  pendingPaise: Paise,
): string | null {
  const text = qrText.trim();
  const match = /^upi:\/\/pay\?(.*)$/i.exec(text);
  if (!match) return null;
  const params = new Map<string, string>();
  for (const part of (match[1] ?? "").split("&")) {
    if (part === "") continue;
    const at = part.indexOf("=");
    const key = (at < 0 ? part : part.slice(0, at)).toLowerCase();
    const raw = at < 0 ? "" : part.slice(at + 1);
    let value: string;
    try {
      value = decodeURIComponent(raw.replaceAll("+", " "));
    } catch {
      value = raw;
    }
    params.set(key, value);
  }
  if (!params.get("pa")) return null;
  params.delete("am");
  params.set("tn", documentNumber);
  params.set("cu", "INR");
  if (pendingPaise > 0 && pendingPaise <= UPI_TRANSACTION_LIMIT_PAISE) {
    params.set("am", formatAmount(pendingPaise).replaceAll(",", ""));
  }
  const query = [...params].map(([key, value]) => `${key}=${encodeUpiValue(value)}`).join("&");
  return `upi://pay?${query}`;
}
