import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import type { DocumentLink } from "./document-links.api.ts";
import { SharedLinksButton } from "./SharedLinks.tsx";

const DOCUMENT = { organisationId: "org-1", entryId: "e7", type: "salesInvoice" };

function link(id: string, overrides: Partial<DocumentLink>): DocumentLink {
  return {
    _id: id,
    entryId: "e7",
    transactionType: "salesInvoice",
    createdBy: "u1",
    createdAt: "2025-11-21T09:35:00.000Z",
    expiresAt: "2025-12-21T09:35:00.000Z",
    revokedAt: null,
    lastOpenedAt: null,
    openCount: 0,
    state: "active",
    ...overrides,
  };
}

let links: DocumentLink[];
let revokeBodies: unknown[];

beforeEach(() => {
  revokeBodies = [];
  links = [
    link("l1", { openCount: 3, lastOpenedAt: "2025-11-22T04:30:00.000Z" }),
    link("l2", {
      createdAt: "2025-10-01T09:35:00.000Z",
      expiresAt: "2025-10-31T09:35:00.000Z",
      state: "expired",
    }),
    link("l3", {
      createdAt: "2025-11-20T09:35:00.000Z",
      revokedAt: "2025-11-20T10:35:00.000Z",
      state: "revoked",
    }),
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/documentlinks/list")) {
        expect(url).toContain("entryId=e7");
        expect(url).toContain("transactionType=salesInvoice");
        return jsonResponse(200, { links });
      }
      if (url.startsWith("/api/documentlinks/revoke")) {
        const body = JSON.parse(String(init?.body)) as { linkId?: string };
        revokeBodies.push(body);
        let revoked = 0;
        links = links.map((row) => {
          if (row.state !== "active" || (body.linkId && body.linkId !== row._id)) return row;
          revoked++;
          return { ...row, state: "revoked", revokedAt: "2025-11-23T04:30:00.000Z" };
        });
        return jsonResponse(200, { success: true, revoked });
      }
      return jsonResponse(404, { message: "Not here." });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  renderPage(<SharedLinksButton document={DOCUMENT} label="Tax Invoice INV-7" />);
  fireEvent.click(screen.getByRole("button", { name: "Shared links" }));
  const dialog = await screen.findByRole("dialog", { name: "Shared links" });
  await within(dialog).findByRole("table", { name: "Shared links" });
  return dialog;
}

describe("Shared links (decision 080)", () => {
  test("lists each link with its state, opens and expiry; only active links can be revoked", async () => {
    const dialog = await openDialog();
    const rows = within(dialog).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const [active, expired, revoked] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(active).getByText("Active")).toBeTruthy();
    expect(within(active).getByText("3")).toBeTruthy();
    expect(within(active).getByText("last 22-11-2025 10:00 am")).toBeTruthy();
    expect(within(active).getByText("21-12-2025 03:05 pm")).toBeTruthy();
    expect(within(active).getByRole("button", { name: /^Revoke the link/ })).toBeTruthy();
    expect(within(expired).getByText("Expired")).toBeTruthy();
    expect(within(expired).queryByRole("button")).toBeNull();
    expect(within(revoked).getByText("Revoked")).toBeTruthy();
    expect(within(revoked).queryByRole("button")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Revoke all (1)" })).toBeTruthy();
  });

  test("Revoke withdraws that link and the list shows it revoked", async () => {
    links.push(link("l4", { createdAt: "2025-11-21T11:00:00.000Z" }));
    const dialog = await openDialog();
    const first = within(dialog).getAllByRole("row")[1] as HTMLElement;
    fireEvent.click(within(first).getByRole("button", { name: /^Revoke the link/ }));
    expect(await screen.findByText("Link revoked")).toBeTruthy();
    expect(revokeBodies).toEqual([{ organisationId: "org-1", linkId: "l1" }]);
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Revoke all (1)" })).toBeTruthy(),
    );
    const after = within(dialog).getAllByRole("row")[1] as HTMLElement;
    expect(within(after).getByText("Revoked")).toBeTruthy();
  });

  test("Revoke all withdraws every live link of the document", async () => {
    links.push(link("l4", { createdAt: "2025-11-21T11:00:00.000Z" }));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke all (2)" }));
    expect(await screen.findByText("2 links revoked")).toBeTruthy();
    expect(revokeBodies).toEqual([
      { organisationId: "org-1", entryId: "e7", transactionType: "salesInvoice" },
    ]);
    await waitFor(() =>
      expect(within(dialog).queryByRole("button", { name: /^Revoke/ })).toBeNull(),
    );
    expect(within(dialog).getAllByText("Revoked")).toHaveLength(3);
  });

  test("a document never shared says so", async () => {
    links = [];
    renderPage(<SharedLinksButton document={DOCUMENT} label="Tax Invoice INV-7" />);
    fireEvent.click(screen.getByRole("button", { name: "Shared links" }));
    expect(await screen.findByText("No links have been shared for this document.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Revoke all/ })).toBeNull();
  });
});
