import type { RouteObject } from "react-router";
import { BankEntriesPage } from "./BankEntriesPage.tsx";
import { BankImportPage } from "./BankImportPage.tsx";
import { OtherImportPage } from "./OtherImportPage.tsx";
import { TallyImportPage } from "./TallyImportPage.tsx";

/** The import screens under /{organisationId}/{year}/ (spec 2.3), spread into the router. */
export const importRoutes: RouteObject[] = [
  { path: "imports/bank", element: <BankImportPage /> },
  { path: "imports/bank-entries/:recordId", element: <BankEntriesPage /> },
  { path: "imports/other", element: <OtherImportPage /> },
  { path: "imports/tally", element: <TallyImportPage /> },
];
