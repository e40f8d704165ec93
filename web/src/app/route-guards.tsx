import { Center, Loader } from "@mantine/core";
import { Navigate, Outlet, useParams } from "react-router";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import { isValidFinancialYearRoute } from "./routes.ts";
import { useSession } from "./session.tsx";

function FullPageLoader() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
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
  return status === "signedIn" ? <Outlet /> : <Navigate to="/signin" replace />;
}

/** spec 2.3: /{organisationId}/{year}/… needs sign-in, an organisation of the user's and a year. */
export function OrganisationYearRoutes() {
  const { status, organisations } = useSession();
  const { organisationId, year } = useParams();
  // Only a financial year in the second segment makes this an organisation route at all.
  if (!year || !isValidFinancialYearRoute(year)) return <NotFoundPage />;
  if (status === "loading") return <FullPageLoader />;
  if (status === "signedOut") return <Navigate to="/signin" replace />;
  if (!organisations.some((o) => o._id === organisationId)) return <NotFoundPage />;
  return <Outlet />;
}

/** spec 2.2: `/` goes to the first organisation's dashboard, /add-organisation, or /signin. */
export function HomeRedirect() {
  const { status, organisations } = useSession();
  if (status === "loading") return <FullPageLoader />;
  if (status === "signedOut") return <Navigate to="/signin" replace />;
  const first = organisations[0];
  if (!first) return <Navigate to="/add-organisation" replace />;
  return (
    <Navigate
      to={`/${first._id}/${currentFinancialYearFor(first.startingYear)}/dashboard`}
      replace
    />
  );
}

function currentFinancialYearFor(startingYear: string): string {
  const today = new Date();
  const startYear = today.getMonth() >= 3 ? today.getFullYear() : today.getFullYear() - 1;
  const current = `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
  return current < startingYear ? startingYear : current;
}
