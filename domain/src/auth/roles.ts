import { VOUCHER_TYPES } from "../vouchers/voucher-type.ts";

/**
 * Roles of a member of an organisation (the spec leaves them unnamed; docs/decisions/004).
 * owner: everything, including deleting the organisation and API keys.
 * admin: everything in the books and the users, but not deleting the organisation or API keys.
 * accountant: the books, limited by per-transaction rights; no users or organisation settings.
 * viewer: reads everything, changes nothing.
 */
export const ROLES = ["owner", "admin", "accountant", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  accountant: "Accountant",
  viewer: "Viewer",
};

/** What rights are kept for: each voucher type, plus the masters. */
export const RIGHT_SUBJECTS = [...VOUCHER_TYPES, "account", "item"] as const;
export type RightSubject = (typeof RIGHT_SUBJECTS)[number];

/**
 * send (issue 37, decision 220): mail or WhatsApp a document of the type out of Bahi (with a live
 * link); on "account", a ledger statement; on salesInvoice, the GSTR-1 and IFF file too.
 */
export const RIGHT_ACTIONS = ["view", "add", "edit", "delete", "send"] as const;
export type RightAction = (typeof RIGHT_ACTIONS)[number];

/** One line of a rights list (spec: transactionPermissions on the call, a rights list read back). */
export interface TransactionRight {
  transactionType: RightSubject;
  view: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
  /** Absent in rights saved before it existed (decision 220): it then follows `edit`. */
  send?: boolean;
}

/** What the GSTR-1 and IFF file mail needs: send on the sales invoice (decision 220). */
export const RETURN_SEND_SUBJECT: RightSubject = "salesInvoice";

/**
 * The subjects whose send right a message needs, from the documents it carries: a voucher type
 * its own, a statement ("ledger") the account's, none at all (a return's file) the return's.
 */
export function sendSubjectsOf(documents: readonly { transactionType: string }[]): RightSubject[] {
  if (documents.length === 0) return [RETURN_SEND_SUBJECT];
  const subjects = documents.map(
    (document): RightSubject =>
      (RIGHT_SUBJECTS as readonly string[]).includes(document.transactionType)
        ? (document.transactionType as RightSubject)
        : "account",
  );
  return [...new Set(subjects)];
}

export type Management =
  | "users"
  | "settings"
  | "organisation"
  | "apiKeys"
  | "lockPeriods"
  /** Reading the audit trail (issue 39, decision 311); nobody may change it. */
  | "auditTrail";

const MANAGERS: Record<Management, readonly Role[]> = {
  users: ["owner", "admin"],
  settings: ["owner", "admin"],
  lockPeriods: ["owner", "admin"],
  organisation: ["owner"],
  apiKeys: ["owner"],
  auditTrail: ["owner", "admin"],
};

export function canManage(role: Role, what: Management): boolean {
  return MANAGERS[what].includes(role);
}

/** Every right on every subject: what owners and admins have, and an accountant by default. */
export function fullRights(): TransactionRight[] {
  return RIGHT_SUBJECTS.map((transactionType) => ({
    transactionType,
    view: true,
    add: true,
    edit: true,
    delete: true,
    send: true,
  }));
}

export function viewOnlyRights(): TransactionRight[] {
  return RIGHT_SUBJECTS.map((transactionType) => ({
    transactionType,
    view: true,
    add: false,
    edit: false,
    delete: false,
    send: false,
  }));
}

/**
 * The rights a member actually has: owners and admins all, viewers view only, accountants what
 * was granted (a subject left out of the list is not granted; an empty list means all).
 */
export function effectiveRights(
  role: Role,
  granted: readonly TransactionRight[],
): TransactionRight[] {
  if (role === "owner" || role === "admin") return fullRights();
  if (role === "viewer") return viewOnlyRights();
  if (granted.length === 0) return fullRights();
  return RIGHT_SUBJECTS.map((subject) => {
    const line = granted.find((right) => right.transactionType === subject);
    // A right saved before sending was one of its own follows edit (decision 220).
    const send = Boolean(line && (line.send ?? line.edit));
    // Adding, editing, deleting or sending without seeing makes no sense; each implies view.
    const view = Boolean(line && (line.view || line.add || line.edit || line.delete || send));
    return {
      transactionType: subject,
      view,
      add: Boolean(line?.add),
      edit: Boolean(line?.edit),
      delete: Boolean(line?.delete),
      send,
    };
  });
}

export function hasRight(
  role: Role,
  granted: readonly TransactionRight[],
  subject: RightSubject,
  action: RightAction,
): boolean {
  const line = effectiveRights(role, granted).find((right) => right.transactionType === subject);
  return Boolean(line?.[action]);
}
