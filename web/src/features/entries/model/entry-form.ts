import {
  ENTRY_INPUT_SCHEMAS,
  getVoucherDefinition,
  type VoucherFamily,
  type VoucherType,
} from "@bahi/domain";
import {
  type FieldErrors,
  type SafeParser,
  validateWith,
} from "../../../components/form-validation.ts";
import {
  buildJournalPayload,
  buildSettlementPayload,
  buildTransferPayload,
  emptyJournalForm,
  emptySettlementForm,
  emptyTransferForm,
  type JournalForm,
  journalFormFromEntry,
  journalLineIndexes,
  type SettlementForm,
  settlementFormFromEntry,
  settlementLineIndexes,
  type TransferForm,
  transferFormFromEntry,
} from "./account-forms.ts";
import {
  buildDocumentPayload,
  computeDocumentForm,
  type DocumentForm,
  documentFormFromEntry,
  emptyDocumentForm,
  mapDocumentErrorPath,
  type NamedRecords,
} from "./document-form.ts";
import type { EntryContext, EntryMode, StoredEntry } from "./entry-context.ts";
import { carriesTds, type EntryTds, readEntryTds } from "./entry-tds.ts";

/** Purchases, payments and journals may carry a TDS deduction (issue 39, entry-tds.ts). */
export type EntryForm = (DocumentForm | SettlementForm | TransferForm | JournalForm) & {
  tds?: EntryTds | null;
};

export type EntryFormKind = EntryForm["kind"];

// The form of each payload family: a family added to the registry without its form fails
// type-checking.
const FORM_KIND_BY_FAMILY: Readonly<Record<VoucherFamily, EntryFormKind>> = {
  document: "document",
  settlement: "settlement",
  transfer: "transfer",
  journal: "journal",
};

/** Which form a type uses: its payload family's (the registry's). */
export function selectEntryFormKind(type: VoucherType): EntryFormKind {
  return FORM_KIND_BY_FAMILY[getVoucherDefinition(type).family];
}

export function emptyEntryForm(context: EntryContext): EntryForm {
  switch (selectEntryFormKind(context.type)) {
    case "document":
      return emptyDocumentForm(context);
    case "settlement":
      return emptySettlementForm(context);
    case "transfer":
      return emptyTransferForm(context);
    case "journal":
      return emptyJournalForm(context);
  }
}

/** A stored entry (or a template's draft) as a form; `copy` drops its identity. */
export function entryFormFromStored(
  entry: StoredEntry,
  context: EntryContext,
  names: NamedRecords,
  options: { copy: boolean },
): EntryForm {
  const form = formFromStored(entry, context, names, options);
  const tds = carriesTds(context.type) && !options.copy ? readEntryTds(entry) : null;
  return tds ? { ...form, tds } : form;
}

function formFromStored(
  entry: StoredEntry,
  context: EntryContext,
  names: NamedRecords,
  options: { copy: boolean },
): EntryForm {
  switch (selectEntryFormKind(context.type)) {
    case "document":
      return documentFormFromEntry(entry, context, names, options);
    case "settlement":
      return settlementFormFromEntry(
        entry,
        context as EntryContext & { type: "receipts" | "payments" },
        options,
      );
    case "transfer":
      return transferFormFromEntry(entry, context, options);
    case "journal":
      return journalFormFromEntry(entry, context, options);
  }
}

export interface PayloadOptions {
  mode: EntryMode;
  entryId?: string;
  version?: number;
}

export function buildEntryPayload(
  form: EntryForm,
  context: EntryContext,
  options: PayloadOptions,
): Record<string, unknown> {
  const payload = buildFamilyPayload(form, context, options);
  return form.tds && carriesTds(context.type) ? { ...payload, tds: form.tds } : payload;
}

function buildFamilyPayload(
  form: EntryForm,
  context: EntryContext,
  options: PayloadOptions,
): Record<string, unknown> {
  switch (form.kind) {
    case "document":
      return buildDocumentPayload(form, context, options);
    case "settlement":
      return buildSettlementPayload(
        form,
        context as EntryContext & { type: "receipts" | "payments" },
        options,
      );
    case "transfer":
      return buildTransferPayload(form, context, options);
    case "journal":
      return buildJournalPayload(form, context, options);
  }
}

/** A payload path in the form's terms: lists skip blank lines, so indexes differ on screen. */
export function mapEntryErrorPath(
  form: EntryForm,
  path: string,
  { type, organisation }: Pick<EntryContext, "type" | "organisation">,
): string {
  switch (form.kind) {
    case "document":
      return mapDocumentErrorPath(path, computeDocumentForm(form, type, organisation).lines);
    case "settlement":
      return mapEntriesPath(path, settlementLineIndexes(form));
    case "journal":
      return mapEntriesPath(path, journalLineIndexes(form));
    case "transfer":
      return path;
  }
}

function mapEntriesPath(path: string, indexes: readonly number[]): string {
  const match = /^entries\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  return `entries.${indexes[Number(match[1])] ?? match[1]}${match[2] ?? ""}`;
}

export type EntryValidation =
  | { ok: true; payload: Record<string, unknown> }
  | { ok: false; errors: FieldErrors; message: string };

/**
 * Checks the payload with the schema the server uses (ENTRY_INPUT_SCHEMAS), so the person sees
 * the server's own words before anything is sent; the errors come back by the form's paths.
 */
export function validateEntryForm(
  form: EntryForm,
  context: EntryContext,
  options: PayloadOptions,
): EntryValidation {
  const payload = buildEntryPayload(form, context, options);
  if (form.kind === "document") {
    const { error } = computeDocumentForm(form, context.type, context.organisation);
    if (error)
      return { ok: false, errors: { [error.path]: error.message }, message: error.message };
  }
  const schemas = ENTRY_INPUT_SCHEMAS[context.type];
  const schema: SafeParser<unknown> = options.mode === "edit" ? schemas.edit : schemas.add;
  const result = validateWith(schema, payload);
  if (result.ok) return { ok: true, payload };
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(result.errors)) {
    if (message) errors[mapEntryErrorPath(form, path, context)] ??= message;
  }
  const message = Object.values(errors)[0] ?? "Please correct the entry.";
  return { ok: false, errors, message };
}
