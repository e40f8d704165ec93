import { describe, expect, test } from "vitest";
import { decideContactStep } from "./send-flow.ts";

describe("the contact check (spec 4)", () => {
  test("a debtor without an email is asked for one first", () => {
    expect(
      decideContactStep(
        { accountNature: "Debtors", accountName: "Ravi", accountId: "a1", email: "" },
        "email",
      ),
    ).toEqual({ step: "add", accountId: "a1", accountName: "Ravi" });
  });

  test("a creditor with a phone goes straight to the send dialog, addressed", () => {
    expect(
      decideContactStep(
        { accountNature: "Creditors", accountName: "Mehta", accountId: "a2", phone: "9876543210" },
        "whatsapp",
      ),
    ).toEqual({ step: "send", to: "9876543210", accountName: "Mehta" });
  });

  test("other natures, or no party, open the send dialog empty", () => {
    expect(
      decideContactStep(
        { accountNature: "Cash-in-hand", accountName: "Cash", accountId: "c", email: "x@y.in" },
        "email",
      ),
    ).toEqual({ step: "send", to: "", accountName: "Cash" });
    expect(
      decideContactStep({ accountNature: "", accountName: "", accountId: "", email: "" }, "email"),
    ).toEqual({ step: "send", to: "", accountName: "" });
  });
});
