import { selectableFinancialYears, todayCivil } from "@bahi/domain";

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

/** The financial year an organisation opens in: the latest selectable one (spec 3, 2.3). */
export function currentYearOf(startingYear: string, today: string = todayCivil()): string {
  return selectableFinancialYears(startingYear, today).at(-1) ?? startingYear;
}

/** '/{organisationId}/{year}/{page}' (spec 2.3). */
export function organisationPath(organisationId: string, year: string, page: string): string {
  return `/${encodeURIComponent(organisationId)}/${year}/${page}`;
}

/** The keyboard start screen (spec 2.4), where switching organisation lands (spec 2.3). */
export function organisationStartScreenPath(
  organisation: { _id: string; startingYear: string },
  today: string = todayCivil(),
): string {
  return organisationPath(
    organisation._id,
    currentYearOf(organisation.startingYear, today),
    "start",
  );
}

/** The organisation's dashboard: where `/` and a newly added organisation land (spec 2.2). */
export function organisationStartPath(
  organisation: { _id: string; startingYear: string },
  today: string = todayCivil(),
): string {
  return organisationPath(
    organisation._id,
    currentYearOf(organisation.startingYear, today),
    "dashboard",
  );
}
