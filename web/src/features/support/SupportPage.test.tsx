import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { SUPPORT_QUERY_REQUIRED, SupportPage } from "./SupportPage.tsx";

const SENT = "Thank you. Your message has been sent to Bahi support; we will reply to your email.";
const USER = {
  _id: "u-1",
  name: "Asha Verma",
  email: "asha@example.in",
  mobileNumber: null,
  userSupportId: "BH7K2M9QXR",
  emailVerified: true,
  mobileVerified: false,
  hasPassword: true,
};

const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const path = String(input);
  if (path.startsWith("/api/user/")) return jsonResponse(200, { user: USER });
  if (path === "/api/misc/supportquery") return jsonResponse(200, { success: true, message: SENT });
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderSupport() {
  return renderPage(<SupportPage />, {
    at: "/org-1/2024-25/support-or-feedback",
    path: "/:organisationId/:year/support-or-feedback",
    session: { status: "signedIn", organisations: [makeOrganisation()] },
  });
}

const supportCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input) === "/api/misc/supportquery");

describe("support or feedback (spec 2.3, 2.4)", () => {
  test("sends the trimmed question with the organisation and year, then clears and thanks", async () => {
    renderSupport();
    expect(await screen.findByText(/Your Support ID is BH7K2M9QXR/)).toBeTruthy();
    const box = screen.getByLabelText(/Your question or feedback/) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "  How do I add opening stock?  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(supportCalls()).toHaveLength(1);
    const [, init] = supportCalls()[0] as [unknown, RequestInit];
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      organisationId: "org-1",
      year: "2024-25",
      supportQuery: "How do I add opening stock?",
    });
    expect(box.value).toBe("");
  });

  test("a blank message is not sent and says what is missing", async () => {
    renderSupport();
    fireEvent.change(screen.getByLabelText(/Your question or feedback/), {
      target: { value: "   " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(SUPPORT_QUERY_REQUIRED)).toBeTruthy();
    expect(supportCalls()).toHaveLength(0);
  });
});
