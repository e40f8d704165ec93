import { buildEntryApiPath, VOUCHER_REGISTRY } from "@bahi/domain";
import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../api/http.ts";
import { notify } from "../../app/notify.tsx";
import { makeAccount } from "../../test/accounts.ts";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { MultipleDocsPage } from "./MultipleDocsPage.tsx";

const SESSION = {
  status: "signedIn" as const,
  organisations: [makeOrganisation({ _id: "org-1", name: "Gupta Traders" })],
};

const ASHA = makeAccount({
  _id: "a-asha",
  name: "Asha Traders",
  displayName: "Asha Traders",
  state: "27",
  email: "asha@example.in",
});

let sent: Record<string, unknown>[];
/** The party's documents as the list answers them; a promise that never settles keeps it loading. */
let listAnswer: () => Promise<Response>;
/** What the send answers; the default is the one document queued. */
let sendAnswer: (() => Response) | null;

beforeEach(() => {
  sent = [];
  listAnswer = async () =>
    jsonResponse(200, {
      [VOUCHER_REGISTRY.salesInvoice.listKey]: [
        { _id: "e1", number: "7", date: "2025-05-10", totalAmount: 1260 },
      ],
      count: 1,
    });
  sendAnswer = null;
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
        return listAnswer();
      }
      if (url.startsWith("/api/multipledocs/sendbulkemail")) {
        sent.push(JSON.parse(String(init?.body)));
        if (sendAnswer) return sendAnswer();
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
afterEach(() => {
  // Toasts live in a store of their own: one test's must not show in the next.
  notifications.clean();
  api.configure({ notifyError: () => {} });
  vi.unstubAllGlobals();
});

function renderMultipleDocs() {
  return renderPage(<MultipleDocsPage />, {
    at: "/org-1/2025-26/tools/multiple-docs",
    path: "/:organisationId/:year/tools/multiple-docs",
    session: SESSION,
  });
}

async function pickAsha() {
  const picker = screen.getByRole("combobox", { name: "Party" });
  picker.focus();
  fireEvent.change(picker, { target: { value: "Asha" } });
  fireEvent.click(await screen.findByRole("option", { name: /Asha Traders/ }));
}

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

describe("Send Multiple Docs: what the screen shows", () => {
  test("empty: before a party, a hint and nothing to send; a party without documents, a sentence", async () => {
    listAnswer = async () =>
      jsonResponse(200, { [VOUCHER_REGISTRY.salesInvoice.listKey]: [], count: 0 });
    renderMultipleDocs();
    expect(screen.getByRole("heading", { name: "Send Multiple Docs" })).toBeTruthy();
    expect(screen.getByText("Choose a debtor or creditor to see their documents.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Send/ })).toBeNull();
    expect(screen.queryByLabelText("Email address")).toBeNull();

    await pickAsha();
    expect(await screen.findByText("Asha Traders has no sales invoices in 2025-26.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("0 chosen")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);
  });

  test("loading: a loader while the party's documents are asked for", async () => {
    listAnswer = () => new Promise<Response>(() => undefined);
    renderMultipleDocs();
    await pickAsha();
    await waitFor(() => expect(document.querySelector(".mantine-Loader-root")).not.toBeNull());
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText(/has no sales invoices/)).toBeNull();
    expect(screen.queryByText("Choose a debtor or creditor to see their documents.")).toBeNull();
  });

  test("data: each document with its date and amount; Choose all chooses every one", async () => {
    listAnswer = async () =>
      jsonResponse(200, {
        [VOUCHER_REGISTRY.salesInvoice.listKey]: [
          { _id: "e1", number: "7", date: "2025-05-10", totalAmount: 1260 },
          { _id: "e2", number: "8", date: "2025-06-02", totalAmount: 500.5 },
        ],
        count: 2,
      });
    renderMultipleDocs();
    await pickAsha();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain("10-05-2025");
    expect(rows[1]?.textContent).toContain("1,260.00");
    expect(rows[2]?.textContent).toContain("500.50");
    fireEvent.click(within(table).getByRole("checkbox", { name: "Choose all" }));
    expect(screen.getByText("2 chosen")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send 2" })).toHaveProperty("disabled", false);
    expect(
      (within(table).getByRole("checkbox", { name: "Choose 8" }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  test("refusal: a document the server could not send says why, with the failure's toast", async () => {
    sendAnswer = () =>
      jsonResponse(200, {
        success: false,
        message: "No document could be sent.",
        results: [
          {
            entryId: "e1",
            transactionType: "salesInvoice",
            number: "7",
            status: "failed",
            message: "The mail server refused the address.",
          },
        ],
      });
    renderMultipleDocs();
    await pickAsha();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose 7" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).not.toBe(""),
    );
    fireEvent.click(screen.getByRole("button", { name: "Send 1" }));
    expect(await screen.findByText("Failed: The mail server refused the address.")).toBeTruthy();
    expect(screen.getByText("Could not send email")).toBeTruthy();
    expect(screen.getByText("No document could be sent.")).toBeTruthy();
  });

  test("refusal: the server's message when it refuses the send itself", async () => {
    api.configure({ notifyError: (title, message) => notify({ type: "danger", title, message }) });
    sendAnswer = () => jsonResponse(422, { message: "The party has no email address." });
    renderMultipleDocs();
    await pickAsha();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose 7" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).not.toBe(""),
    );
    fireEvent.click(screen.getByRole("button", { name: "Send 1" }));
    expect(await screen.findByText("The party has no email address.")).toBeTruthy();
    expect(screen.getByText("Could not send email")).toBeTruthy();
    expect(screen.queryByText("queued")).toBeNull();
    // The send is over: the button is back, still offering the one document.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Send 1" })).toHaveProperty("disabled", false),
    );
  });

  test("refusal before asking: an address that is not one is named under the field", async () => {
    renderMultipleDocs();
    await pickAsha();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose 7" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).not.toBe(""),
    );
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "asha@" } });
    fireEvent.click(screen.getByRole("button", { name: "Send 1" }));
    expect(await screen.findAllByText("Please enter a valid email address")).not.toHaveLength(0);
    expect(screen.getByText("Invalid Email")).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
