import { notifications } from "@mantine/notifications";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { SendFlow } from "./SendFlow.tsx";

const TARGET = {
  kind: "document" as const,
  organisationId: "org-1",
  entryId: "e1",
  type: "salesInvoice",
  label: "Tax Invoice 7",
};

let opened: string[];

beforeEach(() => {
  opened = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith("/api/getpdf/getphone"))
        return jsonResponse(200, {
          success: true,
          accountNature: "Debtors",
          accountName: "Asha Traders",
          accountId: "a1",
          phone: "9876543210",
        });
      if (url.startsWith("/api/getpdf/getwhatsapptemplate"))
        return jsonResponse(200, {
          success: true,
          templates: [{ _id: null, name: "Standard", template: "Dear Asha Traders, {link}" }],
        });
      if (url.startsWith("/api/getpdf/transactionpdf"))
        return jsonResponse(200, {
          success: true,
          message: "WhatsApp opened with the message — press Send there",
          chatUrl: "https://wa.me/919876543210?text=Dear",
        });
      return jsonResponse(404, { message: `unexpected ${url}` });
    }),
  );
  vi.stubGlobal(
    "open",
    vi.fn((url: string) => {
      opened.push(url);
      return { opener: {} } as unknown as Window;
    }),
  );
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe("SendFlow on WhatsApp without the Business account (issue 40)", () => {
  test("opens wa.me and says WhatsApp opened, not that the message was sent", async () => {
    renderPage(<SendFlow target={TARGET} channel="whatsapp" onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Send WhatsApp" });
    await within(dialog).findByDisplayValue("Dear Asha Traders, {link}");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText("WhatsApp opened with the message — press Send there"),
    ).toBeTruthy();
    expect(screen.queryByText("Message sent successfully")).toBeNull();
    expect(opened).toEqual(["https://wa.me/919876543210?text=Dear"]);
  });
});
