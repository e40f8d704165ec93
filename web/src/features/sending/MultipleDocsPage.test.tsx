import { buildEntryApiPath, VOUCHER_REGISTRY } from "@bahi/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { MultipleDocsPage } from "./MultipleDocsPage.tsx";

const SESSION = {
  status: "signedIn" as const,
  organisations: [makeOrganisation({ _id: "org-1", name: "Gupta Traders" })],
};

const ASHA = {
  _id: "a-asha",
  organisationId: "org-1",
  name: "Asha Traders",
  displayName: "Asha Traders",
  nature: "Debtors",
  groupId: 1,
  openingBalance: 0,
  openingBalanceType: "dr",
  gstin: null,
  state: "27",
  gstRate: -2,
  billingAddress: null,
  shippingAddress: null,
  mobileNo: null,
  email: "asha@example.in",
  pan: null,
  tan: null,
  gstType: null,
  gstRegDate: null,
  gstCanDate: null,
  gstRegStatus: null,
  gstinname: null,
  rcmSales: false,
  rcmPurchase: false,
  customFieldValues: {},
  active: true,
  isSystem: false,
  version: 1,
};

let sent: Record<string, unknown>[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/account/accountslist"))
        return jsonResponse(200, { accounts: [ASHA] });
      if (url.startsWith("/api/multipledocs/getemailtemplate")) {
        expect(url).toContain("accountId=a-asha");
        expect(url).toContain("type=salesInvoice");
        return jsonResponse(200, {
          success: true,
          perDocument: false,
          templates: [
            {
              _id: null,
              name: "Standard",
              subject: "Documents from Gupta Traders",
              template: "Dear Asha Traders,\n\nPlease find attached:\n\n{documentList}",
            },
          ],
        });
      }
      if (url.startsWith(`/api${buildEntryApiPath("salesInvoice", "list")}?`)) {
        return jsonResponse(200, {
          [VOUCHER_REGISTRY.salesInvoice.listKey]: [
            { _id: "e1", number: "7", date: "2025-05-10", totalAmount: 1260 },
          ],
          count: 1,
        });
      }
      if (url.startsWith("/api/multipledocs/sendbulkemail")) {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, {
          success: true,
          message: "Email sent successfully",
          results: [
            {
              entryId: "e1",
              transactionType: "salesInvoice",
              number: "7",
              status: "queued",
              message: "Email sent successfully",
            },
          ],
        });
      }
      return jsonResponse(404, { message: "Not here." });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("Send Multiple Docs: the message (decision 084)", () => {
  test("starts from the server's text for the party, and sends what the person edited", async () => {
    renderPage(<MultipleDocsPage />, {
      at: "/org-1/2025-26/tools/multiple-docs",
      path: "/:organisationId/:year/tools/multiple-docs",
      session: SESSION,
    });
    const picker = screen.getByRole("combobox", { name: "Party" });
    picker.focus();
    fireEvent.change(picker, { target: { value: "Asha" } });
    fireEvent.click(await screen.findByRole("option", { name: /Asha Traders/ }));

    const subject = (await screen.findByLabelText("Subject")) as HTMLInputElement;
    await waitFor(() => expect(subject.value).toBe("Documents from Gupta Traders"));
    const message = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    expect(message.value).toBe("Dear Asha Traders,\n\nPlease find attached:\n\n{documentList}");
    expect(
      screen.getByText("{documentList} becomes the list of the chosen documents."),
    ).toBeTruthy();
    expect((screen.getByLabelText("Email address") as HTMLInputElement).value).toBe(
      "asha@example.in",
    );

    fireEvent.change(subject, { target: { value: "Bills for {customerName}" } });
    fireEvent.change(message, { target: { value: "Namaste,\n{documentList}\nThanks" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose 7" }));
    fireEvent.click(screen.getByRole("button", { name: "Send 1" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      organisationId: "org-1",
      accountId: "a-asha",
      email: "asha@example.in",
      subject: "Bills for {customerName}",
      body: "Namaste,\n{documentList}\nThanks",
      documents: [{ entryId: "e1", transactionType: "salesInvoice" }],
    });
    expect(await screen.findByText("queued")).toBeTruthy();
  });
});
