import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeAccount } from "../../test/accounts.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import {
  AccountPicker,
  describeNatureRestriction,
  NATURE_RESTRICTION_SENTENCE,
  NO_ACCOUNT_FOUND,
} from "./AccountPicker.tsx";
import type { AccountRecord } from "./account-options.ts";
import { dropdownSideFor } from "./dropdown-side.ts";
import { closeAccountModal, useMasterModals } from "./master-modals.ts";

function account(id: string, name: string, nature: AccountRecord["nature"]): AccountRecord {
  return makeAccount({ _id: id, name, displayName: name, nature });
}

const ACCOUNTS = [
  account("a-cash", "Cash", "Cash"),
  account("a-hdfc", "HDFC Bank", "Bank"),
  account("a-patil", "Patil Traders", "Debtors"),
];

const NEW_BANK = account("a-sbi", "SBI Current Account", "Bank");

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith("/api/account/accountslist")) return jsonResponse(200, { accounts: ACCOUNTS });
  return jsonResponse(404, { message: "Not here." });
});
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  closeAccountModal();
});

const onChange = vi.fn();

function Harness(props: { natures?: AccountRecord["nature"][] }) {
  const [value, setValue] = useState<string | null>(null);
  const { account: request } = useMasterModals();
  return (
    <>
      <AccountPicker
        label="Account"
        value={value}
        onChange={(id, record) => {
          setValue(id);
          onChange(id, record);
        }}
        {...props}
      />
      {request && <p>Add Account modal for {request.mode === "add" ? request.nature : ""}</p>}
      {request && (
        <button type="button" onClick={() => request.onSaved?.(NEW_BANK)}>
          Save the new account
        </button>
      )}
    </>
  );
}

async function setUp(props: { natures?: AccountRecord["nature"][] } = {}, focus = true) {
  renderPage(<Harness {...props} />, { at: "/org-1/2024-25/x", path: "/:organisationId/:year/x" });
  const input = screen.getByRole("combobox", { name: "Account" }) as HTMLInputElement;
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
    "/api/account/accountslist?organisationId=org-1&active=true",
  );
  if (focus) input.focus();
  return input;
}

describe("AccountPicker (spec 5 'Account picker')", () => {
  test("offers every active account, searchable, and chooses one", async () => {
    const input = await setUp();
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(3));
    expect(screen.queryByText(NATURE_RESTRICTION_SENTENCE)).toBeNull();
    fireEvent.change(input, { target: { value: "patil" } });
    expect(screen.getAllByRole("option")).toHaveLength(1);
    fireEvent.click(screen.getByRole("option", { name: /Patil Traders/ }));
    expect(onChange).toHaveBeenLastCalledWith("a-patil", ACCOUNTS[2]);
    expect(input.value).toBe("Patil Traders");
  });

  test("restricted by nature, it says so and lists the numbered natures", async () => {
    await setUp({ natures: ["Cash", "Bank"] });
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(screen.getByText(NATURE_RESTRICTION_SENTENCE)).toBeTruthy();
    expect(NATURE_RESTRICTION_SENTENCE).toBe(
      "You’ll only see accounts of these specific types here, as they’re the only ones allowed.",
    );
    expect(screen.getByText("1. Cash")).toBeTruthy();
    expect(screen.getByText("2. Bank")).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Patil Traders/ })).toBeNull();
    expect(describeNatureRestriction(["Debtors", "Creditors"])).toEqual([
      "1. Debtors",
      "2. Creditors",
    ]);
  });

  test("'No Account Found' when nothing matches", async () => {
    const input = await setUp();
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(3));
    fireEvent.change(input, { target: { value: "zzz" } });
    expect(screen.getByText(NO_ACCOUNT_FOUND)).toBeTruthy();
    expect(NO_ACCOUNT_FOUND).toBe("No Account Found");
  });

  test("Alt+C opens the Add Account modal with the allowed nature and chooses the new account", async () => {
    const input = await setUp({ natures: ["Bank"] });
    fireEvent.keyDown(input, { key: "c", code: "KeyC", altKey: true });
    expect(await screen.findByText("Add Account modal for Bank")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save the new account" }));
    expect(onChange).toHaveBeenLastCalledWith("a-sbi", NEW_BANK);
    expect(input.value).toBe("SBI Current Account");
  });

  test("opens upward when less than 240 px is free below (spec 9)", async () => {
    const input = await setUp({}, false);
    vi.spyOn(input, "getBoundingClientRect").mockReturnValue({
      bottom: window.innerHeight - 100,
    } as DOMRect);
    input.focus();
    await waitFor(() =>
      expect(
        screen.getByRole("listbox").closest("[data-position]")?.getAttribute("data-position"),
      ).toBe("top-start"),
    );
    expect(dropdownSideFor(500, 739)).toBe("top");
    expect(dropdownSideFor(500, 740)).toBe("bottom");
  });
});
