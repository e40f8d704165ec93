/** Financial years the product offers (spec 3): 2021-22 through 2029-30. */
export function isValidFinancialYearRoute(year: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(year);
  if (!match) return false;
  const start = Number(match[1]);
  return start >= 2021 && start <= 2029 && Number(match[2]) === (start + 1) % 100;
}

/** Paths on which an ended session never redirects (spec/api.md §2). */
export const PUBLIC_AUTH_PATHS = [
  "/signin",
  "/login",
  "/demo-login",
  "/signup",
  "/sign-up-completed",
  "/verify/signup/otp",
  "/forgetPassword",
  "/verify/reset/token",
  "/verify/reset/otp",
  "/add-organisation",
] as const;

export function isPublicAuthPath(pathname: string): boolean {
  return PUBLIC_AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
