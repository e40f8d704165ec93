import type { APIRequestContext, Page } from "@playwright/test";
import { expect, newPerson, type Person } from "../people/support.ts";
import { waitForMailMatch } from "../support/server.ts";

export { expect, test } from "../people/support.ts";

/** The organisation's own GSTIN: Maharashtra (27), so bills to parties in 27 are intra-state. */
export const ORGANISATION_GSTIN = "27AABCS1234C1ZX";

export interface Books {
  person: Person;
  organisationId: string;
  organisationName: string;
  /** `/{organisationId}/{year}/{page}` for the given year. */
  path: (year: string, page: string) => string;
  api: BooksApi;
}

/**
 * A person signed up and signed in through the API (the page's own cookies, so the browser is
 * signed in too) with one organisation of their own; nothing is opened in the browser yet.
 */
export async function openBooks(
  page: Page,
  name: string,
  options: { startingYear: string; gstRegistered?: boolean; manageInventory?: boolean },
): Promise<Books> {
  const person = newPerson(name);
  const request = page.request;
  const signUp = await request.post("/api/auth/signup", {
    data: {
      name: person.name,
      email: person.email,
      password: person.password,
      mobileNumber: person.mobile,
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { userId } = (await signUp.json()) as { userId: string };
  const otp = await waitForMailMatch(person.email, /verification code is (\d{6})/);
  const verified = await request.post("/api/auth/verify/signup/otp", { data: { userId, otp } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const gstRegistered = options.gstRegistered ?? true;
  const organisationName = `${name} ${person.email.slice(-18, -13)}`;
  const added = await request.post("/api/organisation/add", {
    data: {
      name: organisationName,
      startingYear: options.startingYear,
      gstRegistered,
      ...(gstRegistered ? { gstRegType: "regular", gstin: ORGANISATION_GSTIN } : {}),
      manageInventory: options.manageInventory ?? false,
      billWiseEntry: false,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { organisationId } = (await added.json()) as { organisationId: string };
  return {
    person,
    organisationId,
    organisationName,
    path: (year, where) => `/${organisationId}/${year}/${where}`,
    api: new BooksApi(request, organisationId),
  };
}

export interface ItemLine {
  itemId: string;
  quantity: number;
  rate: number;
}

/** The calls of docs/api/masters.md and docs/api/vouchers.md that the specs need. */
export class BooksApi {
  private readonly request: APIRequestContext;
  readonly organisationId: string;

  constructor(request: APIRequestContext, organisationId: string) {
    this.request = request;
    this.organisationId = organisationId;
  }

  private async post(path: string, data: Record<string, unknown>): Promise<unknown> {
    const answer = await this.request.post(`/api${path}`, {
      data: { organisationId: this.organisationId, ...data },
    });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return answer.json();
  }

  async account(account: Record<string, unknown>): Promise<string> {
    return ((await this.post("/account/add", account)) as { accountId: string }).accountId;
  }

  async item(item: Record<string, unknown>): Promise<string> {
    return ((await this.post("/item/add", item)) as { itemId: string }).itemId;
  }

  /** The id of a system account (Cash, Sales…) by name. */
  async accountNamed(name: string): Promise<string> {
    const answer = await this.request.get("/api/account/accountslist", {
      params: { organisationId: this.organisationId },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { accounts } = (await answer.json()) as { accounts: { _id: string; name: string }[] };
    const found = accounts.find((account) => account.name === name);
    if (!found) throw new Error(`No account named ${name}`);
    return found._id;
  }

  async voucher(family: string, payload: Record<string, unknown>): Promise<string> {
    return ((await this.post(`/${family}/add`, payload)) as { entryId: string }).entryId;
  }

  /**
   * A sales invoice or purchase bill of goods at 18 % GST, within Maharashtra (CGST + SGST), in
   * whole rupees, so that there is no round off: the totals the server computes are these.
   */
  async itemDocument(
    family: "salesinvoice" | "purchases",
    input: { year: string; date: string; partyId: string; lines: ItemLine[] },
  ): Promise<string> {
    const gross = input.lines.reduce((total, line) => total + line.quantity * line.rate, 0);
    const half = (gross * 9) / 100;
    return this.voucher(family, {
      year: input.year,
      date: input.date,
      cashOrDebtorAccountId: input.partyId,
      pos: "27",
      itemDetails: input.lines.map((line) => ({
        itemId: line.itemId,
        quantity: line.quantity,
        rate: line.rate,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: line.quantity * line.rate,
      })),
      accountDetails: [],
      grossAmount: gross,
      cgstAmount: half,
      sgstAmount: half,
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: gross + 2 * half,
    });
  }
}

/** India's date today, 'YYYY-MM-DD' (the server's "today"). */
export function indiaToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The financial year holding a date: '2026-27' for any day from 1 April 2026 to 31 March 2027. */
export function financialYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** A date `days` days before another. */
export function daysBefore(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) - days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}
