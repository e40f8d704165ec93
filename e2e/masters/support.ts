import type { Page } from "@playwright/test";
import { expect, newPerson, type Person } from "../people/support.ts";
import { waitForMailMatch } from "../support/server.ts";

export { expect, test } from "../people/support.ts";

/** A valid GSTIN of Maharashtra (the spec's example) and the organisation's own. */
export const DEBTOR_GSTIN = "27AAPFU0939F1ZV";
export const ORGANISATION_GSTIN = "27AABCS1234C1ZX";

export interface Books {
  person: Person;
  organisationId: string;
  year: string;
  /** `/{organisationId}/{year}/{page}` */
  path: (page: string) => string;
}

/**
 * A person signed up and signed in through the API (the page's own cookies), with a
 * GST-registered regular organisation in Maharashtra; then the browser opens its dashboard.
 */
export async function openBooks(
  page: Page,
  name: string,
  options: { manageInventory?: boolean; gstRegistered?: boolean } = {},
): Promise<Books> {
  const person = newPerson(name);
  const signUp = await page.request.post("/api/auth/signup", {
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
  const verified = await page.request.post("/api/auth/verify/signup/otp", {
    data: { userId, otp },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const gstRegistered = options.gstRegistered ?? true;
  const added = await page.request.post("/api/organisation/add", {
    data: {
      name: `${name} Books ${person.email.slice(-18, -13)}`,
      startingYear: "2024-25",
      gstRegistered,
      ...(gstRegistered ? { gstRegType: "regular", gstin: ORGANISATION_GSTIN } : {}),
      manageInventory: options.manageInventory ?? false,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { organisationId } = (await added.json()) as { organisationId: string };
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(`/${organisationId}/\\d{4}-\\d{2}/dashboard$`));
  const year = new URL(page.url()).pathname.split("/")[2] ?? "";
  return {
    person,
    organisationId,
    year,
    path: (where: string) => `/${organisationId}/${year}/${where}`,
  };
}

/** Adds an account through the API, for tests about something else. */
export async function addAccountByApi(
  page: Page,
  organisationId: string,
  account: Record<string, unknown>,
): Promise<string> {
  const answer = await page.request.post("/api/account/add", {
    data: { organisationId, ...account },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { accountId: string }).accountId;
}

/** Picks an option of a searchable dropdown by typing part of it and clicking the option. */
export async function pick(
  page: Page,
  scope: Page | ReturnType<Page["getByRole"]>,
  label: string,
  option: string,
): Promise<void> {
  const box = scope.getByRole("combobox", { name: label });
  await box.click();
  await box.fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
}
