import { buildVoucherScreenPath, isVoucherType, type OrganisationYear } from "@bahi/domain";
import { formatCivilDate, formatInstant, formatRupeeValue } from "../lists/format-values.ts";

/** A row of GET /misc/updatelog (docs/api/vouchers.md). */
export interface UpdateLogRecord {
  _id: string;
  entryId: string;
  type: string;
  title: string;
  action: string;
  number: string | null;
  date: string | null;
  amount: number | null;
  userName: string;
  at: string;
}

export interface UpdateLogRow {
  id: string;
  at: string;
  user: string;
  action: string;
  what: string;
  date: string;
  amount: string;
  /** The entry's current version, for an entry that still exists. */
  path: string | null;
}

const ACTION_WORDS: Record<string, string> = {
  add: "Added",
  edit: "Edited",
  delete: "Deleted",
  restore: "Restored",
  created: "Added",
  edited: "Edited",
  deleted: "Deleted",
  activated: "Made active",
  deactivated: "Made inactive",
};

const MASTER_WORDS: Record<string, string> = {
  account: "Account",
  item: "Item",
  customField: "Custom field",
};

/** The update log as rows: who did what to which entry and when, in the en-IN way (dd-MM-yyyy). */
export function describeUpdateLogs(
  logs: readonly UpdateLogRecord[],
  scope: OrganisationYear,
): UpdateLogRow[] {
  return logs.map((log) => {
    const voucher = isVoucherType(log.type) ? log.type : null;
    const deleted = log.action === "delete" || log.action === "deleted";
    return {
      id: log._id,
      at: formatInstant(log.at),
      user: log.userName,
      action: ACTION_WORDS[log.action] ?? log.action,
      what: voucher
        ? `${log.title}${log.number ? ` ${log.number}` : ""}`
        : (MASTER_WORDS[log.type] ?? log.title),
      date: log.date ? formatCivilDate(log.date) : "",
      amount: log.amount === null ? "" : formatRupeeValue(log.amount),
      path:
        voucher && !deleted
          ? buildVoucherScreenPath(scope, voucher, { screen: "edit", id: log.entryId })
          : null,
    };
  });
}
