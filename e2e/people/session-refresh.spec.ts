import type { BrowserContext, Page } from "@playwright/test";
import { signAccessToken } from "../../server/src/modules/auth/tokens.ts";
import { E2E_COOKIE_SECRET } from "../support/server.ts";
import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  signUp,
  test,
} from "./support.ts";

/** Replaces the access cookie with a token for the same person and session that expired a second ago. */
async function expireAccessToken(context: BrowserContext): Promise<void> {
  const cookies = await context.cookies();
  const access = cookies.find((cookie) => cookie.name === "bahi_access");
  if (!access) throw new Error("no bahi_access cookie: not signed in");
  // "v1.<userId>.<sessionId>.<exp>.<signature>" (server/src/modules/auth/tokens.ts)
  const [, userId = "", sessionId = ""] = access.value.split(".");
  const exp = Math.floor(Date.now() / 1000) - 1;
  const value = signAccessToken({ userId, sessionId, exp }, E2E_COOKIE_SECRET);
  await context.addCookies([{ ...access, value }]);
}

interface ApiExchange {
  method: string;
  path: string;
  status: number;
}

/** Every /api answer the page receives, in order. */
function recordApi(page: Page): ApiExchange[] {
  const exchanges: ApiExchange[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/")) return;
    exchanges.push({
      method: response.request().method(),
      path: url.pathname,
      status: response.status(),
    });
  });
  return exchanges;
}

const isRefresh = (exchange: ApiExchange) =>
  exchange.method === "POST" && exchange.path === "/api/auth/refreshToken";

/** Each call that came back 401 was replayed and then succeeded; nothing else failed. */
function expectEveryCallSucceeded(exchanges: ApiExchange[]): void {
  exchanges.forEach((exchange, index) => {
    if (exchange.status < 400) return;
    expect(exchange.status, `${exchange.method} ${exchange.path}`).toBe(401);
    const replay = exchanges
      .slice(index + 1)
      .find((later) => later.path === exchange.path && later.method === exchange.method);
    expect(replay?.status, `replay of ${exchange.path}`).toBeLessThan(400);
  });
}

test("an expired access token is refreshed once, invisibly, while several calls are in flight", async ({
  page,
  context,
}) => {
  const person = newPerson("Farah Khan");
  await signUp(page, person);
  await continueToAddOrganisation(page);
  const organisationName = `Khan Brothers ${person.email.slice(-18, -13)}`;
  await addOrganisation(page, organisationName);

  // The users page asks for members, sent invitations and the API key all at once.
  await expireAccessToken(context);
  const exchanges = recordApi(page);
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`^${person.name}`) })).toContainText(
    "Owner",
  );
  await expect(page.getByText("No invitations sent yet.")).toBeVisible();
  await expect(page.getByText("No API key.")).toBeVisible();

  const expired = exchanges.filter((exchange) => exchange.status === 401);
  expect(expired.length, "calls that met the expired token").toBeGreaterThanOrEqual(2);
  expect(exchanges.filter(isRefresh)).toHaveLength(1);
  expectEveryCallSucceeded(exchanges);
  await expect(page).toHaveURL(/\/settings\/users$/);
  // Invisible: no error toast (spec/api.md §8 titles start "Could not …" or "Error").
  await expect(page.getByRole("alert").filter({ hasText: /Could not|Error/ })).toHaveCount(0);

  // A reload with an expired token: the start-up check refreshes and the person stays.
  const usersPage = page.url();
  await expireAccessToken(context);
  exchanges.length = 0;
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(`^${person.name}`) })).toContainText(
    "Owner",
  );
  expect(exchanges.filter(isRefresh)).toHaveLength(1);
  expect(exchanges[0]).toMatchObject({ path: "/api/auth/checkToken", status: 401 });
  expectEveryCallSucceeded(exchanges);
  expect(page.url()).toBe(usersPage);
});
