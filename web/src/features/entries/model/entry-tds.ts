import type { Paise, VoucherType } from "@bahi/domain";
import { computeDocumentForm } from "./document-form.ts";
import type { EntryContext, StoredEntry } from "./entry-context.ts";
import type { EntryForm } from "./entry-form.ts";

/** An entry's deduction (issue 39): `tds: { section, rate, baseAmount, amount }` in the payload. */
export interface EntryTds {
  section: string;
  rate: number;
  baseAmount: number;
  amount: number;
  accountId?: string | undefined;
  certificateBaseAmount?: number | undefined;
  /** When the tax was deductible, if it is deducted later (s.201(1A)(i), decision 400). */
  deductibleOn?: string | undefined;
}

/** The types whose entries may carry TDS (the server's schemas: purchases, payments, journal). */
export const TDS_ENTRY_TYPES: ReadonlySet<VoucherType> = new Set<VoucherType>([
  "purchases",
  "payments",
  "journalEntry",
]);

export function carriesTds(type: VoucherType): boolean {
  return TDS_ENTRY_TYPES.has(type);
}

/** Who is credited and by how much (before GST), as the suggestion asks: null when not yet known. */
export function tdsCreditOf(
  form: EntryForm,
  context: Pick<EntryContext, "type" | "organisation">,
): { accountId: string; amountPaise: Paise } | null {
  if (form.kind === "document") {
    if (!form.cashOrDebtorAccountId) return null;
    const { computed } = computeDocumentForm(form, context.type, context.organisation);
    return computed
      ? { accountId: form.cashOrDebtorAccountId, amountPaise: computed.grossPaise }
      : null;
  }
  if (form.kind === "settlement") {
    const lines = form.lines.filter((line) => line.accountId && line.amountPaise > 0);
    const single = lines.length === 1 ? lines[0] : undefined;
    return single?.accountId
      ? { accountId: single.accountId, amountPaise: single.amountPaise }
      : null;
  }
  if (form.kind === "journal") {
    const credited = form.lines.find((line) => line.accountId && line.creditPaise > 0);
    return credited?.accountId
      ? { accountId: credited.accountId, amountPaise: credited.creditPaise }
      : null;
  }
  return null;
}

/** The stored entry's `tds`, when it has one (an edit keeps it). */
export function readEntryTds(entry: StoredEntry): EntryTds | null {
  const tds = (entry as Record<string, unknown>).tds as Record<string, unknown> | undefined;
  if (!tds || typeof tds.section !== "string") return null;
  return {
    section: tds.section,
    rate: Number(tds.rate ?? 0),
    baseAmount: Number(tds.baseAmount ?? 0),
    amount: Number(tds.amount ?? 0),
    ...(typeof tds.accountId === "string" ? { accountId: tds.accountId } : {}),
    ...(typeof tds.certificateBaseAmount === "number"
      ? { certificateBaseAmount: tds.certificateBaseAmount }
      : {}),
    ...(typeof tds.deductibleOn === "string" ? { deductibleOn: tds.deductibleOn } : {}),
  };
}
