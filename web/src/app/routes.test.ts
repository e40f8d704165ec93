import { describe, expect, test } from "vitest";
import { isPublicAuthPath, isValidFinancialYearRoute } from "./routes.ts";

describe("isValidFinancialYearRoute", () => {
  test.each([
    ["2021-22", true],
    ["2024-25", true],
    ["2029-30", true],
    ["2020-21", false], // before the first year the product offers (spec 3)
    ["2030-31", false],
    ["2024-26", false],
    ["2024-2025", false],
    ["dashboard", false],
  ])("%s → %s", (year, expected) => {
    expect(isValidFinancialYearRoute(year)).toBe(expected);
  });
});

describe("isPublicAuthPath (spec/api.md §2)", () => {
  test.each([
    ["/signin", true],
    ["/verify/signup/otp/abc/a@b.in", true],
    ["/verify/reset/token/xyz", true],
    ["/add-organisation", true],
    ["/organisations", false],
    ["/signinx", false],
    ["/abc/2024-25/dashboard", false],
  ])("%s → %s", (pathname, expected) => {
    expect(isPublicAuthPath(pathname)).toBe(expected);
  });
});
