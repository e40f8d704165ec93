import { Outlet, type RouteObject } from "react-router";
import { useOrganisationScope } from "../../app/shell/use-current-scope.ts";
import { NotFoundPage } from "../not-found/NotFoundPage.tsx";
import { AccountsPage, NatureAccountsPage } from "./AccountsPage.tsx";
import { ClosingStockPage } from "./ClosingStockPage.tsx";
import { CustomFieldsPage } from "./CustomFieldsPage.tsx";
import { ItemsPage } from "./ItemsPage.tsx";
import { OpeningBalancesPage } from "./OpeningBalancesPage.tsx";

/** spec 2.3: the item routes exist only where the organisation manages inventory. */
function InventoryOnlyRoutes() {
  const { organisation } = useOrganisationScope();
  return organisation.manageInventory ? <Outlet /> : <NotFoundPage />;
}

/** The masters' pages under /{organisationId}/{year}/ (spec 2.3), spread into the router. */
export const mastersRoutes: RouteObject[] = [
  { path: "account/list", element: <AccountsPage /> },
  { path: "account/list-with-opening-balances", element: <OpeningBalancesPage /> },
  { path: "list/:accountnature", element: <NatureAccountsPage /> },
  {
    element: <InventoryOnlyRoutes />,
    children: [
      { path: "items/list", element: <ItemsPage /> },
      { path: "items/closing-stock", element: <ClosingStockPage /> },
    ],
  },
  { path: "settings/custom-fields", element: <CustomFieldsPage /> },
];
