import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { renderPage } from "../../../test/render.tsx";
import { type DocumentForm, emptyDocumentForm } from "../model/document-form.ts";
import type { EntryContext } from "../model/entry-context.ts";
import { TransportDetails } from "./EntryFormSections.tsx";
import type { TransportDisplay } from "./use-entry-settings.ts";

const context: EntryContext = {
  type: "salesInvoice",
  organisationId: "org-1",
  year: "2025-26",
  today: "2025-06-15",
  organisation: {
    stateCode: "27",
    gstRegistered: true,
    gstRegType: "regular",
    manageInventory: true,
    billWiseEntry: true,
  },
};

function Harness({ display, vehicle = "" }: { display: TransportDisplay; vehicle?: string }) {
  const [form, setForm] = useState<DocumentForm>(() => {
    const empty = emptyDocumentForm(context);
    return { ...empty, transport: { ...empty.transport, vehicleNumber: vehicle } };
  });
  return (
    <TransportDetails
      display={display}
      form={form}
      update={(recipe) => setForm((current) => recipe(current))}
      errors={{}}
      context={context}
      readOnly={false}
    />
  );
}

const section = () => screen.queryByRole("group", { name: "Transport Details" });
const opener = () =>
  screen.queryByRole("button", { name: "Add transport details (for the e-way bill)" });

describe("Transport Details on a sales invoice (issue 40: for the e-way bill, without a print setting)", () => {
  test("without the print setting they wait behind a button that opens them", () => {
    renderPage(<Harness display="collapsed" />);
    expect(section()).toBeNull();
    fireEvent.click(opener() as HTMLElement);
    expect(section()).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Transporter Name" })).toBeTruthy();
  });

  test("filled details show open; the setting opens them; a type carrying no goods has none", () => {
    const filled = renderPage(<Harness display="collapsed" vehicle="MH12AB1234" />);
    expect(section()).toBeTruthy();
    filled.unmount();
    const open = renderPage(<Harness display="open" />);
    expect(section()).toBeTruthy();
    expect(opener()).toBeNull();
    open.unmount();
    renderPage(<Harness display="none" />);
    expect(section()).toBeNull();
    expect(opener()).toBeNull();
  });
});
