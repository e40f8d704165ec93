import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { type Session, SessionStateProvider } from "../app/session.tsx";
import { theme } from "../app/theme.ts";

export function renderRoutes(
  routes: RouteObject[],
  options: { at: string; session?: Session; queryClient?: QueryClient },
) {
  const router = createMemoryRouter(routes, { initialEntries: [options.at] });
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = options.session ?? { status: "signedOut", organisations: [] };
  const view = render(
    <Providers queryClient={queryClient} session={session}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...view };
}

/** One element at a path: `renderPage(<SignUpPage />, { at: "/signup" })`. */
export function renderPage(
  element: ReactNode,
  options: { at?: string; path?: string; session?: Session; extraRoutes?: RouteObject[] } = {},
) {
  const at = options.at ?? "/";
  return renderRoutes(
    [
      { path: options.path ?? at.split("?")[0], element },
      ...(options.extraRoutes ?? []),
      { path: "*", element: <p>Elsewhere</p> },
    ],
    { at, ...(options.session ? { session: options.session } : {}) },
  );
}

function Providers({
  queryClient,
  session,
  children,
}: {
  queryClient: QueryClient;
  session: Session;
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <SessionStateProvider value={session}>{children}</SessionStateProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
