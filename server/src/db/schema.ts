/**
 * Table types for Kysely, one interface per table, kept in step with migrations/.
 * Instants are ISO-8601 UTC strings (`..._at`), civil dates 'YYYY-MM-DD' strings, money integer
 * paise, flags 0/1 integers, JSON documents text.
 */
export interface Database {
  client_error_reports: ClientErrorReportsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  auth_limits: AuthLimitsTable;
  organisations: OrganisationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  api_keys: ApiKeysTable;
  audit_logs: AuditLogsTable;
  audit_trail: AuditTrailTable;
  accounts: AccountsTable;
  outbox_messages: OutboxMessagesTable;
  items: ItemsTable;
  custom_fields: CustomFieldsTable;
  master_versions: MasterVersionsTable;
  gstin_records: GstinRecordsTable;
  closing_stock: ClosingStockTable;
  vouchers: VouchersTable;
  voucher_versions: VoucherVersionsTable;
  postings: PostingsTable;
  account_balances: AccountBalancesTable;
  voucher_totals: VoucherTotalsTable;
  stock_movements: StockMovementsTable;
  item_stock_balances: ItemStockBalancesTable;
  item_stock_years: ItemStockYearsTable;
  stock_versions: StockVersionsTable;
  stored_files: StoredFilesTable;
  import_progress: ImportProgressTable;
  job_runs: JobRunsTable;
  rate_limit_counts: RateLimitCountsTable;
  server_secrets: ServerSecretsTable;
  bill_allocations: BillAllocationsTable;
  lock_periods: LockPeriodsTable;
  entry_templates: EntryTemplatesTable;
  change_events: ChangeEventsTable;
  gst_return_filings: GstReturnFilingsTable;
  gst_return_documents: GstReturnDocumentsTable;
  gst_return_lines: GstReturnLinesTable;
  gst_return_fact_months: GstReturnFactMonthsTable;
  gst_return_sums: GstReturnSumsTable;
  message_templates: MessageTemplatesTable;
  document_links: DocumentLinksTable;
  gstr2b_imports: Gstr2bImportsTable;
  gstr2b_documents: Gstr2bDocumentsTable;
  einvoice_documents: EInvoiceDocumentsTable;
  eway_bills: EwayBillsTable;
  tds_entries: TdsEntriesTable;
  tds_challans: TdsChallansTable;
  tds_challan_entries: TdsChallanEntriesTable;
}

/** The TDS facts of a saved voucher (migration 0110, decision 300): what it credits a deductee under a section. */
export interface TdsEntriesTable {
  organisation_id: string;
  voucher_id: string;
  voucher_type: string;
  party_account_id: string;
  section: string;
  date: string;
  /** What the voucher credits the deductee, before GST. */
  credit_paise: number;
  /** What tax was worked on (0 when none was deducted). */
  base_paise: number;
  tds_paise: number;
  rate_bp: number;
  certificate_base_paise: number;
  /** When the tax was deductible, if before the deduction's date (migration 0190). */
  deductible_on: string | null;
}

/** A TDS deposit (challan 281), one section each (migration 0110). */
export interface TdsChallansTable {
  organisation_id: string;
  id: string;
  date: string;
  bsr_code: string;
  challan_serial: string;
  section: string;
  tax_paise: number;
  interest_paise: number;
  fee_paise: number;
  bank_account_id: string;
  /** The payment voucher that posts it. */
  voucher_id: string;
  created_at: string;
  created_by: string;
}

/** Which challan paid a voucher's deduction (migration 0110). */
export interface TdsChallanEntriesTable {
  organisation_id: string;
  voucher_id: string;
  challan_id: string;
}

/** Email and WhatsApp templates (issue 22, migration 0085). */
export interface MessageTemplatesTable {
  organisation_id: string;
  id: string;
  channel: "email" | "whatsapp";
  name: string;
  name_key: string;
  type: string;
  subject: string | null;
  template: string;
  /** The type's default, which the send dialogs open with (migration 0200). */
  is_default: Flag;
  version: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A signed link to a document's PDF (issue 22, migration 0080); only the token's hash is kept. */
export interface DocumentLinksTable {
  organisation_id: string;
  id: string;
  token_hash: string;
  entry_id: string;
  transaction_type: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  last_opened_at: string | null;
  open_count: number;
}

/** An imported GSTR-2B month (issue 20, migration 0065). */
export interface Gstr2bImportsTable {
  organisation_id: string;
  id: string;
  return_period: string;
  start_date: string;
  end_date: string;
  gstin: string;
  generated_on: string | null;
  file_name: string;
  document_count: number;
  imported_at: string;
  imported_by: string;
}

/** One document of an imported GSTR-2B, with the user's link to a bill if any. */
export interface Gstr2bDocumentsTable {
  organisation_id: string;
  id: string;
  import_id: string;
  /** First day of the 2B's month. */
  start_date: string;
  section: string;
  supplier_gstin: string | null;
  supplier_name: string;
  number: string;
  date: string;
  side: "invoice" | "credit";
  document_type: string | null;
  original_number: string | null;
  original_date: string | null;
  value_paise: number;
  taxable_paise: number;
  igst_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  cess_paise: number;
  pos: string | null;
  reverse_charge: Flag;
  itc_available: "Y" | "N" | "T" | null;
  itc_reason: string | null;
  ims_action: string | null;
  port_code: string | null;
  supplier_filed_on: string | null;
  supplier_period: string | null;
  link_entry_id: string | null;
  link_kind: "manual" | "accepted" | "rejected" | null;
  linked_at: string | null;
  linked_by: string | null;
}

/** A document's life at the IRP (issue 24, migration 0091). */
export interface EInvoiceDocumentsTable {
  organisation_id: string;
  entry_id: string;
  voucher_type: string;
  doc_type: string;
  number: string;
  date: string;
  irn: string;
  state: "exported" | "registered" | "cancelled";
  exported_at: string | null;
  ack_no: string | null;
  ack_date: string | null;
  signed_qr_code: string | null;
  signed_invoice: string | null;
  registered_at: string | null;
  cancelled_at: string | null;
  cancel_reason: number | null;
  cancel_remark: string | null;
  updated_at: string;
}

/** An e-way bill imported from the portal's list, one per document (issue 24, migration 0095). */
export interface EwayBillsTable {
  organisation_id: string;
  voucher_id: string;
  ewb_number: string;
  ewb_date: string;
  valid_until: string | null;
  imported_at: string;
  imported_by: string;
}

/** A live outward voucher's GSTR-1 facts (decision 056, migration 0056). Amounts unsigned. */
export interface GstReturnDocumentsTable {
  organisation_id: string;
  voucher_id: string;
  type: string;
  date: string;
  number: string;
  number_key: string;
  number_upper: string;
  nature: number | null;
  section: string;
  has_taxable: Flag;
  sign: number;
  gstin: string | null;
  value_paise: number;
  taxable_paise: number;
  igst_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  cess_paise: number;
  needs_originals: Flag;
  /** The document's own checks find something with 4 HSN digits asked, with 6 asked. */
  may_warn: Flag;
  may_warn_six: Flag;
  /** GSTR-3B (migration 0058): 3.1(b) rather than (a); the recipient pays the tax. */
  zero_rated: Flag;
  reverse_charge: Flag;
  /** 3.2a, 3.2b or 3.2c when the document is also shown in 3.2; else null. */
  inter_sup: string | null;
  /** The place of supply the return reports. */
  pos: string;
  /** JSON: the ReturnDocument without originalInvoices, with invoiceIds. */
  document: string;
}

/** A valued line of an outward voucher, amounts signed as the return counts them (migration 0056). */
export interface GstReturnLinesTable {
  organisation_id: string;
  voucher_id: string;
  line_no: number;
  date: string;
  number_key: string;
  section: string;
  registered: Flag;
  inter: Flag;
  pos: string;
  kind: string;
  gst_rate: number;
  hsn: string;
  uqc: string;
  hsn_rate: number;
  description: string;
  quantity_milli: number;
  taxable_paise: number;
  igst_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  cess_paise: number;
}

/** A month whose return facts are complete, by which rules and for which GSTIN (migration 0056). */
export interface GstReturnFactMonthsTable {
  organisation_id: string;
  month: string;
  version: number;
  gstin: string;
}

/** A month's GSTR-1 sums by section, Table 8 row, Table 12 row, B2C small bucket (migration 0057). */
export interface GstReturnSumsTable {
  organisation_id: string;
  month: string;
  grp: "section" | "nil" | "hsn" | "b2cs" | "gstr3b";
  key: string;
  count: number;
  quantity_milli: number;
  value_paise: number;
  taxable_paise: number;
  igst_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  cess_paise: number;
}

/** A filed GSTR-1 or IFF (issue 19, migration 0060). */
export interface GstReturnFilingsTable {
  organisation_id: string;
  id: string;
  return_kind: "gstr1" | "iff" | "gstr3b";
  year: string;
  start_date: string;
  end_date: string;
  fp: string;
  arn: string | null;
  filed_at: string;
  filed_by: string;
}

export type Flag = 0 | 1;

export interface ClientErrorReportsTable {
  id: string;
  kind: "not_found" | "frontend_error";
  url: string | null;
  error: string | null;
  error_info: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  password_hash: string | null;
  support_id: string;
  email_verified: Flag;
  mobile_verified: Flag;
  source: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export type VerificationPurpose =
  | "signup"
  | "reset_password"
  | "change_email"
  | "change_mobile"
  | "add_mobile"
  | "verify_mobile"
  | "demo";

export interface VerificationCodesTable {
  id: string;
  user_id: string | null;
  purpose: VerificationPurpose;
  target: string | null;
  code_hash: string | null;
  token_hash: string | null;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  /** What the client was given to name this code (auth's challengeIdFor); null for in-app codes. */
  challenge_id: string | null;
}

/** A guessing or sending limit (migration 0030, docs/security.md). */
export interface AuthLimitsTable {
  key: string;
  count: number;
  window_started_at: string;
  last_at: string | null;
  blocked_until: string | null;
}

export interface OrganisationsTable {
  id: string;
  name: string;
  starting_year: string;
  gstin: string | null;
  state_code: string | null;
  gst_registered: Flag;
  gst_reg_type: string | null;
  gst_reg_status: string | null;
  manage_inventory: Flag;
  bill_wise_entry: Flag;
  billing_address: string | null;
  billing_city: string | null;
  billing_pincode: string | null;
  mainly_deals_in: string | null;
  /** Tax Deduction Account Number (migration 0190): TDS statements, certificates, challans. */
  tan: string | null;
  settings: string;
  owner_user_id: string;
  active: Flag;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface MembershipsTable {
  organisation_id: string;
  user_id: string;
  role: string;
  rights: string;
  active: Flag;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
}

export interface InvitationsTable {
  organisation_id: string;
  id: string;
  email: string;
  role: string;
  rights: string;
  status: "sent" | "accepted" | "rejected" | "revoked";
  invited_by_user_id: string;
  created_at: string;
  responded_at: string | null;
}

export interface ApiKeysTable {
  organisation_id: string;
  id: string;
  key_hash: string;
  key_prefix: string;
  created_by_user_id: string;
  created_at: string;
  deleted_at: string | null;
}

export interface AuditLogsTable {
  organisation_id: string;
  id: string;
  user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  created_at: string;
}

/** The auditor's trail (decision 310): rows are only ever inserted; triggers refuse the rest. */
export interface AuditTrailTable {
  organisation_id: string;
  /** 1, 2, 3… within the organisation: the chain's order. */
  seq: number;
  id: string;
  at: string;
  user_id: string | null;
  /** created, edited, deleted, restored. */
  action: string;
  /** A voucher type ('salesInvoice'), 'account', 'item', 'customField', 'settings', 'lockPeriod'… */
  entity: string;
  entity_id: string;
  /** The voucher's number or the master's name. */
  number: string | null;
  /** JSON: [{ field, before, after }]. */
  changes: string;
  prev_hash: string;
  hash: string;
}

export interface AccountsTable {
  organisation_id: string;
  id: string;
  name: string;
  name_key: string;
  display_name: string | null;
  group_id: number;
  system_key: string | null;
  opening_balance_paise: number;
  gstin: string | null;
  state_code: string | null;
  gst_rate: string | null;
  billing_address: string | null;
  shipping_address: string | null;
  billing_city: string | null;
  billing_pincode: string | null;
  shipping_city: string | null;
  shipping_pincode: string | null;
  mobile: string | null;
  email: string | null;
  pan: string | null;
  tan: string | null;
  gst_type: string | null;
  gst_reg_date: string | null;
  gst_cancel_date: string | null;
  gst_reg_status: string | null;
  gstin_name: string | null;
  rcm_sales: Flag;
  rcm_purchase: Flag;
  /** CGST s.17(5) "ITC not eligible" (migration 0061). */
  itc_not_eligible: Flag;
  /** TDS section (domain TDS_SECTION_CODES), deductee type and certificate JSON (migration 0110). */
  tds_section: string | null;
  deductee_type: string | null;
  lower_deduction_certificate: string | null;
  /** The section this account's TDS facts were last brought up to date for (migration 0190). */
  tds_facts_section: string | null;
  custom_field_values: string;
  active: Flag;
  version: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface OutboxMessagesTable {
  id: string;
  channel: "email" | "sms" | "whatsapp";
  organisation_id: string | null;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  /** pending (queued), sent, failed, or handed: given to the user to send from their own WhatsApp. */
  status: "pending" | "sent" | "failed" | "handed";
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
  /** JSON [{ fileName, contentType, base64 }] or null (migration 0060). */
  attachments: string | null;
  // Migration 0081 (issue 22): delivery, the email log.
  /** The request's key: a second enqueue with the same key queues nothing. */
  idempotency_key: string | null;
  /** JSON [{ entryId, transactionType, number }] the message carries, or null. */
  documents: string | null;
  /** The documents' numbers, comma-separated: what the email log's search reads. */
  document_numbers: string | null;
  account_id: string | null;
  /** The user who sent it; null for the system's own mail (codes, invitations). */
  sent_by: string | null;
  /** The lease: a worker sends the row only while it holds claim_token before claimed_until. */
  claim_token: string | null;
  claimed_until: string | null;
  /** smtp, file, whatsapp-cloud, click-to-chat. */
  delivered_via: string | null;
  provider_message_id: string | null;
  provider_status: string | null;
  /** The message this one resends. */
  resent_from: string | null;
  updated_at: string | null;
  /** Migration 0082: when the retention dropped its attachments (null while kept, or none). */
  files_dropped_at: string | null;
  /** Migration 0083: JSON { customerName, invoiceNumber… } for a WhatsApp template message. */
  placeholder_values: string | null;
  /** Migration 0162 (issue 40): the From display name and Reply-To of an organisation's mail. */
  from_name: string | null;
  reply_to: string | null;
}

export interface ItemsTable {
  organisation_id: string;
  id: string;
  name: string;
  name_key: string;
  description: string | null;
  type: "goods" | "services";
  uom: string | null;
  hsn_code: string | null;
  sac_code: string | null;
  gst_rate: string | null;
  cess_rate: string | null;
  /** CGST s.17(5) "ITC not eligible" (migration 0061). */
  itc_not_eligible: Flag;
  opening_quantity_milli: number;
  opening_value_paise: number;
  selling_price_paise: number;
  sale_discount_centi: number;
  purchase_price_paise: number;
  purchase_discount_centi: number;
  custom_field_values: string;
  active: Flag;
  version: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CustomFieldsTable {
  organisation_id: string;
  id: string;
  name: string;
  name_key: string;
  description: string | null;
  type: string;
  applicable_for: string;
  print_in_pdf: Flag;
  active: Flag;
  version: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface MasterVersionsTable {
  organisation_id: string;
  entity_type: "account" | "item" | "customField";
  entity_id: string;
  version: number;
  action: "created" | "edited" | "deleted" | "activated" | "deactivated";
  document: string;
  user_id: string | null;
  created_at: string;
}

export interface GstinRecordsTable {
  organisation_id: string;
  gstin: string;
  legal_name: string | null;
  trade_name: string | null;
  display_name: string | null;
  registration_type: string | null;
  status: string | null;
  registration_date: string | null;
  cancellation_date: string | null;
  address: string | null;
  state_code: string | null;
  source: string;
  fetched_at: string;
  updated_at: string;
}

export interface ClosingStockTable {
  organisation_id: string;
  account_id: string;
  month: string;
  value_paise: number;
  updated_at: string;
  updated_by_user_id: string | null;
}

export interface VouchersTable {
  organisation_id: string;
  id: string;
  type: string;
  year: string;
  date: string;
  number: string;
  number_key: string;
  party_account_id: string | null;
  party_name: string | null;
  amount_paise: number;
  pending_paise: number | null;
  status: string | null;
  narration: string | null;
  search_text: string;
  document: string;
  source_type: string | null;
  source_id: string | null;
  converted_to_type: string | null;
  converted_to_id: string | null;
  version: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  deleted_at: string | null;
  deleted_by: string | null;
}

export interface VoucherVersionsTable {
  organisation_id: string;
  voucher_id: string;
  version: number;
  action: "created" | "edited" | "deleted" | "restored";
  document: string;
  user_id: string | null;
  created_at: string;
}

export interface PostingsTable {
  organisation_id: string;
  voucher_id: string;
  line_no: number;
  voucher_type: string;
  date: string;
  account_id: string;
  amount_paise: number;
}

export interface AccountBalancesTable {
  organisation_id: string;
  account_id: string;
  month: string;
  debit_paise: number;
  credit_paise: number;
  /** How many postings the month's debits and credits sum (migration 0011). */
  posting_count: number;
}

/** Count and total of the vouchers per (type, year, live or deleted): the unfiltered lists' figures. */
export interface VoucherTotalsTable {
  organisation_id: string;
  type: string;
  year: string;
  deleted: Flag;
  voucher_count: number;
  amount_paise: number;
}

export interface StockMovementsTable {
  organisation_id: string;
  voucher_id: string;
  line_no: number;
  voucher_type: string;
  date: string;
  item_id: string;
  quantity_milli: number;
  value_paise: number;
}

/** The same movements per item and financial year ('2025-26'), for whole years (migration 0015). */
export interface ItemStockYearsTable extends Omit<ItemStockBalancesTable, "month"> {
  year: string;
}

/**
 * A version of each organisation's stock, bumped by every change to a good or a stock movement
 * (migration 0097, decision 028); no row is version 0.
 */
export interface StockVersionsTable {
  organisation_id: string;
  version: number;
}

/** Uploaded files kept in the database for every server (migration 0100, decision 230). */
export interface StoredFilesTable {
  id: string;
  organisation_id: string;
  /** The organisation's own name of the file (a logo's `logo-<id>.png`). */
  key: string;
  content_type: string;
  /** blob in SQLite, bytea in PostgreSQL. */
  bytes: Uint8Array;
  size: number;
  created_at: string;
}

/** A running import's counts, per caller, organisation and client-made id (decision 075, 230). */
export interface ImportProgressTable {
  user_id: string;
  organisation_id: string;
  progress_id: string;
  state: string;
  unit: string | null;
  done: number;
  total: number | null;
  /** 1 once the import passed its tenant and rights check. */
  admitted: number;
  expires_at: string | null;
  updated_at: string;
}

/** When each scheduled job last ran and on which server (decision 230). */
export interface JobRunsTable {
  name: string;
  last_run_at: string;
  run_by: string;
}

/** Per-address request limits shared by every server (decision 340). */
export interface RateLimitCountsTable {
  key: string;
  count: number;
  /** Milliseconds since 1970, zero-padded to 15 digits so that text order is number order. */
  resets_at: string;
}

/** Keys the servers share when not given in the environment (decision 340): `cookie`. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface ItemStockBalancesTable {
  organisation_id: string;
  item_id: string;
  month: string;
  quantity_in_milli: number;
  quantity_out_milli: number;
  value_in_paise: number;
  value_out_paise: number;
  /** Of the quantity and value in, what purchase bills brought (migration 0010). */
  purchased_milli: number;
  purchased_paise: number;
}

export interface BillAllocationsTable {
  organisation_id: string;
  voucher_id: string;
  line_no: number;
  invoice_id: string;
  amount_paise: number;
}

export interface LockPeriodsTable {
  organisation_id: string;
  year: string;
  month: string;
  transaction_type: string;
  locked: Flag;
  updated_at: string;
  updated_by: string | null;
}

export interface EntryTemplatesTable {
  organisation_id: string;
  id: string;
  type: string;
  name: string;
  document: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ChangeEventsTable {
  organisation_id: string;
  id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  user_id: string | null;
  created_at: string;
  /** The browser tab that made the change (http/request-tab.ts); null without one. */
  tab_id: string | null;
}
