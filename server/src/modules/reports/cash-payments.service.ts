import {
  CASH_AND_BANK_NATURES,
  financialYearRange,
  findAccountGroup,
  getVoucherDefinition,
  isVoucherType,
  paiseToRupees,
  voucherTypesWhere,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { ExportCell } from "../exports/export-table.ts";
import { describeRange, type TabularReport } from "../exports/report-files.ts";
import {
  findVouchers,
  listAccounts,
  listCreditsToAccounts,
  listPostingsOfVouchers,
} from "./reports.repository.ts";

// Income-tax Act s.40A(3) (gst-reference §10): an expense paid otherwise than by an account-payee
// cheque, draft or electronic mode is disallowed when the payments to one person in one day
// EXCEED ₹10,000. So ₹10,000 exactly is not listed; ₹10,000.01 is. (The ₹35,000 limit for goods
// carriages is left to the reader: the report lists everything over ₹10,000.)
export const CASH_PAYMENT_LIMIT_PAISE = 1_000_000;

// Money leaves the cash box in a payment, a journal crediting cash, or a purchase whose party is
// the cash account. A fund transfer moves cash to the bank and pays no one.
const PAYING_TYPES = voucherTypesWhere((definition) => definition.paysCash);

const CASH_GROUP_ID = findAccountGroup("Cash")?.id ?? 4;
const CASH_AND_BANK_GROUP_IDS = new Set(
  CASH_AND_BANK_NATURES.map((nature) => findAccountGroup(nature)?.id ?? 0),
);

interface PayeeShare {
  key: string;
  payee: string;
  accountId: string | null;
  amountPaise: number;
}

/** Splits `total` over the weights, in whole paise, the remainder to the largest. */
function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  if (sum === total) return [...weights];
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const largest = weights.indexOf(Math.max(...weights));
  shares[largest] = (shares[largest] ?? 0) + total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

export async function readCashPayments(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    year: string;
    startDate?: string | undefined;
    endDate?: string | undefined;
  },
): Promise<{ organisationName: string; report: TabularReport }> {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const organisation = access.organisation;
  const range = financialYearRange(query.year);
  const startDate = query.startDate ?? range.startDate;
  const endDate = query.endDate ?? range.endDate;
  if (startDate > endDate) throw badRequest("The start date cannot be after the end date.");
  const accounts = await listAccounts(db, organisation.id);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const cashIds = accounts.filter((a) => a.groupId === CASH_GROUP_ID).map((a) => a.id);
  const credits = await listCreditsToAccounts(
    db,
    organisation.id,
    cashIds,
    startDate,
    endDate,
    PAYING_TYPES,
  );
  const voucherIds = [...new Set(credits.map((credit) => credit.voucherId))];
  const [vouchers, postings] = await Promise.all([
    findVouchers(db, organisation.id, voucherIds),
    listPostingsOfVouchers(db, organisation.id, voucherIds),
  ]);
  const paidByVoucher = new Map<string, number>();
  for (const credit of credits)
    paidByVoucher.set(
      credit.voucherId,
      (paidByVoucher.get(credit.voucherId) ?? 0) - credit.amountPaise,
    );

  const groups = new Map<
    string,
    {
      date: string;
      payee: string;
      accountId: string | null;
      totalPaise: number;
      vouchers: { voucherId: string; voucherType: string; number: string; amountPaise: number }[];
    }
  >();
  for (const voucher of vouchers) {
    const paid = paidByVoucher.get(voucher.id) ?? 0;
    let shares: PayeeShare[];
    if (voucher.type === "purchases") {
      // A cash purchase: the payee is the name on the bill.
      const payee = voucher.partyName ?? byId.get(voucher.partyAccountId ?? "")?.name ?? "Cash";
      shares = [
        { key: `name:${payee.trim().toLowerCase()}`, payee, accountId: null, amountPaise: paid },
      ];
    } else {
      // The accounts debited, other than cash and bank, are the payees.
      const debits = postings.filter(
        (posting) =>
          posting.voucherId === voucher.id &&
          posting.amountPaise > 0 &&
          !CASH_AND_BANK_GROUP_IDS.has(byId.get(posting.accountId)?.groupId ?? 0),
      );
      const amounts = splitByWeight(
        paid,
        debits.map((posting) => posting.amountPaise),
      );
      shares = debits.map((posting, index) => ({
        key: `account:${posting.accountId}`,
        payee: byId.get(posting.accountId)?.name ?? "",
        accountId: posting.accountId,
        amountPaise: amounts[index] ?? 0,
      }));
    }
    for (const share of shares) {
      const key = `${voucher.date}|${share.key}`;
      const group = groups.get(key) ?? {
        date: voucher.date,
        payee: share.payee,
        accountId: share.accountId,
        totalPaise: 0,
        vouchers: [],
      };
      group.totalPaise += share.amountPaise;
      group.vouchers.push({
        voucherId: voucher.id,
        voucherType: voucher.type,
        number: voucher.number,
        amountPaise: share.amountPaise,
      });
      groups.set(key, group);
    }
  }
  const listed = [...groups.values()]
    .filter((group) => group.totalPaise > CASH_PAYMENT_LIMIT_PAISE)
    .sort((a, b) => a.date.localeCompare(b.date) || a.payee.localeCompare(b.payee));
  const titleOf = (type: string) =>
    isVoucherType(type) ? getVoucherDefinition(type).titles.singular : type;
  const rows: Record<string, ExportCell>[] = listed.map((group) => ({
    date: group.date,
    payee: group.payee,
    accountId: group.accountId,
    count: group.vouchers.length,
    vouchers: group.vouchers
      .map((voucher) => `${titleOf(voucher.voucherType)} ${voucher.number}`)
      .join(", "),
    amount: group.totalPaise,
  }));
  return {
    organisationName: organisation.name,
    report: {
      report: "cashpaymentsover10k",
      title: "Cash Payments over 10K",
      period: describeRange(startDate, endDate),
      startDate,
      endDate,
      columns: [
        { key: "date", label: "Date", kind: "date" },
        { key: "payee", label: "Paid To", kind: "text" },
        { key: "vouchers", label: "Vouchers", kind: "text" },
        { key: "count", label: "Count", kind: "number" },
        { key: "amount", label: "Cash Paid", kind: "amount" },
      ],
      rows,
      totals: {
        count: rows.reduce((total, row) => total + Number(row.count), 0),
        amount: listed.reduce((total, group) => total + group.totalPaise, 0),
      },
      extra: {
        limit: paiseToRupees(CASH_PAYMENT_LIMIT_PAISE),
        payments: listed.map((group) => ({
          date: group.date,
          payee: group.payee,
          accountId: group.accountId,
          amount: paiseToRupees(group.totalPaise),
          vouchers: group.vouchers.map((voucher) => ({
            voucherId: voucher.voucherId,
            voucherType: voucher.voucherType,
            number: voucher.number,
            amount: paiseToRupees(voucher.amountPaise),
          })),
        })),
      },
    },
  };
}
