import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  getVoucherDefinition,
  START_MENU_VOUCHER_ORDER,
  VOUCHER_REGISTRY,
  VOUCHER_TYPES,
  type VoucherType,
} from "@bahi/domain";
import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { newPerson, type Person } from "../people/support.ts";
import { waitForMailMatch } from "../support/server.ts";

export { expect, newPerson, test } from "../people/support.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The financial year of India's today (spec 3: 1 April to 31 March). */
export function currentFinancialYear(now: Date = new Date()): string {
  const [year = 0, month = 0] = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** A date inside the year: the `day`th day after 1 April (0 is 1 April). */
export function dateInYear(year: string, day: number): string {
  const start = new Date(Date.UTC(Number(year.slice(0, 4)), 3, 1 + day));
  return start.toISOString().slice(0, 10);
}

/** dd-MM-yyyy, as the screens show dates. */
export function displayDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}-${m}-${y}`;
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface SignedUp extends Person {
  userId: string;
}

/** The sign-up code mailed to an address by a server writing its outbox under `dataDir`. */
async function waitForSignUpCode(email: string, dataDir: string | undefined): Promise<string> {
  if (dataDir === undefined) return waitForMailMatch(email, /verification code is (\d{6})/);
  const outbox = path.join(dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((name) => name.endsWith(".eml"));
    } catch {
      // No mail yet.
    }
    for (const name of names.sort().reverse()) {
      const mail = readFileSync(path.join(outbox, name), "utf8");
      const code = mail.includes(`To: ${email}`)
        ? /verification code is (\d{6})/.exec(mail)?.[1]
        : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-up code for ${email}`);
}

/**
 * A new person signed up and verified through the API; the session cookies land in the page's
 * browser context, so the page is signed in. `dataDir`: a private server's data folder.
 */
export async function signUpByApi(page: Page, name: string, dataDir?: string): Promise<SignedUp> {
  const person = newPerson(name);
  const { userId: challengeId } = await ok<{ userId: string }>(
    await page.request.post("/api/auth/signup", {
      data: {
        name: person.name,
        email: person.email,
        password: person.password,
        mobileNumber: person.mobile,
      },
    }),
    "sign-up",
  );
  const otp = await waitForSignUpCode(person.email, dataDir);
  // The sign-up answer names a challenge (issue 26); the person's id comes with the session.
  const verified = await ok<{ user: { _id: string } }>(
    await page.request.post("/api/auth/verify/signup/otp", {
      data: { userId: challengeId, otp },
    }),
    "verify",
  );
  return { ...person, userId: verified.user._id };
}

export interface OrganisationOptions {
  name?: string;
  gstRegistered?: boolean;
  billWiseEntry?: boolean;
  manageInventory?: boolean;
}

/** Maharashtra, the generator's state (seed-books.ts). */
export const ORGANISATION_GSTIN = "27AAPFU0939F1ZV";

export async function createOrganisationByApi(
  request: APIRequestContext,
  options: OrganisationOptions = {},
): Promise<{ organisationId: string; year: string; name: string }> {
  const year = currentFinancialYear();
  const name = options.name ?? `Lists Traders ${Math.random().toString(36).slice(2, 7)}`;
  const gst = options.gstRegistered ?? false;
  const { organisationId } = await ok<{ organisationId: string }>(
    await request.post("/api/organisation/add", {
      data: {
        name,
        startingYear: year,
        gstRegistered: gst,
        ...(gst ? { gstin: ORGANISATION_GSTIN, gstRegType: "regular" } : {}),
        manageInventory: options.manageInventory ?? false,
        billWiseEntry: options.billWiseEntry ?? false,
      },
    }),
    "organisation/add",
  );
  return { organisationId, year, name };
}

export async function addAccount(
  request: APIRequestContext,
  organisationId: string,
  name: string,
  nature: string,
): Promise<string> {
  const answer = await ok<{ accountId: string }>(
    await request.post("/api/account/add", { data: { organisationId, name, nature } }),
    `account/add ${name}`,
  );
  return answer.accountId;
}

/** The accounts the voucher builders use. */
export interface Ledger {
  organisationId: string;
  year: string;
  debtor: string;
  creditor: string;
  bank: string;
  cash: string;
  rent: string;
  income: string;
}

export async function openLedger(
  request: APIRequestContext,
  organisation: { organisationId: string; year: string },
  names: { debtor?: string; creditor?: string } = {},
): Promise<Ledger> {
  const { organisationId } = organisation;
  const accounts = await ok<{ accounts: { _id: string; systemKey: string | null }[] }>(
    await request.get(`/api/account/accountslist?organisationId=${organisationId}`),
    "accountslist",
  );
  const cash = accounts.accounts.find((account) => account.systemKey === "cash")?._id ?? "";
  return {
    ...organisation,
    cash,
    debtor: await addAccount(request, organisationId, names.debtor ?? "Ravi Stores", "Debtors"),
    creditor: await addAccount(
      request,
      organisationId,
      names.creditor ?? "Mehta Supplies",
      "Creditors",
    ),
    bank: await addAccount(request, organisationId, "HDFC Bank", "Bank"),
    rent: await addAccount(request, organisationId, "Office Rent", "Indirect Expense"),
    income: await addAccount(request, organisationId, "Consulting Income", "Direct Income"),
  };
}

/** Every voucher type, from the domain's registry: the e2e suites name no type list of their own. */
export type VoucherKind = VoucherType;

/** API family of each voucher type (docs/api/vouchers.md), from the registry (`apiFamily`). */
export const FAMILIES: Readonly<Record<VoucherKind, string>> = Object.fromEntries(
  VOUCHER_TYPES.map((type) => [type, VOUCHER_REGISTRY[type].apiFamily.replace(/^\//, "")]),
) as Record<VoucherKind, string>;

/** The types made out to a customer (the registry's `partySide`); the rest of the documents to a supplier. */
const CUSTOMER_SIDE = new Set<VoucherKind>(
  VOUCHER_TYPES.filter((type) => VOUCHER_REGISTRY[type].partySide === "customer"),
);

/**
 * The voucher types' names in the order of the start menu's New Entry and Entries List and of
 * '+ New' (spec 2.4, 2.7): the registry's `START_MENU_VOUCHER_ORDER` and singular titles. Throws
 * when that order leaves a type out or names one twice, so a new type cannot slip past the specs.
 */
export const MENU_VOUCHER_TITLES: readonly string[] = (() => {
  const order = [...START_MENU_VOUCHER_ORDER];
  const missing = VOUCHER_TYPES.filter((type) => !order.includes(type));
  if (missing.length > 0 || new Set(order).size !== VOUCHER_TYPES.length)
    throw new Error(`START_MENU_VOUCHER_ORDER does not name every type once (missing ${missing})`);
  return order.map((type) => getVoucherDefinition(type).titles.singular);
})();

export interface VoucherOptions {
  amount?: number;
  day?: number;
  invoiceNumber?: string;
  narration?: string;
  partyName?: string;
}

/** A valid add payload of any type: one account line, no GST (or a plain receipt, payment…). */
export function buildVoucher(ledger: Ledger, type: VoucherKind, options: VoucherOptions = {}) {
  const amount = options.amount ?? 1000;
  const base = {
    organisationId: ledger.organisationId,
    year: ledger.year,
    date: dateInYear(ledger.year, options.day ?? 10),
    ...(options.narration ? { narration: options.narration } : {}),
  };
  switch (type) {
    case "receipts":
      return {
        ...base,
        receivedAccountId: ledger.bank,
        receivedAmount: amount,
        entries: [{ accountId: ledger.debtor, amount }],
      };
    case "payments":
      return {
        ...base,
        paidAccountId: ledger.cash,
        paidAmount: amount,
        entries: [{ accountId: ledger.creditor, amount }],
      };
    case "fundTransfer":
      return {
        ...base,
        paidAccountId: ledger.cash,
        paidAmount: amount,
        receivedAccountId: ledger.bank,
        receivedAmount: amount,
      };
    case "journalEntry":
      return {
        ...base,
        entries: [
          { accountId: ledger.rent, debitAmount: amount },
          { accountId: ledger.cash, creditAmount: amount },
        ],
      };
    default: {
      const customer = CUSTOMER_SIDE.has(type);
      return {
        ...base,
        cashOrDebtorAccountId: customer ? ledger.debtor : ledger.creditor,
        ...(options.invoiceNumber ? { invoiceNumber: options.invoiceNumber } : {}),
        ...(options.partyName ? { partyName: options.partyName } : {}),
        itemDetails: [],
        accountDetails: [
          { accountId: customer ? ledger.income : ledger.rent, amount, gstRate: -2 },
        ],
        grossAmount: amount,
        cgstAmount: 0,
        sgstAmount: 0,
        igstAmount: 0,
        roundOffAmount: 0,
        totalAmount: amount,
      };
    }
  }
}

export interface SavedVoucher {
  entryId: string;
  number: string;
  version: number;
}

export async function addVoucher(
  request: APIRequestContext,
  type: VoucherKind,
  payload: Record<string, unknown>,
): Promise<SavedVoucher> {
  return ok<SavedVoucher>(
    await request.post(`/api/${FAMILIES[type]}/add`, { data: payload }),
    `${type}/add`,
  );
}

export async function addVouchers(
  request: APIRequestContext,
  ledger: Ledger,
  type: VoucherKind,
  count: number,
  options: (index: number) => VoucherOptions = () => ({}),
): Promise<SavedVoucher[]> {
  const saved: SavedVoucher[] = [];
  for (let index = 0; index < count; index += 1) {
    saved.push(await addVoucher(request, type, buildVoucher(ledger, type, options(index))));
  }
  return saved;
}

/**
 * Fills an organisation with generated books through the server's service layer (seed-books.ts),
 * in the data folder of a private server (private-server.ts).
 */
export async function seedBooks(
  dataDir: string,
  userId: string,
  organisationId: string,
  year: string,
  vouchers: number,
): Promise<{ vouchers: number; byType: Record<string, number>; seconds: number }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(here, "seed-books.ts"), dataDir, userId, organisationId, String(vouchers), year],
    { maxBuffer: 1 << 20, timeout: 15 * 60_000 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}");
}

/** The organisation-and-year path of a page. */
export function pathIn(
  organisation: { organisationId: string; year: string },
  page: string,
): string {
  return `/${organisation.organisationId}/${organisation.year}/${page}`;
}
