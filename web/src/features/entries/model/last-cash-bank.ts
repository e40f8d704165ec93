import type { EntryForm } from "./entry-form.ts";

// "Received In" and "Paid From" start at the cash or bank account the user last saved a receipt or
// payment with, in this organisation (issue 25; Tally keeps the last one too). Kept in this
// browser: a preference of the person at the keyboard, not a fact of the books.

const KEY = "bahi:last-cash-bank";

function storageKey(organisationId: string, type: string): string {
  return `${KEY}:${organisationId}:${type}`;
}

export function rememberCashBank(organisationId: string, type: string, form: EntryForm): void {
  if (form.kind !== "settlement" || !form.cashBankAccountId) return;
  try {
    localStorage.setItem(storageKey(organisationId, type), form.cashBankAccountId);
  } catch {
    // Storage full or refused (private mode): the default is a convenience only.
  }
}

/** A new receipt or payment with no cash or bank account yet takes the last one used. */
export function withLastCashBank<F extends EntryForm>(
  form: F,
  organisationId: string,
  type: string,
): F {
  if (form.kind !== "settlement" || form.cashBankAccountId !== null) return form;
  let last: string | null = null;
  try {
    last = localStorage.getItem(storageKey(organisationId, type));
  } catch {
    last = null;
  }
  return last ? { ...form, cashBankAccountId: last } : form;
}
