import { canManage, type Management, selectableFinancialYears, todayCivil } from "@bahi/domain";
import { Center, Loader } from "@mantine/core";
import { Navigate, Outlet, useParams } from "react-router";
import { NoAccessPage } from "../features/not-found/NoAccessPage.tsx";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import { InactiveOrganisationPage } from "../features/organisations/InactiveOrganisationPage.tsx";
import { isValidFinancialYearRoute, organisationStartPath } from "./routes.ts";
import { useSession } from "./session.tsx";
import { useCurrentScope } from "./shell/use-current-scope.ts";

export function FullPageLoader() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}

function SignInRedirect() {
  const { signInPath } = useSession();
  return <Navigate to={signInPath ?? "/signin"} replace />;
}

/** spec 2.1: visible only when signed out; a signed-in user is sent to the home route. */
export function PublicOnlyRoutes() {
  const { status } = useSession();
  if (status === "loading") return <FullPageLoader />;
  return status === "signedIn" ? <Navigate to="/" replace /> : <Outlet />;
}

/** spec 2.1: /demo-login and /verify/signup/otp/… send a signed-in user onwards. */
export function RedirectWhenSignedIn({ to }: { to: string }) {
  const { status } = useSession();
  if (status === "loading") return <FullPageLoader />;
  return status === "signedIn" ? <Navigate to={to} replace /> : <Outlet />;
}

/** spec 2.2: signed-in only, otherwise /signin. */
export function SignedInRoutes() {
  const { status } = useSession();
  if (status === "loading") return <FullPageLoader />;
  return status === "signedIn" ? <Outlet /> : <SignInRedirect />;
}

/**
 * spec 2.3: /{organisationId}/{year}/… needs sign-in, one of the person's organisations, active,
 * and a year that organisation offers (spec 3: from its starting year to the current one).
 */
export function OrganisationYearRoutes() {
  const { status, organisations } = useSession();
  const { organisationId, year } = useParams();
  // Only a financial year in the second segment makes this an organisation route at all.
  if (!year || !isValidFinancialYearRoute(year)) return <NotFoundPage />;
  if (status === "loading") return <FullPageLoader />;
  if (status === "signedOut") return <SignInRedirect />;
  const organisation = organisations.find((o) => o._id === organisationId);
  if (!organisation) return <NotFoundPage />;
  if (!organisation.active) return <InactiveOrganisationPage organisation={organisation} />;
  const years: readonly string[] = selectableFinancialYears(
    organisation.startingYear,
    todayCivil(),
  );
  if (!years.includes(year)) return <NotFoundPage />;
  return <Outlet />;
}

/**
 * spec 2.2: `/` goes to the first organisation's start page, /add-organisation when the person
 * has none, or /signin. With organisations that are all inactive, /organisations (the fallback)
 * is where they can be made active again.
 */
export function HomeRedirect() {
  const { status, organisations } = useSession();
  if (status === "loading") return <FullPageLoader />;
  if (status === "signedOut") return <SignInRedirect />;
  if (organisations.length === 0) return <Navigate to="/add-organisation" replace />;
  const first = organisations.find((o) => o.active);
  if (!first) return <Navigate to="/organisations" replace />;
  return <Navigate to={organisationStartPath(first)} replace />;
}

/**
 * Settings pages for managers only (docs/decisions/004): others are not offered the page, and one
 * opened by its address says why instead of showing controls the server would refuse.
 */
export function ManagersOnlyRoutes({ what }: { what: Management }) {
  const scope = useCurrentScope();
  if (scope && canManage(scope.organisation.role, what)) return <Outlet />;
  return <NoAccessPage />;
}
