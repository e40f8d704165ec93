import {
  ENTRY_INPUT_SCHEMAS,
  financialYearRange,
  rupeesToPaise,
  UQC_UNITS,
  type VoucherType,
  validateGstin,
} from "@bahi/domain";
import { describe, expect, test } from "vitest";
import {
  type BookIds,
  type GeneratedBooks,
  type GeneratedEntry,
  generateBooks,
  parseVoucherRef,
  VOUCHER_MIX,
} from "./book-generator.ts";

const OPTIONS = { seed: 42, vouchers: 10_000, year: "2025-26", stateCode: "27" } as const;

/** Stand-in ids: the generator only copies them into payloads. */
function fakeIds(books: GeneratedBooks): BookIds {
  const system = [
    "sales",
    "purchases",
    "outputCgst",
    "outputSgst",
    "outputIgst",
    "outputCess",
    "inputCgst",
    "inputSgst",
    "inputIgst",
    "inputCess",
    "rcmCgstPayable",
    "rcmSgstPayable",
    "rcmIgstPayable",
    "rcmCessPayable",
    "roundOff",
    "cash",
  ] as const;
  return {
    organisationId: "org-1",
    accounts: books.accounts.map((_, index) => `account-${index}`),
    items: books.items.map((_, index) => `item-${index}`),
    systemAccounts: Object.fromEntries(
      system.map((key) => [key, `system-${key}`]),
    ) as BookIds["systemAccounts"],
  };
}

const books = generateBooks(OPTIONS);
const entries: GeneratedEntry[] = [...books.entries(fakeIds(books))];

const signed = (account: { openingBalance: number; openingBalanceType?: "dr" | "cr" }) =>
  rupeesToPaise(account.openingBalance) * (account.openingBalanceType === "cr" ? -1 : 1);

describe("generateBooks", () => {
  test("the same seed gives the same books; another seed other books", () => {
    const again = generateBooks(OPTIONS);
    expect(again.accounts).toEqual(books.accounts);
    expect(again.items).toEqual(books.items);
    const first = [...again.entries(fakeIds(again))].slice(0, 500);
    expect(first).toEqual(entries.slice(0, 500));
    // Iterating twice starts again from the seed.
    expect([...again.entries(fakeIds(again))].slice(0, 50)).toEqual(entries.slice(0, 50));
    const other = generateBooks({ ...OPTIONS, seed: 43 });
    expect(other.accounts.map((account) => account.name)).not.toEqual(
      books.accounts.map((account) => account.name),
    );
  });

  test("300 accounts: mostly parties, opening balances that net to zero", () => {
    expect(books.accounts).toHaveLength(300);
    const byNature = (nature: string) => books.accounts.filter((a) => a.nature === nature);
    expect(byNature("Debtors").length).toBeGreaterThanOrEqual(170);
    expect(byNature("Creditors").length).toBeGreaterThanOrEqual(70);
    for (const nature of [
      "Bank",
      "Capital",
      "Fixed Asset",
      "Direct Expense",
      "Indirect Expense",
      "Indirect Income",
      "Secured Loan",
    ]) {
      expect(byNature(nature).length, nature).toBeGreaterThan(0);
    }
    // With the items' opening amounts on the Closing Stock account (decision 040).
    const openingStock = books.items.reduce(
      (sum, item) => sum + rupeesToPaise(item.openingBalanceAmount),
      0,
    );
    expect(openingStock).toBeGreaterThan(0);
    expect(books.accounts.reduce((sum, account) => sum + signed(account), 0) + openingStock).toBe(
      0,
    );
    expect(books.accounts[books.busyDebtor]).toMatchObject({ nature: "Debtors", state: "27" });
  });

  test("about half the parties have a GSTIN, each with a correct check character and its state", () => {
    const parties = books.accounts.filter(
      (a) => a.nature === "Debtors" || a.nature === "Creditors",
    );
    const registered = parties.filter((party) => party.gstin);
    expect(registered.length / parties.length).toBeGreaterThan(0.35);
    expect(registered.length / parties.length).toBeLessThan(0.65);
    for (const party of registered) {
      expect(validateGstin(party.gstin as string), party.gstin).toBeNull();
      expect(party.gstin?.slice(0, 2)).toBe(party.state);
    }
    expect(validateGstin(books.organisation.gstin)).toBeNull();
    expect(registered.some((party) => party.state !== "27")).toBe(true);
  });

  test("2,000 items: goods with a UQC unit and a 4-8 digit HSN, services with a SAC", () => {
    expect(books.items).toHaveLength(2000);
    const units = new Set(UQC_UNITS.map((unit) => unit.code));
    const goods = books.items.filter((item) => item.type === "goods");
    expect(goods.length / books.items.length).toBeCloseTo(0.9, 2);
    for (const item of goods) {
      expect(units.has(item.uom as string), item.uom).toBe(true);
      expect(item.hsnCode).toMatch(/^(\d{4}|\d{6}|\d{8})$/);
    }
    for (const item of books.items.filter((i) => i.type === "services")) {
      expect(item.sacCode).toMatch(/^99\d{4}$/);
    }
    for (const item of books.items) {
      expect([0, 5, 12, 18, 28]).toContain(item.gstRate);
      expect(item.standardSellingPrice).toBeGreaterThanOrEqual(10);
      expect(item.standardSellingPrice).toBeLessThanOrEqual(50_000);
      expect(item.name.length).toBeLessThanOrEqual(50);
    }
    const names = [...books.accounts, ...books.items].map((m) => m.name.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  test("vouchers come in date order across the year, in realistic proportions", () => {
    const { startDate, endDate } = financialYearRange(OPTIONS.year);
    expect(entries).toHaveLength(OPTIONS.vouchers);
    expect(entries[0]?.payload.date).toBe(startDate);
    expect(entries.at(-1)?.payload.date).toBe(endDate);
    for (let i = 1; i < entries.length; i += 1) {
      expect((entries[i]?.payload.date as string) >= (entries[i - 1]?.payload.date as string)).toBe(
        true,
      );
    }
    const counts = new Map<VoucherType, number>();
    for (const entry of entries) counts.set(entry.type, (counts.get(entry.type) ?? 0) + 1);
    for (const [type, share] of Object.entries(VOUCHER_MIX) as [VoucherType, number][]) {
      const actual = ((counts.get(type) ?? 0) / entries.length) * 100;
      expect(Math.abs(actual - share), type).toBeLessThan(Math.max(1, share * 0.2));
    }
  });

  test("sales invoices have 1-8 lines; some are inter-state; a few purchases are under reverse charge", () => {
    const sales = entries.filter((entry) => entry.type === "salesInvoice");
    const lineCounts = sales.map((entry) => (entry.payload.itemDetails as unknown[]).length);
    expect(Math.min(...lineCounts)).toBe(1);
    expect(Math.max(...lineCounts)).toBe(8);
    const interState = sales.filter((entry) => (entry.payload.igstAmount as number) > 0).length;
    expect(interState / sales.length).toBeGreaterThan(0.1);
    const purchases = entries.filter((entry) => entry.type === "purchases");
    const reverseCharge = purchases.filter((entry) => entry.payload.rcmApplicable === true).length;
    expect(reverseCharge).toBeGreaterThan(0);
    expect(reverseCharge / purchases.length).toBeLessThan(0.08);
    const busyId = `account-${books.busyDebtor}`;
    const busyShare =
      sales.filter((e) => e.payload.cashOrDebtorAccountId === busyId).length / sales.length;
    expect(busyShare).toBeGreaterThan(0.035);
    expect(busyShare).toBeLessThan(0.065);
  });

  test("no item's stock ever goes below zero: goods are bought before they are sold", () => {
    const stock = new Map(
      books.items.map((item, index) => [
        `item-${index}`,
        Math.round(item.openingBalanceQuantity * 1000),
      ]),
    );
    const goods = new Set(
      books.items.flatMap((item, index) => (item.type === "goods" ? [`item-${index}`] : [])),
    );
    const sign: Partial<Record<VoucherType, number>> = {
      salesInvoice: -1,
      purchases: 1,
      creditNote: 1,
      debitNote: -1,
    };
    let lowest = 0;
    let soldLines = 0;
    for (const { type, payload } of entries) {
      const direction = sign[type];
      if (direction === undefined || payload.type === "adjustment") continue;
      for (const line of payload.itemDetails as { itemId: string; quantity: number }[]) {
        if (!goods.has(line.itemId)) continue;
        if (direction < 0) soldLines += 1;
        const next = (stock.get(line.itemId) ?? 0) + direction * Math.round(line.quantity * 1000);
        stock.set(line.itemId, next);
        lowest = Math.min(lowest, next);
      }
    }
    expect(lowest).toBe(0);
    // Sales still sell goods, not only services.
    expect(soldLines).toBeGreaterThan(8_000);
  });

  test("every payload passes its add schema", () => {
    for (const entry of entries) {
      const parsed = ENTRY_INPUT_SCHEMAS[entry.type].add.safeParse(entry.payload);
      expect(
        parsed.success,
        `${entry.type} #${entry.ref}: ${JSON.stringify(parsed.error?.issues)}`,
      ).toBe(true);
    }
  });

  test("bill-wise allocations name earlier invoices of the same party and never exceed what is pending; debit notes to customers raise them", () => {
    const pending = new Map<number, { party: string; paise: number; type: VoucherType }>();
    const released = new Set<number>();
    let allocated = 0;
    for (const entry of entries) {
      const { payload } = entry;
      if (entry.type === "salesInvoice" || entry.type === "purchases") {
        pending.set(entry.ref, {
          party: payload.cashOrDebtorAccountId as string,
          paise: rupeesToPaise(payload.totalAmount as number),
          type: entry.type,
        });
      }
      const lines =
        entry.type === "receipts" || entry.type === "payments"
          ? (payload.entries as {
              accountId: string;
              billWiseEntries: { entryId: string; amount: number }[];
            }[])
          : [
              {
                accountId: payload.cashOrDebtorAccountId as string,
                billWiseEntries: (payload.billWiseEntries ?? []) as {
                  entryId: string;
                  amount: number;
                }[],
              },
            ];
      for (const line of lines) {
        for (const allocation of line.billWiseEntries) {
          const ref = parseVoucherRef(allocation.entryId) as number;
          const invoice = pending.get(ref);
          expect(invoice, `${entry.type} #${entry.ref}`).toBeDefined();
          expect(released.has(ref)).toBe(false);
          expect(entry.uses).toContain(ref);
          expect(invoice?.party).toBe(line.accountId);
          expect(invoice?.type).toBe(
            entry.type === "receipts" ||
              entry.type === "creditNote" ||
              entry.type === "salesDebitNote"
              ? "salesInvoice"
              : "purchases",
          );
          // A debit note to a customer raises what is pending (decision 066); the rest settle.
          const raises = entry.type === "salesDebitNote" ? -1 : 1;
          (invoice as { paise: number }).paise -= raises * rupeesToPaise(allocation.amount);
          expect(invoice?.paise).toBeGreaterThanOrEqual(0);
          allocated += 1;
        }
      }
      for (const ref of entry.released) {
        expect(pending.get(ref)?.paise).toBe(0);
        released.add(ref);
      }
    }
    expect(allocated).toBeGreaterThan(1000);
  });

  test("a few debit notes to customers: a rate difference on one line, against a recent invoice", () => {
    const notes = entries.filter((entry) => entry.type === "salesDebitNote");
    // 0.5 % of 10,000 vouchers, as VOUCHER_MIX says (the proportions test bounds it).
    expect(notes.length).toBeGreaterThan(25);
    expect(notes.length).toBeLessThan(80);
    const invoices = new Map(
      entries.filter((entry) => entry.type === "salesInvoice").map((entry) => [entry.ref, entry]),
    );
    let against = 0;
    for (const note of notes) {
      expect(note.payload.narration).toBe("Rate difference");
      expect(note.payload).not.toHaveProperty("type");
      expect(note.payload.itemDetails as unknown[]).toHaveLength(1);
      expect(note.payload.totalAmount as number).toBeGreaterThan(0);
      for (const allocation of note.payload.billWiseEntries as {
        entryId: string;
        amount: number;
      }[]) {
        const invoice = invoices.get(parseVoucherRef(allocation.entryId) as number);
        expect(invoice?.payload.cashOrDebtorAccountId).toBe(note.payload.cashOrDebtorAccountId);
        expect((invoice?.payload.date as string) < (note.payload.date as string)).toBe(true);
        expect(allocation.amount).toBe(note.payload.totalAmount);
        against += 1;
      }
    }
    // Most are made out against an invoice of the customer's.
    expect(against / notes.length).toBeGreaterThan(0.7);
  });

  test("the demo's shorter year ends at its end date", () => {
    const demo = generateBooks({
      ...OPTIONS,
      vouchers: 300,
      accounts: 120,
      items: 400,
      endDate: "2025-09-30",
    });
    const list = [...demo.entries(fakeIds(demo))];
    expect(list.at(-1)?.payload.date).toBe("2025-09-30");
    expect(demo.accounts).toHaveLength(120);
  });
});
