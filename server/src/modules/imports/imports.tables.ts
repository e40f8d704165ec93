// The tables of the imports module (migration 0070), added to the database's type here so that
// the module keeps its tables beside its code.

export interface ImportRequestsTable {
  organisation_id: string;
  id: string;
  type: string;
  year: string;
  account_id: string | null;
  file_name: string;
  layout: string;
  header_row: number;
  mapping: string;
  state: string;
  line_count: number;
  duplicate_count: number;
  problems: string;
  balance_break: string | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface BankImportEntriesTable {
  organisation_id: string;
  id: string;
  import_request_id: string;
  account_id: string;
  row_number: number;
  date: string;
  narration: string;
  reference: string;
  amount_paise: number;
  balance_paise: number | null;
  duplicate: 0 | 1;
  include_duplicate: 0 | 1;
  state: string;
  voucher_type: string;
  counter_account_id: string | null;
  confidence: number;
  reason: string;
  bill_wise: string;
  voucher_id: string | null;
  /** Issue 40 (migration 0161): the hand-entered voucher this line already is, as JSON. */
  in_books: string | null;
  created_at: string;
  updated_at: string;
}

export interface BankStatementLayoutsTable {
  organisation_id: string;
  account_id: string;
  header_row: number;
  headers: string;
  mapping: string;
  updated_at: string;
}

export interface BankLearnedWordsTable {
  organisation_id: string;
  word: string;
  account_id: string;
  uses: number;
}

export interface ImportedVouchersTable {
  organisation_id: string;
  fingerprint: string;
  voucher_id: string;
  voucher_type: string;
  created_at: string;
}

declare module "../../db/schema.ts" {
  interface Database {
    imported_vouchers: ImportedVouchersTable;
    import_requests: ImportRequestsTable;
    bank_import_entries: BankImportEntriesTable;
    bank_statement_layouts: BankStatementLayoutsTable;
    bank_learned_words: BankLearnedWordsTable;
  }
}
