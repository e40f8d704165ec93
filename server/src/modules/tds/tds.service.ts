import {
  basisPointsToPercent,
  challanInterest,
  DEDUCTEE_TYPES,
  type DeducteeType,
  ENTRY_INPUT_SCHEMAS,
  type FinancialYear,
  financialYearOf,
  financialYearRange,
  financialYearStartYear,
  isTdsSectionCode,
  type LowerDeductionCertificate,
  paiseToRupees,
  rupeesToPaise,
  suggestTds,
  type TdsSectionCode,
  tdsDepositDueDate,
  tdsQuarterRange,
  tdsSectionsOn,
  validatePan,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import type { Caller } from "../access/caller.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { requireLiveAccount } from "../accounts/accounts.service.ts";
import { readTdsSettings } from "../organisations/settings.service.ts";
import {
  type Deduction,
  listDeductions,
  listPartyCredits,
} from "../tds-facts/tds-facts.service.ts";
import { bringTdsFactsUpToDate } from "../vouchers/tds-facts-backfill.ts";
import { ensureNamedLedgers, ensureTdsPayableLedgers } from "../vouchers/tds-ledgers.ts";
import { createVouchers, type VoucherDeps } from "../vouchers/vouchers.service.ts";
import * as repo from "./tds.repository.ts";

export const TDS_SERVICE_MESSAGES = {
  challanEntryUnknown: "An entry named is not a TDS deduction of this organisation.",
  challanSection: (entry: string, section: string) =>
    `Entry ${entry} deducted under ${section}; a challan pays one section.`,
  challanPaid: (entry: string) => `The deduction of entry ${entry} is already paid by a challan.`,
  challanTax: (total: string) => `Tax must be the deductions' total: ₹${total}.`,
  challanBeforeDeduction: "A challan cannot be dated before a deduction it pays.",
  challanLate: (owed: string, parts: string) =>
    `This deposit owes ₹${owed} of interest under section 201(1A): ${parts}. Enter interest of at least ₹${owed}.`,
  noTan:
    "The organisation has no TAN. Enter it in Settings → Organisation: TDS statements, certificates and challans are made out against it.",
  reportUnfiled: (count: number) =>
    `${count} deduction${count === 1 ? " has" : "s have"} no challan yet; the statement can hold only deposited tax. Make the challans first.`,
  noDeductions: "This deductee has no deductions in the quarter.",
} as const;

const INTEREST_LEDGER = "Interest and Fees on TDS";
const INDIRECT_EXPENSE = "Indirect Expense";

const rupees = (paise: number) => paiseToRupees(paise);

/** GET /tds/sections: the sections in force on a date, rates in percent and thresholds in rupees. */
export async function readSections(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; date: string },
) {
  await requireOrganisationAccess(db, caller, query.organisationId);
  const sections = tdsSectionsOn(query.date);
  return {
    date: query.date,
    act: sections[0]?.act === "2025" ? "Income-tax Act, 2025" : "Income-tax Act, 1961",
    sections: sections.map((version) => ({
      section: version.code,
      name: version.name,
      rates: Object.fromEntries(
        DEDUCTEE_TYPES.map((type) => [type, basisPointsToPercent(version.rates[type])]),
      ),
      noPanRate: basisPointsToPercent(version.noPanRate),
      singleThreshold: version.singleThreshold === null ? null : rupees(version.singleThreshold),
      aggregateThreshold:
        version.aggregateThreshold === null ? null : rupees(version.aggregateThreshold),
      aggregatePeriod: version.aggregatePeriod,
      excessOnly: version.excessOnly,
      newActReference: `Income-tax Act, 2025, s.393(1) Table ${version.newActReference}`,
      validFrom: version.validFrom,
      validTo: version.validTo,
      source: version.source,
    })),
  };
}

/** The deductee type a PAN's fourth character tells (P person, H HUF, C company, F firm). */
export function deducteeTypeOf(stored: string | null, pan: string | null): DeducteeType {
  if (stored && (DEDUCTEE_TYPES as readonly string[]).includes(stored)) {
    return stored as DeducteeType;
  }
  const kind = pan && validatePan(pan) === null ? pan.toUpperCase().charAt(3) : "";
  return ({ P: "individual", H: "huf", C: "company", F: "firm" } as const)[kind as "P"] ?? "other";
}

export function readCertificate(text: string | null): LowerDeductionCertificate | null {
  if (!text) return null;
  const stored = JSON.parse(text) as {
    certificateNumber: string;
    rateBasisPoints: number;
    validFrom: string;
    validTo: string;
    limitPaise: number;
  };
  return {
    certificateNumber: stored.certificateNumber,
    rate: stored.rateBasisPoints,
    validFrom: stored.validFrom,
    validTo: stored.validTo,
    limit: stored.limitPaise,
  };
}

/**
 * GET /tds/suggest: whether to deduct on a credit to an account and how much, counting the
 * account's earlier credits in the year under the section (the entry being edited left out).
 */
export async function suggest(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    accountId: string;
    date: string;
    amount: number;
    entryId?: string | undefined;
    section?: TdsSectionCode | undefined;
  },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const account = await requireLiveAccount(db, access.organisation.id, query.accountId);
  const section =
    query.section ??
    (account.tds_section && isTdsSectionCode(account.tds_section) ? account.tds_section : null);
  if (section === null) {
    return {
      section: null,
      rate: 0,
      deduct: false,
      baseAmount: 0,
      amount: 0,
      reason: `${account.name} has no TDS section.`,
    };
  }
  // Credits saved before the account had this section are counted too (decision 400).
  if (account.tds_section !== null && account.tds_facts_section !== account.tds_section) {
    await bringTdsFactsUpToDate(db, access.organisation, account.id);
  }
  const credits = await listPartyCredits(
    db,
    access.organisation.id,
    account.id,
    section,
    financialYearRange(financialYearOf(query.date)),
  );
  const result = suggestTds({
    section,
    date: query.date,
    deducteeType: deducteeTypeOf(account.deductee_type, account.pan),
    pan: account.pan,
    amountPaise: rupeesToPaise(query.amount),
    earlier: credits
      .filter((credit) => credit.voucherId !== query.entryId)
      .map((credit) => ({
        date: credit.date,
        basePaise: credit.creditPaise,
        deducted: credit.tdsPaise > 0,
        deductedOnPaise: credit.basePaise,
        certificateBasePaise: credit.certificateBasePaise,
      })),
    certificate: readCertificate(account.lower_deduction_certificate),
    buyerTurnoverOver10Crore: readTdsSettings(access.organisation).tds194QYears.includes(
      financialYearOf(query.date),
    ),
  });
  return {
    section: result.section,
    rate: basisPointsToPercent(result.rate),
    deduct: result.deduct,
    baseAmount: rupees(result.baseAmountPaise),
    amount: rupees(result.amountPaise),
    certificateBaseAmount: rupees(result.certificateBasePaise),
    reason: result.reason,
  };
}

export interface ChallanInput {
  organisationId: string;
  date: string;
  bsrCode: string;
  challanSerial: string;
  section: TdsSectionCode;
  tax: number;
  interest: number;
  fee: number;
  bankAccountId: string;
  entryIds: string[];
}

/** Rupees as the challan's messages write them, like the tax message: 1234, or 22.5. */
const rupeesText = (paise: number) => String(rupees(paise));

/**
 * What a deposit on `date` owes under s.201(1A) for the deductions it pays: interest for deducting
 * late (1%, from when deductible to when deducted) and for paying late (1.5%, from deduction to
 * payment), each deduction worked on its own (decision 400).
 */
function interestOwed(
  entries: readonly { date: string; tds_paise: number; deductible_on: string | null }[],
  date: string,
) {
  const owed = challanInterest(
    entries.map((entry) => ({
      taxPaise: Number(entry.tds_paise),
      deductibleOn: entry.deductible_on ?? entry.date,
      deductedOn: entry.date,
    })),
    date,
  );
  const months = (pick: "lateDeduction" | "lateDeposit") =>
    Math.max(0, ...owed.rows.map((row) => row[pick].months));
  return {
    owedPaise: owed.totalPaise,
    lateDeduction: { interestPaise: owed.lateDeductionPaise, months: months("lateDeduction") },
    lateDeposit: { interestPaise: owed.lateDepositPaise, months: months("lateDeposit") },
  };
}

type Owed = ReturnType<typeof interestOwed>;

function describeOwed(owed: Owed): string {
  const monthsText = (months: number) => `${months} month${months === 1 ? "" : "s"}`;
  return [
    owed.lateDeduction.interestPaise > 0
      ? `₹${rupeesText(owed.lateDeduction.interestPaise)} for late deduction (1% a month or part, up to ${monthsText(owed.lateDeduction.months)})`
      : null,
    owed.lateDeposit.interestPaise > 0
      ? `₹${rupeesText(owed.lateDeposit.interestPaise)} for late deposit (1.5% a month or part, up to ${monthsText(owed.lateDeposit.months)})`
      : null,
  ]
    .filter((part) => part !== null)
    .join(" and ");
}

function presentOwed(owed: Owed) {
  return {
    interestOwed: rupees(owed.owedPaise),
    lateDeductionInterest: rupees(owed.lateDeduction.interestPaise),
    lateDeductionMonths: owed.lateDeduction.months,
    lateDepositInterest: rupees(owed.lateDeposit.interestPaise),
    lateDepositMonths: owed.lateDeposit.months,
  };
}

/** The organisation's TAN, or a clear refusal: a challan, statement or certificate needs it. */
export function requireTan(organisation: Parameters<typeof readTdsSettings>[0]): string {
  const { tan } = readTdsSettings(organisation);
  if (!tan)
    throw badRequest(TDS_SERVICE_MESSAGES.noTan, [
      { path: "tan", message: TDS_SERVICE_MESSAGES.noTan },
    ]);
  return tan;
}

/**
 * The deductions a challan names, checked: each a deduction of the organisation under the
 * challan's section, not paid before, not dated after the deposit.
 */
async function loadChallanEntries(
  db: Kysely<Database>,
  organisationId: string,
  input: { date: string; section: string; entryIds: readonly string[] },
) {
  const entryIds = [...new Set(input.entryIds)];
  const entries = await repo.selectEntriesForChallan(db, organisationId, entryIds);
  const byId = new Map(entries.map((entry) => [entry.voucher_id, entry]));
  for (const id of entryIds) {
    const entry = byId.get(id);
    if (!entry || Number(entry.tds_paise) <= 0)
      throw badRequest(TDS_SERVICE_MESSAGES.challanEntryUnknown, [
        { path: "entryIds", message: TDS_SERVICE_MESSAGES.challanEntryUnknown },
      ]);
    if (entry.section !== input.section)
      throw badRequest(TDS_SERVICE_MESSAGES.challanSection(id, entry.section));
    if (entry.challan_id !== null) throw badRequest(TDS_SERVICE_MESSAGES.challanPaid(id));
    if (entry.date > input.date) throw badRequest(TDS_SERVICE_MESSAGES.challanBeforeDeduction);
  }
  return { entryIds, entries };
}

/**
 * GET /tds/challan/interest: what a deposit on `date` of the named deductions owes, both kinds
 * of s.201(1A) interest, before the challan is saved (the screen shows it).
 */
export async function readChallanInterest(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; date: string; section: TdsSectionCode; entryIds: string[] },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "payments",
    action: "view",
  });
  const { entries } = await loadChallanEntries(db, access.organisation.id, query);
  const owed = interestOwed(entries, query.date);
  return {
    date: query.date,
    tax: rupees(entries.reduce((sum, entry) => sum + Number(entry.tds_paise), 0)),
    ...presentOwed(owed),
    dueDate: entries.map((entry) => tdsDepositDueDate(entry.date)).sort()[0] ?? null,
  };
}

/**
 * POST /tds/challan: a deposit of one section's deductions, under the organisation's TAN. The tax
 * must be their total; the interest at least what late deduction and late deposit owe (refused
 * otherwise, naming both: decisions 300 and 400).
 * Posts a payment (Dr TDS Payable, Dr interest and fee, Cr bank) and records the challan in the
 * same transaction.
 */
export async function createChallan(deps: VoucherDeps, caller: Caller, input: ChallanInput) {
  const { db } = deps;
  const access = await requireOrganisationAccess(db, caller, input.organisationId, {
    kind: "right",
    subject: "payments",
    action: "add",
  });
  const organisationId = access.organisation.id;
  const tan = requireTan(access.organisation);
  const { entryIds, entries } = await loadChallanEntries(db, organisationId, input);
  const taxPaise = rupeesToPaise(input.tax);
  const totalPaise = entries.reduce((sum, entry) => sum + Number(entry.tds_paise), 0);
  if (taxPaise !== totalPaise) {
    throw badRequest(TDS_SERVICE_MESSAGES.challanTax(String(rupees(totalPaise))), [
      { path: "tax", message: TDS_SERVICE_MESSAGES.challanTax(String(rupees(totalPaise))) },
    ]);
  }
  const interestPaise = rupeesToPaise(input.interest);
  const feePaise = rupeesToPaise(input.fee);
  const owed = interestOwed(entries, input.date);
  if (interestPaise < owed.owedPaise) {
    const message = TDS_SERVICE_MESSAGES.challanLate(
      rupeesText(owed.owedPaise),
      describeOwed(owed),
    );
    throw badRequest(message, [{ path: "interest", message }]);
  }
  const [payable, extras] = await Promise.all([
    ensureTdsPayableLedgers(db, organisationId, [input.section]),
    interestPaise + feePaise > 0
      ? ensureNamedLedgers(db, organisationId, [{ name: INTEREST_LEDGER, group: INDIRECT_EXPENSE }])
      : Promise.resolve(new Map<string, string>()),
  ]);
  const payableId = payable.get(input.section) as string;
  const lines = [{ accountId: payableId, amount: input.tax }];
  const interestLedger = extras.get(INTEREST_LEDGER);
  if (interestLedger && interestPaise + feePaise > 0) {
    lines.push({ accountId: interestLedger, amount: rupees(interestPaise + feePaise) });
  }
  const parsed = ENTRY_INPUT_SCHEMAS.payments.add.safeParse({
    organisationId,
    year: financialYearOf(input.date),
    date: input.date,
    paidAccountId: input.bankAccountId,
    paidAmount: rupees(taxPaise + interestPaise + feePaise),
    entries: lines,
    narration: `TDS challan 281, TAN ${tan}, section ${input.section}: BSR ${input.bsrCode}, serial ${input.challanSerial}`,
  });
  if (!parsed.success) {
    throw badRequest(parsed.error.issues.map((issue) => issue.message).join(" "));
  }
  const challanId = newId();
  const [saved] = await createVouchers(
    deps,
    caller,
    organisationId,
    [
      {
        type: "payments",
        payload: parsed.data as Record<string, unknown> & { organisationId: string },
      },
    ],
    {
      inTransaction: async (trx, vouchers) => {
        await repo.insertChallan(trx, {
          organisation_id: organisationId,
          id: challanId,
          date: input.date,
          bsr_code: input.bsrCode,
          challan_serial: input.challanSerial,
          section: input.section,
          tax_paise: taxPaise,
          interest_paise: interestPaise,
          fee_paise: feePaise,
          bank_account_id: input.bankAccountId,
          voucher_id: vouchers[0]?.entryId as string,
          created_at: nowIso(),
          created_by: access.userId,
        });
        await repo.insertChallanEntries(trx, organisationId, challanId, entryIds);
      },
    },
  );
  return {
    challanId,
    entryId: saved?.entryId,
    number: saved?.number,
    tan,
    ...presentOwed(owed),
    dueDate: entries.map((entry) => tdsDepositDueDate(entry.date)).sort()[0] ?? null,
  };
}

function presentChallan(row: Awaited<ReturnType<typeof repo.selectChallans>>[number]) {
  return {
    challanId: row.id,
    date: row.date,
    bsrCode: row.bsr_code,
    challanSerial: row.challan_serial,
    section: row.section,
    tax: rupees(Number(row.tax_paise)),
    interest: rupees(Number(row.interest_paise)),
    fee: rupees(Number(row.fee_paise)),
    total: rupees(Number(row.tax_paise) + Number(row.interest_paise) + Number(row.fee_paise)),
    bankAccountId: row.bank_account_id,
    entryId: row.voucher_id,
  };
}

/** GET /tds/challans: a year's challans. */
export async function listChallans(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: FinancialYear },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "payments",
    action: "view",
  });
  const range = financialYearRange(query.year);
  const rows = await repo.selectChallans(
    db,
    access.organisation.id,
    range.startDate,
    range.endDate,
  );
  return { challans: rows.map(presentChallan) };
}

export type Quarter = 1 | 2 | 3 | 4;

function quarterRange(year: FinancialYear, quarter: Quarter) {
  return tdsQuarterRange(financialYearStartYear(year), quarter);
}

/** 26Q's deductee code: 01 a company, 02 anyone else. */
function deducteeCode(type: DeducteeType): "01" | "02" {
  return type === "company" ? "01" : "02";
}

function panStatusOf(pan: string | null): "valid" | "missing" | "invalid" {
  if (!pan || pan.trim() === "") return "missing";
  return validatePan(pan) === null ? "valid" : "invalid";
}

export interface TdsReportRow {
  entryId: string;
  voucherType: string;
  number: string;
  date: string;
  /** When the tax was deductible, if deducted later (the statement's date of payment or credit). */
  deductibleOn: string | null;
  accountId: string;
  name: string;
  pan: string | null;
  panStatus: "valid" | "missing" | "invalid";
  deducteeType: DeducteeType;
  deducteeCode: "01" | "02";
  section: string;
  amountPaid: number;
  baseAmount: number;
  rate: number;
  tds: number;
  certificateNumber: string | null;
  challan: { challanId: string; date: string; bsrCode: string; challanSerial: string } | null;
  problems: string[];
}

function presentRow(
  deduction: Deduction,
  challans: ReadonlyMap<
    string,
    { id: string; date: string; bsr_code: string; challan_serial: string }
  >,
): TdsReportRow {
  const type = deducteeTypeOf(deduction.deducteeType, deduction.pan);
  const panStatus = panStatusOf(deduction.pan);
  const challan = deduction.challanId ? challans.get(deduction.challanId) : undefined;
  const problems: string[] = [];
  if (panStatus === "missing")
    problems.push("PAN missing: reported as PANNOTAVBL at the s.206AA rate.");
  if (panStatus === "invalid") problems.push("PAN is not valid.");
  if (!challan) problems.push("No challan yet: the tax is not deposited.");
  const certificate =
    deduction.certificateBasePaise > 0 ? readCertificate(deduction.certificate) : null;
  return {
    entryId: deduction.voucherId,
    voucherType: deduction.voucherType,
    number: deduction.number,
    date: deduction.date,
    deductibleOn: deduction.deductibleOn,
    accountId: deduction.partyAccountId,
    name: deduction.partyName,
    pan: deduction.pan,
    panStatus,
    deducteeType: type,
    deducteeCode: deducteeCode(type),
    section: deduction.section,
    amountPaid: rupees(deduction.creditPaise),
    baseAmount: rupees(deduction.basePaise),
    rate: basisPointsToPercent(deduction.rateBasisPoints),
    tds: rupees(deduction.tdsPaise),
    certificateNumber: certificate?.certificateNumber ?? null,
    challan: challan
      ? {
          challanId: challan.id,
          date: challan.date,
          bsrCode: challan.bsr_code,
          challanSerial: challan.challan_serial,
        }
      : null,
    problems,
  };
}

/** The quarter's deductions and challans, as the report, its file and the certificates read them. */
export async function loadQuarter(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: FinancialYear; quarter: Quarter },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "rights",
    subjects: ["purchases", "payments"],
    action: "view",
  });
  const range = quarterRange(query.year, query.quarter);
  const deductions = await listDeductions(db, access.organisation.id, range);
  const challanIds = [...new Set(deductions.flatMap((d) => (d.challanId ? [d.challanId] : [])))];
  const challanRows = await repo.selectChallansById(db, access.organisation.id, challanIds);
  const challans = new Map(challanRows.map((row) => [row.id, row]));
  const rows = deductions.map((deduction) => presentRow(deduction, challans));
  return { organisation: access.organisation, range, rows, challans: challanRows };
}

/** GET /tds/report: deductee rows and totals, problems flagged on each row (never hidden). */
export async function readReport(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; year: FinancialYear; quarter: Quarter },
) {
  const { organisation, range, rows } = await loadQuarter(db, caller, query);
  const { tan } = readTdsSettings(organisation);
  const sum = (
    pick: (row: TdsReportRow) => number,
    filter: (row: TdsReportRow) => boolean = () => true,
  ) => rupees(rows.filter(filter).reduce((total, row) => total + rupeesToPaise(pick(row)), 0));
  const sections = [...new Set(rows.map((row) => row.section))].sort();
  return {
    year: query.year,
    quarter: query.quarter,
    startDate: range.startDate,
    endDate: range.endDate,
    form: range.startDate >= "2026-04-01" ? "Form 140 (Income-tax Act, 2025)" : "Form 26Q",
    deductor: {
      name: organisation.name,
      tan,
      pan: deductorPanOf(organisation.gstin),
      problems: tan ? [] : [TDS_SERVICE_MESSAGES.noTan],
    },
    rows,
    totals: {
      count: rows.length,
      amountPaid: sum((row) => row.amountPaid),
      tds: sum((row) => row.tds),
      deposited: sum(
        (row) => row.tds,
        (row) => row.challan !== null,
      ),
      notDeposited: sum(
        (row) => row.tds,
        (row) => row.challan === null,
      ),
      missingPan: rows.filter((row) => row.panStatus !== "valid").length,
    },
    bySection: sections.map((section) => ({
      section,
      count: rows.filter((row) => row.section === section).length,
      amountPaid: sum(
        (row) => row.amountPaid,
        (row) => row.section === section,
      ),
      tds: sum(
        (row) => row.tds,
        (row) => row.section === section,
      ),
    })),
    problems: rows.filter((row) => row.problems.length > 0).length,
  };
}

/** The deductor's PAN, read from its GSTIN (characters 3–12), when it has one. */
export function deductorPanOf(gstin: string | null): string | null {
  return gstin && gstin.length === 15 ? gstin.slice(2, 12).toUpperCase() : null;
}

/** The statement can hold only deposited tax: refused, naming how many, while a deduction has no challan. */
export function assertStatementFileable(rows: readonly TdsReportRow[]): void {
  const unfiled = rows.filter((row) => row.challan === null).length;
  if (unfiled > 0) throw new AppError(400, TDS_SERVICE_MESSAGES.reportUnfiled(unfiled));
}
