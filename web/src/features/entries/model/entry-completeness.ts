import { type JournalForm, journalTotals, type SettlementForm } from "./account-forms.ts";
import { type DocumentForm, describeDocumentFields, readQuantity } from "./document-form.ts";
import type { EntryContext } from "./entry-context.ts";
import { type EntryForm, type PayloadOptions, validateEntryForm } from "./entry-form.ts";

// Issue 40: Ctrl+A (spec 2.6: Save & New) pressed inside a text box saves a complete entry at
// once, as anywhere else, and asks first only when the entry looks unfinished: what the person
// may have meant is "select all" in the middle of typing. Unfinished is what the schema refuses
// and what it lets through but a person rarely means: a line typed without its item or account
// (it would be dropped), a line without an amount, no party, an unbalanced journal.

/** What is missing or half-typed, in the words the question shows; empty: the entry is complete. */
export function findIncompleteParts(
  form: EntryForm,
  context: EntryContext,
  options: PayloadOptions,
): string[] {
  const parts = describeMissing(form, context);
  if (parts.length > 0) return parts;
  const validation = validateEntryForm(form, context, options);
  return validation.ok ? [] : [validation.message];
}

function describeMissing(form: EntryForm, context: EntryContext): string[] {
  switch (form.kind) {
    case "document":
      return missingInDocument(form, context);
    case "settlement":
      return missingInSettlement(form);
    case "transfer":
      return [
        ...(form.fromAccountId ? [] : ["No account to pay from is chosen."]),
        ...(form.toAccountId ? [] : ["No account to receive in is chosen."]),
        ...(form.amountPaise > 0 ? [] : ["No amount is entered."]),
      ];
    case "journal":
      return missingInJournal(form);
  }
}

function missingInDocument(form: DocumentForm, context: EntryContext): string[] {
  const parts: string[] = [];
  const party = describeDocumentFields(context.type).partySide;
  if (!form.cashOrDebtorAccountId) parts.push(`No ${party} is chosen.`);
  let filledLines = 0;
  form.itemLines.forEach((line, index) => {
    const typed =
      line.quantity.trim() !== "" ||
      line.ratePaise !== 0 ||
      line.description.trim() !== "" ||
      line.discount.trim() !== "";
    if (line.itemId === null) {
      if (typed) parts.push(`Line ${index + 1} has no item.`);
      return;
    }
    const quantity = readQuantity(line.quantity);
    if (!(quantity > 0) || line.ratePaise <= 0) {
      parts.push(`Line ${index + 1} (${line.itemName}) has no amount.`);
      return;
    }
    filledLines += 1;
  });
  form.accountLines.forEach((line, index) => {
    if (line.accountId === null) {
      if (line.amountPaise !== 0) parts.push(`Charge line ${index + 1} has no account.`);
      return;
    }
    if (line.amountPaise === 0) {
      parts.push(`Charge line ${index + 1} has no amount.`);
      return;
    }
    filledLines += 1;
  });
  if (filledLines === 0 && parts.every((part) => !part.startsWith("Line"))) {
    parts.push("No item or charge is entered.");
  }
  return parts;
}

function missingInSettlement(form: SettlementForm): string[] {
  const parts: string[] = [];
  if (!form.cashBankAccountId) parts.push("No cash or bank account is chosen.");
  let filledLines = 0;
  form.lines.forEach((line, index) => {
    if (line.accountId === null) {
      if (line.amountPaise !== 0) parts.push(`Line ${index + 1} has no account.`);
      return;
    }
    if (line.amountPaise <= 0) {
      parts.push(`Line ${index + 1} has no amount.`);
      return;
    }
    filledLines += 1;
  });
  if (filledLines === 0 && parts.every((part) => !part.startsWith("Line"))) {
    parts.push("No account and amount is entered.");
  }
  return parts;
}

function missingInJournal(form: JournalForm): string[] {
  const parts: string[] = [];
  let filledLines = 0;
  form.lines.forEach((line, index) => {
    const amount = line.debitPaise + line.creditPaise;
    if (line.accountId === null) {
      if (amount !== 0) parts.push(`Line ${index + 1} has no account.`);
      return;
    }
    if (amount === 0) {
      parts.push(`Line ${index + 1} has no amount.`);
      return;
    }
    filledLines += 1;
  });
  if (filledLines < 2 && parts.length === 0) parts.push("A journal needs two lines at least.");
  const { differencePaise } = journalTotals(form);
  if (differencePaise !== 0) parts.push("Debits and credits differ.");
  return parts;
}
