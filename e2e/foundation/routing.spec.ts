import { expect, test } from "@playwright/test";

test("a signed-out visitor to / lands on the sign-in page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Sign in to Bahi" })).toBeVisible();
  await expect(page.getByLabel("Email or mobile number")).toBeVisible();
});

test("organisation pages need a session", async ({ page }) => {
  await page.goto("/0198c2d6-0000-7000-8000-000000000000/2025-26/dashboard");
  await expect(page).toHaveURL(/\/signin$/);
});

test("an unknown path shows the not-found page and reports the URL", async ({ page }) => {
  const reported = page.waitForRequest(
    (request) =>
      request.url().endsWith("/api/misc/fourzerofoururlsave") && request.method() === "POST",
  );
  await page.goto("/no/such/page?from=e2e");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText("/no/such/page")).toBeVisible();
  const request = await reported;
  expect(request.postDataJSON()).toEqual({ url: "/no/such/page?from=e2e" });
  const response = await request.response();
  expect(response?.status()).toBe(200);
});
