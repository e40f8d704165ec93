import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, newPerson, test } from "../people/support.ts";
import { waitForMailMatch } from "../support/server.ts";

export { expect, test };

/** The financial year holding today in India ('2025-26'), as the app opens it. */
export function currentFinancialYear(now = new Date()): string {
  const india = new Date(now.getTime() + 330 * 60_000);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() + 1 >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** Today in India, YYYY-MM-DD (the entry screens' default date). */
export function todayInIndia(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * The 10th of last month in India, YYYY-MM-DD: a return can be marked filed only once its month
 * has ended (issue 40), so the filing walks use last month's books.
 */
export function lastMonthInIndia(now = new Date()): string {
  const today = todayInIndia(now);
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7)) - 1;
  if (month === 0) {
    month = 12;
    year -= 1;
  }
  return `${year}-${String(month).padStart(2, "0")}-10`;
}

/** The financial year of a YYYY-MM-DD date: 2026-03-10 → 2025-26. */
export function financialYearOfDate(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  const body = await response.text();
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()}: ${body}`);
  return JSON.parse(body) as T;
}

/** The e2e's own calls to /api, in the page's context (so they share its session cookies). */
export class Books {
  readonly request: APIRequestContext;
  readonly organisationId: string;
  readonly year: string;

  constructor(request: APIRequestContext, organisationId: string, year: string) {
    this.request = request;
    this.organisationId = organisationId;
    this.year = year;
  }

  path(page: string): string {
    return `/${this.organisationId}/${this.year}/${page}`;
  }

  async get<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const params = new URLSearchParams({ organisationId: this.organisationId });
    for (const [key, value] of Object.entries(query)) params.set(key, String(value));
    return ok<T>(await this.request.get(`/api${path}?${params}`));
  }

  async post<T>(path: string, data: Record<string, unknown>): Promise<T> {
    return ok<T>(
      await this.request.post(`/api${path}`, {
        data: { organisationId: this.organisationId, ...data },
      }),
    );
  }

  async put<T>(path: string, data: Record<string, unknown>): Promise<T> {
    return ok<T>(
      await this.request.put(`/api${path}`, {
        data: { organisationId: this.organisationId, ...data },
      }),
    );
  }

  async addAccount(account: Record<string, unknown>): Promise<string> {
    const answer = await this.post<{ accountId: string }>("/account/add", account);
    return answer.accountId;
  }

  async addItem(item: Record<string, unknown>): Promise<string> {
    const answer = await this.post<{ itemId: string }>("/item/add", {
      type: "goods",
      uom: "NOS",
      ...item,
    });
    return answer.itemId;
  }

  async entry(family: string, entryId: string): Promise<Record<string, unknown>> {
    const answer = await this.get<{ entry: Record<string, unknown> }>(
      `${family}/getsingleentrydetails`,
      { entryId },
    );
    return answer.entry;
  }

  /** The newest entry of a family's list (what a screen just saved). */
  async latest(
    family: string,
    listCall: string,
    listKey: string,
  ): Promise<Record<string, unknown>> {
    const answer = await this.get<Record<string, Record<string, unknown>[]>>(
      `${family}/${listCall}`,
      { year: this.year, limit: 1 },
    );
    const row = answer[listKey]?.[0];
    if (!row) throw new Error(`no ${listKey} saved`);
    return this.entry(family, String(row._id));
  }

  async ledger(accountId: string) {
    const [start, end] = this.year.split("-");
    return this.get<Ledger>("/ledger/getLedger", {
      accountId,
      startDate: `${start}-04-01`,
      endDate: `20${end}-03-31`,
      limit: 500,
    });
  }

  async accountByName(name: string): Promise<string> {
    const answer = await this.get<{ accounts: { _id: string; name: string }[] }>(
      "/account/accountslist",
    );
    const account = answer.accounts.find((candidate) => candidate.name === name);
    if (!account) throw new Error(`no account ${name}`);
    return account._id;
  }
}

export interface LedgerLine {
  voucherId: string;
  voucherType: string;
  number: string | null;
  debit: number;
  credit: number;
  balance: { amount: number; type: "dr" | "cr" };
}

/** GET /ledger/getLedger (docs/api/vouchers.md "Around the entries"). */
export interface Ledger {
  totalDebit: number;
  totalCredit: number;
  closingBalance: { amount: number; type: "dr" | "cr" };
  entries: LedgerLine[];
}

export interface BooksOptions {
  /** Maharashtra (27) by default: a GST-registered, regular organisation. */
  gstin?: string;
  manageInventory?: boolean;
  billWiseEntry?: boolean;
  /** The books' (starting) financial year; this year by default. */
  year?: string;
}

/**
 * A new person (signed up through the API, verified with the mailed code) and a new organisation
 * in the current financial year, in the page's browser context.
 */
export async function setUpBooks(page: Page, options: BooksOptions = {}): Promise<Books> {
  const person = newPerson("Entry Tester");
  const request = page.request;
  const signUp = await ok<{ userId: string }>(
    await request.post("/api/auth/signup", {
      data: {
        name: person.name,
        email: person.email,
        password: person.password,
        mobileNumber: person.mobile,
      },
    }),
  );
  const otp = await waitForMailMatch(person.email, /verification code is (\d{6})/);
  await ok(
    await request.post("/api/auth/verify/signup/otp", { data: { userId: signUp.userId, otp } }),
  );
  const year = options.year ?? currentFinancialYear();
  const organisation = await ok<{ organisationId: string }>(
    await request.post("/api/organisation/add", {
      data: {
        name: `Entry Books ${randomUUID().slice(0, 6)}`,
        gstRegistered: true,
        gstRegType: "regular",
        gstin: options.gstin ?? "27AAPFU0939F1ZV",
        startingYear: year,
        manageInventory: options.manageInventory ?? true,
        billWiseEntry: options.billWiseEntry ?? true,
      },
    }),
  );
  return new Books(request, organisation.organisationId, year);
}

/** Every key press of a test, counted (the 5-line invoice reports how many). */
export class Keys {
  count = 0;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async press(key: string, times = 1): Promise<void> {
    for (let n = 0; n < times; n += 1) {
      await this.page.keyboard.press(key);
      this.count += 1;
    }
  }

  /** Types text key by key (each character is a key press). */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    this.count += [...text].length;
  }

  /** Types a value then Enter. */
  async enter(text = ""): Promise<void> {
    if (text) await this.type(text);
    await this.press("Enter");
  }
}

/** Waits for the focus to be on a field with this accessible name. */
export async function expectFocus(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.locator("*:focus")).toHaveAccessibleName(name);
}

/** The value cell of a row of the Totals table ("CGST" → "92.58"). */
export function totalOf(page: Page, label: string): Locator {
  return page
    .getByRole("table", { name: "Totals" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) })
    .getByRole("cell");
}

/** "1,23,456.70" from rupees, as the screen shows amounts (Indian grouping, 2 decimals). */
export function rupees(amount: number): string {
  const [whole = "0", fraction = "00"] = Math.abs(amount).toFixed(2).split(".");
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${last3}` : last3;
  return `${amount < 0 ? "-" : ""}${grouped}.${fraction}`;
}

/**
 * A sales invoice within the state (place of supply 27) at 18 %, saved through the API with its
 * totals worked out here: whole-rupee lines, so every half is exact and nothing rounds off.
 */
export async function addInvoice(
  books: Books,
  customer: string,
  lines: { itemId: string; quantity: number; rate: number }[],
  extra: Record<string, unknown> = {},
): Promise<{ entryId: string; number: string; version: number }> {
  const gross = lines.reduce((total, line) => total + line.quantity * line.rate, 0);
  const half = lines.reduce((total, line) => total + (line.quantity * line.rate * 9) / 100, 0);
  return books.post("/salesinvoice/add", {
    year: books.year,
    date: todayInIndia(),
    cashOrDebtorAccountId: customer,
    pos: "27",
    itemDetails: lines.map((line) => ({
      ...line,
      discountType: "percent",
      discount: 0,
      gstRate: 18,
      amount: line.quantity * line.rate,
    })),
    grossAmount: gross,
    cgstAmount: half,
    sgstAmount: half,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: gross + 2 * half,
    ...extra,
  });
}
