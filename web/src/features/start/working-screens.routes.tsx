import { VOUCHER_REGISTRY, VOUCHER_TYPES } from "@bahi/domain";
import type { RouteObject } from "react-router";
import { CrashTestPage } from "../../app/error-screen/CrashTestPage.tsx";
import { VoucherListPage } from "../lists/VoucherListPage.tsx";
import { StartScreen } from "./StartScreen.tsx";

/**
 * The working screens under /{organisationId}/{year}/: the start screen (spec 2.4), the generic
 * list of every voucher type, live and deleted (spec 2.5), and the crash-test page that lets the
 * error screen be tried (it is the not-found page unless the test flag is set).
 */
export const workingScreenRoutes: RouteObject[] = [
  { path: "start", element: <StartScreen /> },
  ...VOUCHER_TYPES.flatMap((type): RouteObject[] => {
    const word = VOUCHER_REGISTRY[type].routeWord;
    return [
      { path: `${word}/list`, element: <VoucherListPage type={type} view="live" /> },
      { path: `${word}/deleted-entries`, element: <VoucherListPage type={type} view="deleted" /> },
    ];
  }),
  { path: "crash-test", element: <CrashTestPage /> },
];
