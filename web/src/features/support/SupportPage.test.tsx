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

const GSTR3B_LINK = {
  title: "Create and file GSTR-3B: the GST portal's user guide",
  url: "https://tutorial.gst.gov.in/userguide/returns/Create_and_Submit_GSTR3B.htm",
};
const GENERAL_LINK = { title: "GST portal (gst.gov.in)", url: "https://www.gst.gov.in/" };

const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const path = String(input);
  if (path.startsWith("/api/user/")) return jsonResponse(200, { user: USER });
  if (path === "/api/misc/supportquery") return jsonResponse(200, { success: true, message: SENT });
  if (path.startsWith("/api/support/supportlinks")) {
    const pageLink = new URL(path, "http://bahi.test").searchParams.get("pageLink");
    return pageLink?.endsWith("/returns/gstr3B")
      ? jsonResponse(200, { success: true, forPage: true, data: [GSTR3B_LINK, GENERAL_LINK] })
      : jsonResponse(200, { success: true, forPage: false, data: [GENERAL_LINK] });
  }
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderSupport(at = "/org-1/2024-25/support-or-feedback") {
  return renderPage(<SupportPage />, {
    at,
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

describe("help links on the support screen (decision 034)", () => {
  const linkCalls = () =>
    fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/api/support/supportlinks"));

  test("coming from GSTR-3B: help for this page, opening in a new tab", async () => {
    renderSupport(
      `/org-1/2024-25/support-or-feedback?from=${encodeURIComponent("/org-1/2024-25/returns/gstr3B")}`,
    );
    expect(await screen.findByRole("heading", { name: "Help for this page" })).toBeTruthy();
    const link = screen.getByRole("link", { name: GSTR3B_LINK.title }) as HTMLAnchorElement;
    expect(link.href).toBe(GSTR3B_LINK.url);
    expect(link.target).toBe("_blank");
    expect(link.rel).toContain("noopener");
    expect(screen.getByRole("link", { name: GENERAL_LINK.title })).toBeTruthy();
    const asked = new URL(String(linkCalls()[0]?.[0]), "http://bahi.test");
    expect(asked.searchParams.get("pageLink")).toBe("/org-1/2024-25/returns/gstr3B");
  });

  test("with no page to come from, the general list without a page", async () => {
    renderSupport();
    expect(await screen.findByRole("heading", { name: "Help" })).toBeTruthy();
    expect(screen.queryByText("Help for this page")).toBeNull();
    expect(screen.getByRole("link", { name: GENERAL_LINK.title }).getAttribute("rel")).toContain(
      "noopener",
    );
    expect(String(linkCalls()[0]?.[0])).toBe("/api/support/supportlinks");
  });

  test("a from that is not a path of the app is not sent", async () => {
    renderSupport(
      `/org-1/2024-25/support-or-feedback?from=${encodeURIComponent("https://evil.example")}`,
    );
    expect(await screen.findByRole("heading", { name: "Help" })).toBeTruthy();
    expect(String(linkCalls()[0]?.[0])).toBe("/api/support/supportlinks");
  });
});
