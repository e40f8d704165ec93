import {
  effectiveRights,
  RIGHT_ACTIONS,
  RIGHT_SUBJECTS,
  type RightAction,
  type RightSubject,
  type Role,
  type TransactionRight,
  VOUCHER_REGISTRY,
} from "@bahi/domain";

export const RIGHT_ACTION_LABELS: Record<RightAction, string> = {
  view: "View",
  add: "Add",
  edit: "Edit",
  delete: "Delete",
  send: "Send",
};

export function labelRightSubject(subject: RightSubject): string {
  if (subject === "account") return "Account";
  if (subject === "item") return "Item";
  return VOUCHER_REGISTRY[subject].titles.singular;
}

/** One line per subject, nothing granted: the start of a grid to tick. */
export function noRights(): TransactionRight[] {
  return RIGHT_SUBJECTS.map((transactionType) => ({
    transactionType,
    view: false,
    add: false,
    edit: false,
    delete: false,
    send: false,
  }));
}

/**
 * Ticks or unticks one box. Adding, editing or deleting implies viewing, so those tick view too;
 * unticking view unticks the rest.
 */
export function setRight(
  rights: readonly TransactionRight[],
  subject: RightSubject,
  action: RightAction,
  value: boolean,
): TransactionRight[] {
  return rights.map((line) => {
    if (line.transactionType !== subject) return line;
    if (action === "view" && !value) {
      return { ...line, view: false, add: false, edit: false, delete: false, send: false };
    }
    return { ...line, [action]: value, ...(value && action !== "view" ? { view: true } : {}) };
  });
}

export function setAllRights(
  rights: readonly TransactionRight[],
  value: boolean,
): TransactionRight[] {
  return rights.map((line) => ({
    ...line,
    view: value,
    add: value,
    edit: value,
    delete: value,
    send: value,
  }));
}

/** A short description of what a member may do, for the members table. */
export function summariseRights(role: Role, granted: readonly TransactionRight[]): string {
  if (role === "owner" || role === "admin") return "All rights";
  if (role === "viewer") return "View only";
  const lines = effectiveRights(role, granted);
  if (lines.every((line) => RIGHT_ACTIONS.every((action) => line[action]))) return "All rights";
  const parts = lines
    .filter((line) => line.view)
    .map((line) => {
      const actions = RIGHT_ACTIONS.filter((action) => line[action]);
      return `${labelRightSubject(line.transactionType)}: ${actions.join(", ")}`;
    });
  return parts.length > 0 ? parts.join("; ") : "No rights";
}
