import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { openAccountModal } from "../../components/inputs/master-modals.ts";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { MastersModalHost } from "./MastersModalHost.tsx";

const ORGANISATION = makeOrganisation({
  _id: "org-1",
  gstRegistered: true,
  gstRegType: "regular",
  gstin: "27AABCS1234C1ZX",
});

const LOOKUP = {
  gstin: "27AAPFU0939F1ZV",
  name: "PATIL FOODS LLP",
  legalName: "PATIL FOODS LLP",
  tradeName: "Patil Foods",
  gstRegType: "regular",
  taxpayerType: "Regular",
  status: "Cancelled",
  registrationDate: "2018-04-01",
  cancellationDate: "2024-06-30",
  address: "12 FC Road, Pune, Maharashtra, 411004",
  stateCode: "27",
  pan: "AAPFU0939F",
};

let nameAvailable = true;
const sent: { method: string; url: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? "GET";
  sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url.startsWith("/api/gst/")) return jsonResponse(200, LOOKUP);
  if (url.startsWith("/api/account/gstinalreadypresent"))
    return jsonResponse(200, { alreadyPresent: true, accountName: "Reliance Retail" });
  if (url.startsWith("/api/account/accountnameavailablecheck"))
    return jsonResponse(
      200,
      nameAvailable
        ? { available: true }
        : { available: false, message: "An account with same name already exists." },
    );
  if (url.startsWith("/api/customfield/")) return jsonResponse(200, { customFields: [] });
  if (url === "/api/account/add" && method === "POST") {
    const body = JSON.parse(String(init?.body)) as { name: string; nature: string };
    return jsonResponse(200, {
      success: true,
      accountId: "a-new",
      account: { _id: "a-new", name: body.name, nature: body.nature },
      message: "Successfully added a new account.",
    });
  }
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  sent.length = 0;
  nameAvailable = true;
  notifications.clean();
});

function renderModal(request: Parameters<typeof openAccountModal>[0] = { mode: "add" }) {
  renderPage(<MastersModalHost />, {
    at: "/org-1/2024-25/account/list",
    path: "/:organisationId/:year/account/list",
    session: { status: "signedIn", organisations: [ORGANISATION] },
  });
  openAccountModal(request);
  return screen.findByRole("dialog", {
    name: request.mode === "add" ? "Add Account" : "Edit Account",
  });
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  const input = within(dialog).getByRole("combobox", { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

const type = (element: HTMLElement, value: string) => {
  element.focus();
  fireEvent.change(element, { target: { value } });
};

describe("Add/Edit Account modal (spec 2.8, 4, 5)", { timeout: 20_000 }, () => {
  test("Enter with nothing filled names the two required fields", async () => {
    const dialog = await renderModal();
    const name = within(dialog).getByRole("textbox", { name: "Account Name" });
    fireEvent.submit(name.closest("form") as HTMLFormElement);
    expect(await within(dialog).findByText("Account Name is Required!.")).toBeTruthy();
    expect(within(dialog).getByText("Nature of Account is Required!.")).toBeTruthy();
    expect(sent.filter((call) => call.url === "/api/account/add")).toHaveLength(0);
  });

  test("a debtor of a regular organisation: type and state are required, then a GSTIN sets the state", async () => {
    const dialog = await renderModal();
    type(within(dialog).getByRole("textbox", { name: "Account Name" }), "Patil");
    await choose(dialog, "Nature of Account", "Debtors");
    fireEvent.submit(dialog.querySelector("form") as HTMLFormElement);
    expect(await within(dialog).findByText("GST Registration Type is Required!.")).toBeTruthy();
    expect(within(dialog).getByText("Please select state.")).toBeTruthy();

    const state = within(dialog).getByRole("combobox", { name: "State" }) as HTMLInputElement;
    expect(state.disabled).toBe(false);
    type(within(dialog).getByRole("textbox", { name: "GSTIN" }), "27AAPFU0939F1ZV");
    await waitFor(() => expect(state.value).toBe("27 - Maharashtra"));
    expect(state.disabled).toBe(true);
    expect((within(dialog).getByRole("textbox", { name: "PAN" }) as HTMLInputElement).value).toBe(
      "AAPFU0939F",
    );
    expect(within(dialog).queryByText("Please select state.")).toBeNull();
    // A valid GSTIN means a registration: the type is filled and its refusal goes (issue 25).
    const registration = within(dialog).getByRole("combobox", {
      name: "GST Registration Type",
    }) as HTMLInputElement;
    await waitFor(() => expect(registration.value).toBe("Regular"));
    fireEvent.submit(dialog.querySelector("form") as HTMLFormElement);
    await waitFor(() =>
      expect(within(dialog).queryByText("GST Registration Type is Required!.")).toBeNull(),
    );
  });

  test("typing part of a nature and Enter picks the first match (issue 25)", async () => {
    const dialog = await renderModal();
    const nature = within(dialog).getByRole("combobox", {
      name: "Nature of Account",
    }) as HTMLInputElement;
    nature.focus();
    fireEvent.change(nature, { target: { value: "credi" } });
    fireEvent.keyDown(nature, { key: "Enter", code: "Enter" });
    await waitFor(() => expect(nature.value).toBe("Creditors"));
  });

  test("the lookup fills the details; a cancelled status is red and both warnings show", async () => {
    const dialog = await renderModal();
    await choose(dialog, "Nature of Account", "Debtors");
    type(within(dialog).getByRole("textbox", { name: "GSTIN" }), "27AAPFU0939F1ZV");
    const status = await within(dialog).findByText("GST Status: Cancelled");
    expect(status.getAttribute("style") ?? "").toContain("red");
    expect(
      (within(dialog).getByRole("textbox", { name: "Account Name" }) as HTMLInputElement).value,
    ).toBe("Patil Foods");
    expect(
      (within(dialog).getByRole("textbox", { name: "Billing Address" }) as HTMLTextAreaElement)
        .value,
    ).toBe("12 FC Road, Pune, Maharashtra, 411004");
    expect(
      within(dialog).getByText(
        "This GSTIN is cancelled from 30-06-2024. Sales invoices dated after the cancellation cannot be uploaded in GSTR-1.",
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        "This GSTIN is already used by the account “Reliance Retail”. You can still save.",
      ),
    ).toBeTruthy();
    expect(
      sent.some((call) => call.url === "/api/gst/?organisationId=org-1&gstin=27AAPFU0939F1ZV"),
    ).toBe(true);
  });

  test("leaving Debtors clears the party's fields", async () => {
    const dialog = await renderModal();
    await choose(dialog, "Nature of Account", "Debtors");
    type(within(dialog).getByRole("textbox", { name: "GSTIN" }), "27AAPFU09");
    type(within(dialog).getByRole("textbox", { name: "Mobile Number" }), "98765");
    await choose(dialog, "Nature of Account", "Bank");
    expect(within(dialog).queryByRole("textbox", { name: "GSTIN" })).toBeNull();
    await choose(dialog, "Nature of Account", "Creditors");
    expect((within(dialog).getByRole("textbox", { name: "GSTIN" }) as HTMLInputElement).value).toBe(
      "",
    );
    expect(
      (within(dialog).getByRole("textbox", { name: "Mobile Number" }) as HTMLInputElement).value,
    ).toBe("");
  });

  test("the name is checked on leaving it", async () => {
    nameAvailable = false;
    const dialog = await renderModal();
    const name = within(dialog).getByRole("textbox", { name: "Account Name" });
    type(name, "Cash");
    fireEvent.blur(name);
    expect(
      await within(dialog).findByText("An account with same name already exists."),
    ).toBeTruthy();
  });

  test("a balance without its side, a short mobile", async () => {
    const dialog = await renderModal();
    type(within(dialog).getByRole("textbox", { name: "Account Name" }), "Patil");
    await choose(dialog, "Nature of Account", "Debtors");
    await choose(dialog, "GST Registration Type", "Unregistered");
    await choose(dialog, "State", "27 - Maharashtra");
    type(within(dialog).getByRole("textbox", { name: "Opening Balance" }), "500");
    type(within(dialog).getByRole("textbox", { name: "Mobile Number" }), "98765");
    fireEvent.submit(dialog.querySelector("form") as HTMLFormElement);
    expect(await within(dialog).findByText("Please Select Opening Balance Type.")).toBeTruthy();
    expect(within(dialog).getByText("Mobile number must be exactly 10 digits.")).toBeTruthy();
  });

  test("Save & New saves, says so, empties the form and hands the account over", async () => {
    const onSaved = vi.fn();
    const dialog = await renderModal({ mode: "add", nature: "Bank", onSaved });
    const name = within(dialog).getByRole("textbox", { name: "Account Name" }) as HTMLInputElement;
    type(name, "hdfc bank");
    expect(name.value).toBe("Hdfc Bank");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save & New" }));
    expect(await screen.findByText("Account Added")).toBeTruthy();
    expect(screen.getByText("Successfully added a new account.")).toBeTruthy();
    await waitFor(() => expect(name.value).toBe(""));
    expect(onSaved).toHaveBeenCalledWith({ _id: "a-new", name: "Hdfc Bank", nature: "Bank" });
    const add = sent.find((call) => call.url === "/api/account/add");
    expect(add?.body).toMatchObject({
      organisationId: "org-1",
      name: "Hdfc Bank",
      nature: "Bank",
      openingBalance: 0,
    });
    // The preselected nature stays for the next one.
    expect(
      (within(dialog).getByRole("combobox", { name: "Nature of Account" }) as HTMLInputElement)
        .value,
    ).toBe("Bank");
  });

  test("Save & Close closes the modal", async () => {
    const dialog = await renderModal({ mode: "add", nature: "Cash" });
    type(within(dialog).getByRole("textbox", { name: "Account Name" }), "Petty Cash");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save & Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Account" })).toBeNull());
  });
});
