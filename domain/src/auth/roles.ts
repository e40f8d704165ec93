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

export const RIGHT_ACTIONS = ["view", "add", "edit", "delete"] as const;
export type RightAction = (typeof RIGHT_ACTIONS)[number];

/** One line of a rights list (spec: transactionPermissions on the call, a rights list read back). */
export interface TransactionRight {
  transactionType: RightSubject;
  view: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
}

export type Management = "users" | "settings" | "organisation" | "apiKeys" | "lockPeriods";

const MANAGERS: Record<Management, readonly Role[]> = {
  users: ["owner", "admin"],
  settings: ["owner", "admin"],
  lockPeriods: ["owner", "admin"],
  organisation: ["owner"],
  apiKeys: ["owner"],
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
  }));
}

export function viewOnlyRights(): TransactionRight[] {
  return RIGHT_SUBJECTS.map((transactionType) => ({
    transactionType,
    view: true,
    add: false,
    edit: false,
    delete: false,
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
    // Adding, editing or deleting without seeing makes no sense; any of them implies view.
    const view = Boolean(line && (line.view || line.add || line.edit || line.delete));
    return {
      transactionType: subject,
      view,
      add: Boolean(line?.add),
      edit: Boolean(line?.edit),
      delete: Boolean(line?.delete),
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
