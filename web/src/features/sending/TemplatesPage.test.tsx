import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../api/http.ts";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { TemplatesPage } from "./TemplatesPage.tsx";

const SESSION = {
  status: "signedIn" as const,
  organisations: [makeOrganisation({ _id: "org-1", name: "Gupta Traders" })],
};

const template = (name: string, isDefault: boolean, version: number) => ({
  _id: `t-${name}`,
  organisationId: "org-1",
  name,
  type: "salesInvoice",
  typeName: "Sales Invoice",
  subject: `${name} {invoiceNumber}`,
  template: `${name} text`,
  isDefault,
  version,
});

let stored: ReturnType<typeof template>[];
let puts: Record<string, unknown>[];

beforeEach(() => {
  stored = [template("Alpha", false, 1), template("Zeta", true, 2)];
  puts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/settings/getemailtemplate?"))
        return jsonResponse(200, { templates: stored, count: stored.length });
      if (url.startsWith("/api/settings/setdefaultemailtemplate")) {
        const body = JSON.parse(String(init?.body));
        puts.push(body);
        // As the server does: the chosen one becomes the default, the old one stops being it.
        stored = stored.map((row) => ({
          ...row,
          isDefault: row._id === body.templateId ? body.isDefault : false,
          version: row.version + 1,
        }));
        return jsonResponse(200, { success: true, message: "Default template set" });
      }
      return jsonResponse(404, { message: `unexpected ${url}` });
    }),
  );
});
afterEach(() => {
  notifications.clean();
  api.configure({ notifyError: () => {} });
  vi.unstubAllGlobals();
});

describe("Email Templates: the default of a type (decision 410)", () => {
  test("shows which is the default and makes another one the default", async () => {
    renderPage(<TemplatesPage channel="email" />, {
      at: "/org-1/2025-26/settings/email-template/list",
      path: "/:organisationId/:year/settings/email-template/list",
      session: SESSION,
    });
    const zetaRow = (await screen.findByText("Zeta")).closest("tr") as HTMLElement;
    expect(within(zetaRow).getByText("Default")).toBeTruthy();
    const alphaRow = screen.getByText("Alpha").closest("tr") as HTMLElement;
    expect(within(alphaRow).queryByText("Default")).toBeNull();

    fireEvent.click(
      within(alphaRow).getByRole("button", { name: "Make Alpha the default for Sales Invoice" }),
    );
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      organisationId: "org-1",
      templateId: "t-Alpha",
      version: 1,
      isDefault: true,
    });
    await screen.findByText("Default template set");
    await waitFor(() => {
      const alpha = screen.getByText("Alpha").closest("tr") as HTMLElement;
      expect(within(alpha).getByText("Default")).toBeTruthy();
    });
    const zeta = screen.getByText("Zeta").closest("tr") as HTMLElement;
    expect(within(zeta).queryByText("Default")).toBeNull();
    expect(
      within(zeta).getByRole("button", { name: "Make Zeta the default for Sales Invoice" }),
    ).toBeTruthy();
  });
});
