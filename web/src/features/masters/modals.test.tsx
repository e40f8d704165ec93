import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { openItemModal } from "../../components/inputs/master-modals.ts";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { AddEmailDialog, AddPhoneDialog } from "./ContactDialogs.tsx";
import { CustomFieldModal } from "./CustomFieldModal.tsx";
import { MastersModalHost } from "./MastersModalHost.tsx";
import type { CustomFieldRecord } from "./masters.api.ts";

const ORGANISATION = makeOrganisation({ _id: "org-1", manageInventory: true });
const SESSION = { status: "signedIn" as const, organisations: [ORGANISATION] };
const AT = { at: "/org-1/2024-25/x", path: "/:organisationId/:year/x", session: SESSION };

const sent: { method: string; url: string; body: Record<string, unknown> | undefined }[] = [];
let items = 0;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const method = init?.method ?? "GET";
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  sent.push({ method, url, body });
  if (url.startsWith("/api/customfield/getCustomFieldList"))
    return jsonResponse(200, { customFields: [] });
  if (url.startsWith("/api/account/accountnameavailablecheck"))
    return jsonResponse(200, { available: true });
  if (url === "/api/item/add") {
    items += 1;
    return jsonResponse(200, {
      itemId: `i-${items}`,
      item: { _id: `i-${items}`, name: body?.name },
      message: "Successfully added the new item.",
    });
  }
  if (url === "/api/customfield/edit") return jsonResponse(200, { message: "ok" });
  if (url === "/api/account/addemail") return jsonResponse(200, { success: true });
  if (url === "/api/account/addphone")
    return jsonResponse(400, { message: "Mobile number must be exactly 10 digits." });
  return jsonResponse(404, { message: "Not here." });
});
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  sent.length = 0;
  notifications.clean();
});

const type = (element: HTMLElement, value: string) => {
  element.focus();
  fireEvent.change(element, { target: { value } });
};

describe("Add/Edit Item modal (spec 4 'Item modal')", { timeout: 20_000 }, () => {
  test("Save & Copy keeps the form; Save & Close closes", async () => {
    renderPage(<MastersModalHost />, AT);
    openItemModal({ mode: "add" });
    const dialog = await screen.findByRole("dialog", { name: "Add Item" });
    const name = within(dialog).getByRole("textbox", { name: "Item Name" }) as HTMLInputElement;
    type(name, "steel rod 12mm");
    type(within(dialog).getByRole("textbox", { name: "HSN Code" }), "7214");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save & Copy" }));
    expect(await screen.findByText("Item Added & Copied")).toBeTruthy();
    expect(name.value).toBe("Steel Rod 12mm");
    expect(
      (within(dialog).getByRole("textbox", { name: "HSN Code" }) as HTMLInputElement).value,
    ).toBe("7214");
    type(name, "Steel Rod 16mm");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save & Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Item" })).toBeNull());
    expect(screen.getByText("Item Added")).toBeTruthy();
    expect(
      sent.filter((call) => call.url === "/api/item/add").map((call) => call.body?.name),
    ).toEqual(["Steel Rod 12mm", "Steel Rod 16mm"]);
  });
});

const FIELD: CustomFieldRecord = {
  _id: "cf-1",
  name: "Transporter",
  description: null,
  type: "shorttext",
  applicableFor: "salesInvoice",
  printInPdf: false,
  active: true,
  version: 2,
};

describe("Custom Field modal (spec 4)", () => {
  test("renaming an existing field warns once; Type and Applicable For stay fixed", async () => {
    const onClose = vi.fn();
    renderPage(
      <CustomFieldModal
        organisationId="org-1"
        state={{ mode: "edit", field: FIELD }}
        onClose={onClose}
      />,
      AT,
    );
    const dialog = await screen.findByRole("dialog", { name: "Edit Custom Field" });
    expect(
      (within(dialog).getByRole("combobox", { name: "Field Type" }) as HTMLInputElement).disabled,
    ).toBe(true);
    // Issue 40: Applicable For is a radio list, the saved target chosen and fixed.
    const target = within(dialog).getByRole("radio", { name: "Sales Invoice" }) as HTMLInputElement;
    expect(target.checked).toBe(true);
    expect(target.disabled).toBe(true);
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    type(name, "Transporter Name");
    type(name, "Transporter Names");
    expect(await screen.findAllByText("Renaming a custom field")).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole("switch", { name: "Print in PDF" }));
    expect(await screen.findByText("Print in PDF changed")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Custom Field Edited")).toBeTruthy();
    expect(screen.getByText("Successfully edited a field.")).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(sent.find((call) => call.url === "/api/customfield/edit")?.body).toMatchObject({
      customFieldId: "cf-1",
      name: "Transporter Names",
      printInPdf: true,
      version: 2,
    });
  });

  test("Enter saves from a field but not from the description", async () => {
    renderPage(
      <CustomFieldModal organisationId="org-1" state={{ mode: "add" }} onClose={() => {}} />,
      AT,
    );
    const dialog = await screen.findByRole("dialog", { name: "Add Custom Field" });
    const description = within(dialog).getByRole("textbox", { name: "Description" });
    fireEvent.keyDown(description, { key: "Enter" });
    expect(within(dialog).queryByText("Name is required")).toBeNull();
    fireEvent.submit(
      within(dialog).getByRole("textbox", { name: "Name" }).closest("form") as HTMLFormElement,
    );
    expect(await within(dialog).findByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("Type is required")).toBeTruthy();
  });
});

describe("Add Email Address and Add Phone Number (spec 2.8, 5)", () => {
  test("an empty or malformed address is refused with the spec's words; a good one is saved", async () => {
    renderPage(
      <AddEmailDialog opened organisationId="org-1" accountId="a-1" onClose={() => {}} />,
      AT,
    );
    const dialog = await screen.findByRole("dialog", { name: "Add Email Address" });
    const save = within(dialog).getByRole("button", { name: "Save" });
    fireEvent.click(save);
    expect(await screen.findByText("Email Required")).toBeTruthy();
    type(within(dialog).getByRole("textbox", { name: "Email address" }), "billing@contact");
    fireEvent.click(save);
    expect(await screen.findByText("Invalid Email")).toBeTruthy();
    expect(within(dialog).getByText("Please enter a valid email address")).toBeTruthy();
    type(within(dialog).getByRole("textbox", { name: "Email address" }), "billing@contact.in");
    fireEvent.click(save);
    expect(await screen.findByText("Email address saved successfully")).toBeTruthy();
    expect(sent.find((call) => call.url === "/api/account/addemail")?.body).toEqual({
      organisationId: "org-1",
      accountId: "a-1",
      email: "billing@contact.in",
    });
  });

  test("a phone needs 10 characters of digits, spaces, +, - or (); the server's refusal is a toast", async () => {
    renderPage(
      <AddPhoneDialog opened organisationId="org-1" accountId="a-1" onClose={() => {}} />,
      AT,
    );
    const dialog = await screen.findByRole("dialog", { name: "Add Phone Number" });
    const save = within(dialog).getByRole("button", { name: "Save" });
    fireEvent.click(save);
    expect(await screen.findByText("Phone Number Required")).toBeTruthy();
    type(within(dialog).getByRole("textbox", { name: "Phone number" }), "98765-432");
    fireEvent.click(save);
    expect(await screen.findByText("Invalid Phone Number")).toBeTruthy();
    expect(
      within(dialog).getByText("Please enter a valid phone number (minimum 10 digits)"),
    ).toBeTruthy();
    expect(sent.some((call) => call.url === "/api/account/addphone")).toBe(false);
  });
});
