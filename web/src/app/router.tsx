import { createBrowserRouter, type RouteObject } from "react-router";
import { SignInPage } from "../features/auth/SignInPage.tsx";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import {
  HomeRedirect,
  OrganisationYearRoutes,
  PublicOnlyRoutes,
  SignedInRoutes,
} from "./route-guards.tsx";

/** The three route groups of spec/product.md 2.1–2.3, each behind its guard. */
export const appRoutes: RouteObject[] = [
  { path: "/", element: <HomeRedirect /> },
  {
    element: <PublicOnlyRoutes />,
    children: [{ path: "/signin", element: <SignInPage /> }],
  },
  {
    element: <SignedInRoutes />,
    children: [],
  },
  {
    path: "/:organisationId/:year",
    element: <OrganisationYearRoutes />,
    children: [{ path: "*", element: <NotFoundPage /> }],
  },
  { path: "*", element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
