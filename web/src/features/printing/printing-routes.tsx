import { getVoucherDefinition, listPrintableVoucherTypes, VOUCHER_TYPES } from "@bahi/domain";
import type { RouteObject } from "react-router";
import { DocumentSettingsPage } from "./DocumentSettingsPage.tsx";
import { PrintPreviewPage } from "./PrintPreviewPage.tsx";

/**
 * spec 2.3: {transactiontype}/print/{id}, and {parentType}/{transactiontype}/print/{id} for a
 * receipt or payment printed from its invoice; settings/{document} for the types with settings.
 */
export const printingRoutes: RouteObject[] = [
  ...listPrintableVoucherTypes().flatMap((type) => {
    const definition = getVoucherDefinition(type);
    const parent = definition.print?.parentType;
    return [
      {
        path: `${definition.routeWord}/print/:entryId`,
        element: <PrintPreviewPage key={type} type={type} />,
      },
      ...(parent
        ? [
            {
              path: `${getVoucherDefinition(parent).routeWord}/${definition.routeWord}/print/:entryId`,
              element: <PrintPreviewPage key={`${parent}-${type}`} type={type} />,
            },
          ]
        : []),
    ];
  }),
];

export const documentSettingsRoutes: RouteObject[] = VOUCHER_TYPES.flatMap((type) => {
  const settings = getVoucherDefinition(type).settings;
  return settings
    ? [{ path: `settings/${settings.routeWord}`, element: <DocumentSettingsPage type={type} /> }]
    : [];
});
