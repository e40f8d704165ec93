import { applyPercent, gstinCheckCharacter, paiseToRupees, rupeesToPaise } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { expect } from "vitest";
import type { Person } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";

// Helpers shared by the API tests of the masters (accounts, items, custom fields, GSTIN, stock).

/** A valid GSTIN of `state` for `pan` (the check character computed, not copied). */
export function makeGstin(state: string, pan: string, entity = "1"): string {
  const first14 = `${state}${pan}${entity}Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

export function call(context: TestContext, person: Person, options: InjectOptions) {
  return context.app.inject({
    ...options,
    headers: { ...(options.headers as Record<string, string> | undefined), cookie: person.cookies },
  });
}

/** A call that must answer 200; gives the body. */
export async function ok(context: TestContext, person: Person, options: InjectOptions) {
  const response = await call(context, person, options);
  expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(200);
  return response.json();
}

/** A call that must be refused with `status`; gives the body. */
export async function refused(
  context: TestContext,
  person: Person,
  options: InjectOptions,
  status: number,
) {
  const response = await call(context, person, options);
  expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(status);
  return response.json() as { message: string; errors?: { path: string; message: string }[] };
}

/**
 * A sales invoice of `quantity` × ₹500 at 18 % to `party` in Maharashtra, dated 10 May 2025
 * (the payload vouchers.api.test.ts works by hand).
 */
export function salesInvoicePayload(
  organisationId: string,
  party: string,
  itemId: string,
  quantity = 2,
) {
  const taxable = quantity * 500;
  const half = paiseToRupees(applyPercent(rupeesToPaise(taxable), 9));
  return {
    organisationId,
    year: "2025-26",
    date: "2025-05-10",
    cashOrDebtorAccountId: party,
    pos: "27",
    itemDetails: [
      {
        itemId,
        quantity,
        rate: 500,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: taxable,
      },
    ],
    accountDetails: [],
    grossAmount: taxable,
    cgstAmount: half,
    sgstAmount: half,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: taxable + 2 * half,
  };
}
