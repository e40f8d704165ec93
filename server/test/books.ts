import { computeDocument, findAccountGroup, paiseToRupees, rupeesToPaise } from "@bahi/domain";
import { sql } from "kysely";
import { newId } from "../src/lib/ids.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "./people.ts";
import { createTestApp, type TestContext } from "./test-app.ts";

// Masters for voucher tests, written straight into the tables the masters module owns; the
// vouchers under test go through the real API.

export async function insertAccount(
  context: TestContext,
  organisationId: string,
  input: {
    name: string;
    nature: string;
    openingBalancePaise?: number;
    gstin?: string;
    stateCode?: string;
    gstType?: string;
    billingAddress?: string;
    shippingAddress?: string;
  },
): Promise<string> {
  const group = findAccountGroup(input.nature);
  if (!group) throw new Error(`no such nature ${input.nature}`);
  const id = newId();
  const now = new Date().toISOString();
  await context.testDatabase.database.db
    .insertInto("accounts")
    .values({
      organisation_id: organisationId,
      id,
      name: input.name,
      name_key: input.name.toLowerCase(),
      display_name: input.name,
      group_id: group.id,
      system_key: null,
      opening_balance_paise: input.openingBalancePaise ?? 0,
      gstin: input.gstin ?? null,
      state_code: input.stateCode ?? null,
      gst_rate: null,
      billing_address: input.billingAddress ?? null,
      shipping_address: input.shippingAddress ?? null,
      mobile: null,
      email: null,
      pan: null,
      tan: null,
      gst_type: input.gstType ?? null,
      gst_reg_date: null,
      gst_cancel_date: null,
      gst_reg_status: null,
      gstin_name: null,
      rcm_sales: 0,
      rcm_purchase: 0,
      itc_not_eligible: 0,
      custom_field_values: "{}",
      active: 1,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return id;
}

export async function insertItem(
  context: TestContext,
  organisationId: string,
  input: {
    name: string;
    type?: "goods" | "services";
    gstRate?: number;
    hsnCode?: string;
    sacCode?: string;
    /** NOS unless told; null: no unit. */
    uom?: string | null;
  },
): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await context.testDatabase.database.db
    .insertInto("items")
    .values({
      organisation_id: organisationId,
      id,
      name: input.name,
      name_key: input.name.toLowerCase(),
      description: null,
      type: input.type ?? "goods",
      uom: input.uom === undefined ? "NOS" : input.uom,
      hsn_code: input.hsnCode ?? null,
      sac_code: input.sacCode ?? null,
      gst_rate: String(input.gstRate ?? 18),
      cess_rate: null,
      opening_quantity_milli: 0,
      opening_value_paise: 0,
      selling_price_paise: 0,
      sale_discount_centi: 0,
      purchase_price_paise: 0,
      purchase_discount_centi: 0,
      itc_not_eligible: 0,
      custom_field_values: "{}",
      active: 1,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return id;
}

export async function systemAccountId(
  context: TestContext,
  organisationId: string,
  key: string,
): Promise<string> {
  const row = await context.testDatabase.database.db
    .selectFrom("accounts")
    .select("id")
    .where("organisation_id", "=", organisationId)
    .where("system_key", "=", key)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Σ postings per account, straight from the postings table. */
export async function balancesFromPostings(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("postings")
    .select(["account_id", (eb) => eb.fn.sum<number>("amount_paise").as("total")])
    .where("organisation_id", "=", organisationId)
    .groupBy("account_id")
    .execute();
  return new Map(
    rows.map((row) => [row.account_id, Number(row.total)]).filter(([, total]) => total !== 0) as [
      string,
      number,
    ][],
  );
}

/** Σ of the monthly balance table per account: must always equal balancesFromPostings. */
export async function balancesFromMonthlyTable(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("account_balances")
    .select(["account_id", sql<number>`sum(debit_paise) - sum(credit_paise)`.as("total")])
    .where("organisation_id", "=", organisationId)
    .groupBy("account_id")
    .execute();
  return new Map(
    rows.map((row) => [row.account_id, Number(row.total)]).filter(([, total]) => total !== 0) as [
      string,
      number,
    ][],
  );
}

type AccountMonth = { debit: number; credit: number; postings: number };

/** Per "account|month": debits, credits and how many postings, recomputed from the postings. */
export async function monthlyBalancesFromPostings(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("postings")
    .select(["account_id", "date", "amount_paise"])
    .where("organisation_id", "=", organisationId)
    .execute();
  const months = new Map<string, AccountMonth>();
  for (const row of rows) {
    const key = `${row.account_id}|${row.date.slice(0, 7)}`;
    const month = months.get(key) ?? { debit: 0, credit: 0, postings: 0 };
    if (row.amount_paise > 0) month.debit += Number(row.amount_paise);
    else month.credit -= Number(row.amount_paise);
    month.postings += 1;
    months.set(key, month);
  }
  return months;
}

/** The account_balances rows as monthlyBalancesFromPostings has them (all-zero months left out). */
export async function monthlyBalancesFromTable(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("account_balances")
    .select(["account_id", "month", "debit_paise", "credit_paise", "posting_count"])
    .where("organisation_id", "=", organisationId)
    .execute();
  const months = new Map<string, AccountMonth>();
  for (const row of rows) {
    const month = {
      debit: Number(row.debit_paise),
      credit: Number(row.credit_paise),
      postings: Number(row.posting_count),
    };
    if (month.debit !== 0 || month.credit !== 0 || month.postings !== 0)
      months.set(`${row.account_id}|${row.month}`, month);
  }
  return months;
}

type StockMonth = Record<"in" | "out" | "valueIn" | "valueOut" | "bought" | "valueBought", number>;

/** Per "item|month": stock in and out and what purchase bills brought, from the movements. */
export async function stockBalancesFromMovements(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("stock_movements")
    .select(["item_id", "date", "voucher_type", "quantity_milli", "value_paise"])
    .where("organisation_id", "=", organisationId)
    .execute();
  const months = new Map<string, StockMonth>();
  for (const row of rows) {
    const key = `${row.item_id}|${row.date.slice(0, 7)}`;
    const month = months.get(key) ?? {
      in: 0,
      out: 0,
      valueIn: 0,
      valueOut: 0,
      bought: 0,
      valueBought: 0,
    };
    const quantity = Number(row.quantity_milli);
    const value = Number(row.value_paise);
    if (quantity > 0) {
      month.in += quantity;
      month.valueIn += value;
    } else {
      month.out -= quantity;
      month.valueOut -= value;
    }
    if (row.voucher_type === "purchases") {
      month.bought += quantity;
      month.valueBought += value;
    }
    months.set(key, month);
  }
  return months;
}

/** The same figures as item_stock_balances keeps them (all-zero rows left out). */
export async function stockBalancesFromMonthlyTable(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("item_stock_balances")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .execute();
  const months = new Map<string, StockMonth>();
  for (const row of rows) {
    const month: StockMonth = {
      in: Number(row.quantity_in_milli),
      out: Number(row.quantity_out_milli),
      valueIn: Number(row.value_in_paise),
      valueOut: Number(row.value_out_paise),
      bought: Number(row.purchased_milli),
      valueBought: Number(row.purchased_paise),
    };
    if (Object.values(month).some((value) => value !== 0))
      months.set(`${row.item_id}|${row.month}`, month);
  }
  return months;
}

/** Count and total per "type|year|deleted", recomputed from the vouchers themselves. */
export async function voucherTotalsFromRows(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("vouchers")
    .select(["type", "year", "deleted_at", "amount_paise"])
    .where("organisation_id", "=", organisationId)
    .execute();
  const totals = new Map<string, { count: number; amountPaise: number }>();
  for (const row of rows) {
    const key = `${row.type}|${row.year}|${row.deleted_at === null ? 0 : 1}`;
    const total = totals.get(key) ?? { count: 0, amountPaise: 0 };
    total.count += 1;
    total.amountPaise += Number(row.amount_paise);
    totals.set(key, total);
  }
  return totals;
}

/** The same figures as voucher_totals keeps them (rows of count 0 left out). */
export async function voucherTotalsFromTable(context: TestContext, organisationId: string) {
  const rows = await context.testDatabase.database.db
    .selectFrom("voucher_totals")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .execute();
  return new Map(
    rows
      .filter((row) => Number(row.voucher_count) !== 0 || Number(row.amount_paise) !== 0)
      .map((row) => [
        `${row.type}|${row.year}|${row.deleted}`,
        { count: Number(row.voucher_count), amountPaise: Number(row.amount_paise) },
      ]),
  );
}

export function as(person: Person) {
  return { cookie: person.cookies };
}

type AccountInput = Parameters<typeof insertAccount>[2];
type ItemInput = Parameters<typeof insertItem>[2];

/** The GSTIN of the Maharashtra (27) organisation most GST tests keep books for. */
export const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";
/** A Karnataka (29) GSTIN for the other side: a customer, a supplier, a transporter. */
export const KARNATAKA_GSTIN = "29AAGCB7383J1Z4";

/** Parties the GST tests share: a registered customer in Karnataka, a walk-in, one abroad. */
export const GST_PARTIES = {
  bengaluruCustomer: {
    name: "Bengaluru Systems",
    nature: "Debtors",
    gstin: KARNATAKA_GSTIN,
    stateCode: "29",
  },
  walkIn: { name: "Walk-in", nature: "Debtors" },
  dubaiCustomer: { name: "Dubai Trading", nature: "Debtors" },
} satisfies Record<string, AccountInput>;

export interface GstRegisteredBook<A extends string, I extends string> {
  context: TestContext;
  owner: Person;
  /** Owns another organisation and is no member of this one. */
  stranger: Person;
  /** An accountant with only the rights given (sales invoices, view and add, unless told). */
  accountant: Person;
  viewer: Person;
  organisationId: string;
  strangerOrganisationId: string;
  /** The ids of the accounts asked for, by the keys they were asked under. */
  accounts: Record<A, string>;
  /** The ids of the items asked for, by the keys they were asked under. */
  items: Record<I, string>;
}

/**
 * A new test app with a GST-registered (regular) organisation in Maharashtra, its owner, a
 * stranger with an organisation of their own, a viewer and an accountant of limited rights as members,
 * and the accounts and items asked for, inserted in the order given.
 */
export async function setUpGstRegisteredBook<
  A extends string = never,
  I extends string = never,
>(input: {
  /** Overrides of the organisation/add payload (a name at least). */
  organisation: { name: string } & Record<string, unknown>;
  strangerOrganisation?: Record<string, unknown>;
  /** The accountant's transaction rights (default: sales invoices, view and add). */
  accountantRights?: unknown[];
  accounts?: Record<A, AccountInput>;
  items?: Record<I, ItemInput>;
}): Promise<GstRegisteredBook<A, I>> {
  const context = await createTestApp();
  const owner = await signUpPerson(context);
  const stranger = await signUpPerson(context);
  const accountant = await signUpPerson(context);
  const viewer = await signUpPerson(context);
  const { organisationId } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: MAHARASHTRA_GSTIN,
    gstRegType: "regular",
    ...input.organisation,
  });
  const { organisationId: strangerOrganisationId } = await createOrganisation(
    context,
    stranger.cookies,
    input.strangerOrganisation ?? { name: "Stranger Co" },
  );
  await addMember(
    context,
    owner,
    organisationId,
    accountant,
    "accountant",
    input.accountantRights ?? [
      { transactionType: "salesInvoice", view: true, add: true, edit: false, delete: false },
    ],
  );
  await addMember(context, owner, organisationId, viewer, "viewer");
  const accounts = {} as Record<A, string>;
  for (const [key, account] of Object.entries(input.accounts ?? {}) as [A, AccountInput][])
    accounts[key] = await insertAccount(context, organisationId, account);
  const items = {} as Record<I, string>;
  for (const [key, item] of Object.entries(input.items ?? {}) as [I, ItemInput][])
    items[key] = await insertItem(context, organisationId, item);
  return {
    context,
    owner,
    stranger,
    accountant,
    viewer,
    organisationId,
    strangerOrganisationId,
    accounts,
    items,
  };
}

/** One item line of a test sales document: rupees and a GST rate, as a client sends them. */
/**
 * A one-line trade document (a sale, a purchase or a note) of a goods item at nil GST, whose
 * totals are the line's quantity × rate: for tests of stock and the books, where tax is beside
 * the point.
 */
export function nilRatedTradePayload(input: {
  organisationId?: string;
  year: string;
  date: string;
  party: string;
  item: string;
  quantity: number;
  rate: number;
  extra?: Record<string, unknown>;
}) {
  const amount = input.quantity * input.rate;
  return {
    ...(input.organisationId ? { organisationId: input.organisationId } : {}),
    year: input.year,
    date: input.date,
    cashOrDebtorAccountId: input.party,
    itemDetails: [
      {
        itemId: input.item,
        quantity: input.quantity,
        rate: input.rate,
        discountType: "percent",
        discount: 0,
        gstRate: 0,
        amount,
      },
    ],
    accountDetails: [],
    grossAmount: amount,
    cgstAmount: 0,
    sgstAmount: 0,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: amount,
    ...input.extra,
  };
}

export interface SalesTestLine {
  itemId: string;
  quantity: number;
  rate: number;
  gstRate: number;
  hsnCode?: string;
}

/**
 * A sales-side document payload of a Maharashtra supplier whose amounts are the server's own
 * computation (gst/compute), so the save's totals check agrees.
 */
export function salesDocumentPayload(input: {
  organisationId: string;
  year: string;
  date: string;
  party: string;
  gstin?: string;
  pos?: string;
  lines: SalesTestLine[];
  exportOrSez?: string;
  extra?: Record<string, unknown>;
}) {
  const exportOrSez = input.exportOrSez;
  const computed = computeDocument({
    supplierStateCode: "27",
    placeOfSupply: input.pos ?? "27",
    gstApplicable: true,
    supplyType: exportOrSez?.startsWith("export")
      ? "export"
      : exportOrSez?.startsWith("sez")
        ? "sez"
        : "regular",
    exportOrSezPayment: exportOrSez?.endsWith("WithoutPayment") ? "withoutPayment" : "withPayment",
    itemLines: input.lines.map((line) => ({
      quantity: line.quantity,
      ratePaise: rupeesToPaise(line.rate),
      gstRate: line.gstRate,
    })),
  });
  return {
    organisationId: input.organisationId,
    year: input.year,
    date: input.date,
    cashOrDebtorAccountId: input.party,
    ...(input.gstin ? { gstin: input.gstin } : {}),
    ...(input.pos ? { pos: input.pos } : {}),
    ...(exportOrSez ? { gstPaymentTypeInExportOrSez: exportOrSez } : {}),
    itemDetails: input.lines.map((line, index) => ({
      itemId: line.itemId,
      hsnCode: line.hsnCode ?? "8471",
      uom: "NOS",
      quantity: line.quantity,
      rate: line.rate,
      discountType: "percent",
      discount: 0,
      gstRate: line.gstRate,
      amount: paiseToRupees(computed.itemLines[index]?.taxablePaise ?? 0),
    })),
    accountDetails: [],
    grossAmount: paiseToRupees(computed.grossPaise),
    cgstAmount: paiseToRupees(computed.cgstPaise),
    sgstAmount: paiseToRupees(computed.sgstPaise),
    igstAmount: paiseToRupees(computed.igstPaise),
    roundOffAmount: paiseToRupees(computed.roundOffPaise),
    totalAmount: paiseToRupees(computed.totalPaise),
    ...input.extra,
  };
}
