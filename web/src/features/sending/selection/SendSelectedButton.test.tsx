import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../../test/render.tsx";
import { SendSelectedButton } from "./SendSelectedButton.tsx";

let sent: Record<string, unknown>[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/multipledocs/sendselectedemail")) {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, {
          success: true,
          message: "1 email sent; 1 skipped without an email address.",
          sent: 1,
          skipped: 1,
          failed: 0,
          results: [
            {
              entryId: "e1",
              transactionType: "salesInvoice",
              number: "7",
              partyName: "Asha Traders",
              email: "asha@example.in",
              status: "queued",
              message: "Email sent successfully",
            },
            {
              entryId: "e2",
              transactionType: "salesInvoice",
              number: "8",
              partyName: "Walk-in",
              email: "",
              status: "skipped",
              message: "The party has no email address. Add one to the account to send it.",
            },
          ],
        });
      }
      return jsonResponse(404, { message: `unexpected ${url}` });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("SendSelectedButton (issue 40)", () => {
  test("sends the chosen invoices once confirmed and shows each one's result", async () => {
    renderPage(
      <SendSelectedButton
        organisationId="org-1"
        type="salesInvoice"
        selected={[
          { _id: "e1", number: "7" },
          { _id: "e2", number: "8" },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Send Selected (2)" }));
    const confirm = await screen.findByRole("dialog", { name: "Send 2 sales invoices by email" });
    expect(within(confirm).getByText(/Parties without an email address are skipped/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Send" }));
    const results = await screen.findByRole("dialog", { name: "Sent by email" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      organisationId: "org-1",
      documents: [
        { entryId: "e1", transactionType: "salesInvoice" },
        { entryId: "e2", transactionType: "salesInvoice" },
      ],
    });
    expect(typeof sent[0]?.requestId).toBe("string");
    expect(
      within(results).getByText("1 email sent; 1 skipped without an email address."),
    ).toBeTruthy();
    const rows = within(results).getAllByRole("row").slice(1);
    expect(within(rows[0] as HTMLElement).getByText("Sent")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Skipped")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/no email address/)).toBeTruthy();
  });

  test("nothing chosen: the button is disabled; a type without a print has none", async () => {
    const { unmount } = renderPage(
      <SendSelectedButton organisationId="org-1" type="salesInvoice" selected={[]} />,
    );
    const button = (await screen.findByRole("button", {
      name: "Send Selected",
    })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    unmount();
    renderPage(
      <SendSelectedButton
        organisationId="org-1"
        type="journalEntry"
        selected={[{ _id: "j1", number: "1" }]}
      />,
    );
    await waitFor(() => expect(screen.queryByRole("button", { name: /Send Selected/ })).toBeNull());
  });
});
