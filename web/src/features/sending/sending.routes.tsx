import type { RouteObject } from "react-router";
import { ManagersOnlyRoutes } from "../../app/route-guards.tsx";
import { MultipleDocsPage } from "./MultipleDocsPage.tsx";
import { TemplateFormPage } from "./TemplateFormPage.tsx";
import { TemplatesPage } from "./TemplatesPage.tsx";

/** Message templates (spec 2.3 settings) and Send Multiple Docs. */
export const sendingRoutes: RouteObject[] = [
  { path: "tools/multiple-docs", element: <MultipleDocsPage /> },
  { path: "settings/email-template/list", element: <TemplatesPage channel="email" /> },
  { path: "settings/whatsapp-template/list", element: <TemplatesPage channel="whatsapp" /> },
  {
    element: <ManagersOnlyRoutes what="settings" />,
    children: [
      {
        path: "settings/email-template/add",
        element: <TemplateFormPage channel="email" mode="add" />,
      },
      {
        path: "settings/email-template/edit/:id",
        element: <TemplateFormPage channel="email" mode="edit" />,
      },
      {
        path: "settings/whatsapp-template/add",
        element: <TemplateFormPage channel="whatsapp" mode="add" />,
      },
      {
        path: "settings/whatsapp-template/edit/:id",
        element: <TemplateFormPage channel="whatsapp" mode="edit" />,
      },
    ],
  },
];
