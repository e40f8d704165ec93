import { getVoucherDefinition, VOUCHER_TYPES } from "@bahi/domain";
import type { RouteObject } from "react-router";
import { EntryRoute } from "./components/EntryPage.tsx";

/**
 * spec 2.3, per document type: add, edit/{id}, duplicate/{id}, old-version/{id}/{version}, for
 * the 12 types from the registry's route words (sales, purchases, credit-note, …). Spread into
 * the organisation-and-year routes.
 */
export const entryRoutes: RouteObject[] = VOUCHER_TYPES.flatMap((type) => {
  const word = getVoucherDefinition(type).routeWord;
  return [
    { path: `${word}/add`, element: <EntryRoute type={type} mode="add" /> },
    { path: `${word}/edit/:entryId`, element: <EntryRoute type={type} mode="edit" /> },
    { path: `${word}/duplicate/:entryId`, element: <EntryRoute type={type} mode="duplicate" /> },
    {
      path: `${word}/old-version/:entryId/:version`,
      element: <EntryRoute type={type} mode="old-version" />,
    },
  ];
});
