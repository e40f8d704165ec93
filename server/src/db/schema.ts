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
  organisations: OrganisationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  api_keys: ApiKeysTable;
  audit_logs: AuditLogsTable;
  accounts: AccountsTable;
  outbox_messages: OutboxMessagesTable;
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
  mainly_deals_in: string | null;
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
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
}
