import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { ForgotPasswordPage } from "../features/auth/ForgotPasswordPage.tsx";
import { ResetPasswordOtpPage } from "../features/auth/ResetPasswordOtpPage.tsx";
import { ResetPasswordTokenPage } from "../features/auth/ResetPasswordTokenPage.tsx";
import { SignInPage } from "../features/auth/SignInPage.tsx";
import { SignUpCompletedPage } from "../features/auth/SignUpCompletedPage.tsx";
import { SignUpPage } from "../features/auth/SignUpPage.tsx";
import { VerifySignUpOtpPage } from "../features/auth/VerifySignUpOtpPage.tsx";
import { VerifySignUpTokenPage } from "../features/auth/VerifySignUpTokenPage.tsx";
import { DashboardPage } from "../features/dashboard/DashboardPage.tsx";
import { DemoLoginCompletedPage } from "../features/demo/DemoLoginCompletedPage.tsx";
import { DemoLoginPage } from "../features/demo/DemoLoginPage.tsx";
import { entryRoutes } from "../features/entries/entry-routes.tsx";
import { ewayBillRoutes } from "../features/ewaybill/routes.tsx";
import { gstReturnRoutes } from "../features/gst-returns/routes.tsx";
import { gstr2Routes } from "../features/gstr2/routes.tsx";
import { importRoutes } from "../features/imports/imports.routes.tsx";
import { mastersRoutes } from "../features/masters/masters.routes.tsx";
import { ActivityLogPage } from "../features/members/ActivityLogPage.tsx";
import { UsersSettingsPage } from "../features/members/UsersSettingsPage.tsx";
import { NotFoundPage } from "../features/not-found/NotFoundPage.tsx";
import { OrganisationSettingsPage } from "../features/organisation-settings/OrganisationSettingsPage.tsx";
import { AddOrganisationPage } from "../features/organisations/AddOrganisationPage.tsx";
import { OrganisationsPage } from "../features/organisations/OrganisationsPage.tsx";
import { documentSettingsRoutes, printingRoutes } from "../features/printing/printing-routes.tsx";
import { ProfilePage } from "../features/profile/ProfilePage.tsx";
import { reportRoutes } from "../features/reports/routes.tsx";
import { sendingRoutes } from "../features/sending/sending.routes.tsx";
import { workingScreenRoutes } from "../features/start/working-screens.routes.tsx";
import { SupportPage } from "../features/support/SupportPage.tsx";
import { tdsRoutes } from "../features/tds/routes.tsx";
import { UpdateLogsPage } from "../features/update-logs/UpdateLogsPage.tsx";
import {
  HomeRedirect,
  ManagersOnlyRoutes,
  OrganisationYearRoutes,
  PublicOnlyRoutes,
  RedirectWhenSignedIn,
  SignedInRoutes,
} from "./route-guards.tsx";
import { OrganisationShell } from "./shell/OrganisationShell.tsx";
import { PersonShell } from "./shell/PersonShell.tsx";

/** The three route groups of spec/product.md 2.1–2.3, each behind its guard. */
export const appRoutes: RouteObject[] = [
  { path: "/", element: <HomeRedirect /> },
  {
    element: <PublicOnlyRoutes />,
    children: [
      { path: "/signin", element: <SignInPage /> },
      // spec/api.md §2 lists /login among the auth pages: the same sign-in.
      { path: "/login", element: <Navigate to="/signin" replace /> },
      { path: "/signup", element: <SignUpPage /> },
      { path: "/forgetPassword", element: <ForgotPasswordPage /> },
      { path: "/verify/reset/otp/:userId", element: <ResetPasswordOtpPage /> },
      { path: "/verify/reset/token/:token", element: <ResetPasswordTokenPage /> },
    ],
  },
  {
    element: <RedirectWhenSignedIn to="/demo-login-completed" />,
    children: [{ path: "/demo-login", element: <DemoLoginPage /> }],
  },
  {
    element: <RedirectWhenSignedIn to="/sign-up-completed" />,
    children: [
      { path: "/verify/signup/otp/:userId/:email", element: <VerifySignUpOtpPage /> },
      { path: "/verify/signup/token/:token", element: <VerifySignUpTokenPage /> },
    ],
  },
  {
    element: <SignedInRoutes />,
    children: [
      {
        element: <PersonShell />,
        children: [
          { path: "/organisations", element: <OrganisationsPage /> },
          { path: "/add-organisation", element: <AddOrganisationPage /> },
        ],
      },
      { path: "/demo-login-completed", element: <DemoLoginCompletedPage /> },
      { path: "/sign-up-completed", element: <SignUpCompletedPage /> },
    ],
  },
  {
    path: "/:organisationId/:year",
    element: <OrganisationYearRoutes />,
    children: [
      {
        element: <OrganisationShell />,
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: "dashboard", element: <DashboardPage /> },
          ...reportRoutes,
          {
            element: <ManagersOnlyRoutes what="settings" />,
            children: [{ path: "settings/organisation", element: <OrganisationSettingsPage /> }],
          },
          {
            element: <ManagersOnlyRoutes what="users" />,
            children: [{ path: "settings/users", element: <UsersSettingsPage /> }],
          },
          {
            element: <ManagersOnlyRoutes what="lockPeriods" />,
            children: [
              {
                path: "settings/lock-period",
                lazy: async () => ({
                  Component: (await import("../features/lock-period/LockPeriodPage.tsx"))
                    .LockPeriodPage,
                }),
              },
            ],
          },
          ...gstReturnRoutes,
          ...gstr2Routes,
          ...tdsRoutes,
          ...ewayBillRoutes,
          { path: "settings/profile", element: <ProfilePage /> },
          { path: "updatelogs", element: <UpdateLogsPage /> },
          { path: "support-or-feedback", element: <SupportPage /> },
          // Everyone's trail for owners and admins, one's own for others (the server decides).
          { path: "settings/users/activity", element: <ActivityLogPage /> },
          ...mastersRoutes,
          ...sendingRoutes,
          ...importRoutes,
          ...workingScreenRoutes,
          ...entryRoutes,
          ...printingRoutes,
          ...documentSettingsRoutes,
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
