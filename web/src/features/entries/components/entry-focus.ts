import type { FocusPlan } from "../keyboard/line-navigation.ts";
import { balancingJournalLine, emptySettlementLine } from "../model/account-forms.ts";
import { emptyItemLine, isBlankItemLine } from "../model/document-form.ts";
import type { EntryForm } from "../model/entry-form.ts";
import { journalStop } from "./AccountVoucherSections.tsx";
import { ITEM_LINE_STOPS, itemStop } from "./ItemLinesTable.tsx";
import { billStop, settlementStop } from "./SettlementSection.tsx";

/** Where Enter goes on this form (line-navigation): the header, each line's stops, what follows. */
export function planFocus(form: EntryForm): FocusPlan {
  switch (form.kind) {
    case "document":
      return {
        before: ["date", "invoiceNumber", "party"],
        rows: form.itemLines.map((_, row) =>
          ITEM_LINE_STOPS.map((column) => itemStop(column, row)),
        ),
        rowBlank: form.itemLines.map(isBlankItemLine),
        after: ["narration"],
      };
    case "settlement":
      return {
        before: ["date", "cashBank"],
        rows: form.lines.map((line, row) => [
          settlementStop("account", row),
          settlementStop("amount", row),
          ...line.allocations.map((_, bill) => billStop(row, bill)),
        ]),
        rowBlank: form.lines.map((line) => line.accountId === null && line.amountPaise === 0),
        after: ["narration"],
      };
    case "transfer":
      return {
        before: ["date", "from", "to", "amount"],
        rows: [],
        rowBlank: [],
        after: ["narration"],
      };
    case "journal":
      return {
        before: ["date"],
        rows: form.lines.map((_, row) => [
          journalStop("account", row),
          journalStop("debit", row),
          journalStop("credit", row),
        ]),
        rowBlank: form.lines.map(
          (line) => line.accountId === null && line.debitPaise === 0 && line.creditPaise === 0,
        ),
        after: ["narration"],
      };
  }
}

/** Adds a line to the form; the stop of its first field. */
export function addLineTo(form: EntryForm): { form: EntryForm; stop: string | null } {
  switch (form.kind) {
    case "document": {
      const row = form.itemLines.length;
      return {
        form: { ...form, itemLines: [...form.itemLines, emptyItemLine()] },
        stop: itemStop("item", row),
      };
    }
    case "settlement": {
      const row = form.lines.length;
      return {
        form: { ...form, lines: [...form.lines, emptySettlementLine()] },
        stop: settlementStop("account", row),
      };
    }
    case "journal": {
      const row = form.lines.length;
      return {
        form: { ...form, lines: [...form.lines, balancingJournalLine(form)] },
        stop: journalStop("account", row),
      };
    }
    case "transfer":
      return { form, stop: null };
  }
}
