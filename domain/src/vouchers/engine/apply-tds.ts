import { mergePostings, type Posting } from "../../ledger/posting.ts";
import { type Paise, rupeesToPaise } from "../../money/index.ts";
import { type EntryTdsInput, TDS_MESSAGES, tdsRateToBasisPoints } from "../../schemas/tds-input.ts";
import { isTdsSectionCode, type TdsSectionCode } from "../../tds/sections.ts";
import type { VoucherType } from "../voucher-type.ts";
import { VoucherError } from "./voucher-error.ts";

/**
 * What a saved voucher credits a deductee under a TDS section, and what it deducted (decision
 * 300). Written in the save's transaction (tds_entries); the suggestion counts the year's credits
 * from these, and the quarter's statement lists the deducted ones.
 */
export interface TdsFact {
  partyAccountId: string;
  section: TdsSectionCode;
  /** What the voucher credits (or, for a payment with TDS, pays) the deductee, before GST. */
  creditPaise: Paise;
  basePaise: Paise;
  tdsPaise: Paise;
  rateBasisPoints: number;
  certificateBasePaise: Paise;
  /** When the tax was deductible, if before the entry's date (late deduction, s.201(1A)(i)). */
  deductibleOn: string | null;
}

/** The accounts of the engine's context, as far as TDS asks about them. */
export interface TdsAccountFacts {
  readonly tdsSection?: string | null | undefined;
}

export const TDS_MESSAGES_ENGINE = {
  noLedger: "The TDS Payable ledger of this section could not be found.",
  deducteeNotInEntry: "The TDS deductee must be one of the entry's accounts.",
  deducteeNeeded: "Name the TDS deductee (tds.accountId): the entry has more than one account.",
  overTotal: "The TDS amount cannot be more than the bill's total.",
  journalNoCredit: "The TDS deductee must be credited in the journal.",
} as const;

interface TdsInputs {
  type: VoucherType;
  payload: Record<string, unknown>;
  postings: Posting[];
  /** The document's total and taxable value (bills); null for account-line vouchers. */
  documentTotals: { totalPaise: Paise; grossPaise: Paise } | null;
  accounts: ReadonlyMap<string, TdsAccountFacts>;
  tdsPayableAccounts: ReadonlyMap<string, string> | undefined;
}

export interface TdsApplied {
  postings: Posting[];
  fact: TdsFact | null;
  /** What the bill leaves owed to the party, when TDS reduced it. */
  owedPaise: Paise | null;
}

function sectionOf(text: string | null | undefined): TdsSectionCode | null {
  return text && isTdsSectionCode(text) ? text : null;
}

/** The deductee and what the voucher credits it, by the voucher's kind. */
function locateCredit(
  inputs: TdsInputs,
  tds: EntryTdsInput | undefined,
): { partyAccountId: string; creditPaise: Paise; section: TdsSectionCode | null } | null {
  const { type, payload, accounts } = inputs;
  if (type === "purchases" && inputs.documentTotals) {
    const partyAccountId = String(payload.cashOrDebtorAccountId);
    const lines = (payload.accountDetails ?? []) as { accountId: string }[];
    const section =
      sectionOf(accounts.get(partyAccountId)?.tdsSection) ??
      lines.map((line) => sectionOf(accounts.get(line.accountId)?.tdsSection)).find(Boolean) ??
      null;
    return { partyAccountId, creditPaise: inputs.documentTotals.grossPaise, section };
  }
  if (type === "payments") {
    if (!tds) return null;
    const entries = payload.entries as { accountId: string }[];
    const single = entries.length === 1 ? entries[0]?.accountId : undefined;
    const partyAccountId = tds.accountId ?? single;
    if (partyAccountId === undefined)
      throw new VoucherError(TDS_MESSAGES_ENGINE.deducteeNeeded, "tds.accountId");
    if (!entries.some((entry) => entry.accountId === partyAccountId)) {
      throw new VoucherError(TDS_MESSAGES_ENGINE.deducteeNotInEntry, "tds.accountId");
    }
    return { partyAccountId, creditPaise: rupeesToPaise(tds.baseAmount), section: null };
  }
  if (type === "journalEntry") {
    const entries = payload.entries as { accountId: string; creditAmount: number }[];
    const credited = entries.filter((entry) => entry.creditAmount > 0);
    const chosen = tds?.accountId
      ? credited.find((entry) => entry.accountId === tds.accountId)
      : (credited.find((entry) => sectionOf(accounts.get(entry.accountId)?.tdsSection)) ??
        (tds ? credited[0] : undefined));
    if (!chosen) {
      if (tds) throw new VoucherError(TDS_MESSAGES_ENGINE.journalNoCredit, "tds.accountId");
      return null;
    }
    return {
      partyAccountId: chosen.accountId,
      creditPaise: rupeesToPaise(chosen.creditAmount),
      section: sectionOf(accounts.get(chosen.accountId)?.tdsSection),
    };
  }
  return null;
}

/**
 * An entry's TDS (`tds: { section, rate, baseAmount, amount }`): the deduction debits the
 * deductee and credits `TDS Payable – <section>`, so the party is owed that much less (a bill's
 * pending amount with it). Without `tds`, a credit to a party with a TDS section is still a fact:
 * the year's aggregate counts it.
 */
export function applyTds(inputs: TdsInputs): TdsApplied {
  const tds = inputs.payload.tds as EntryTdsInput | undefined;
  const credit = locateCredit(inputs, tds);
  if (!credit) return { postings: inputs.postings, fact: null, owedPaise: null };
  if (!tds) {
    if (credit.section === null) return { postings: inputs.postings, fact: null, owedPaise: null };
    return {
      postings: inputs.postings,
      fact: {
        partyAccountId: credit.partyAccountId,
        section: credit.section,
        creditPaise: credit.creditPaise,
        basePaise: 0,
        tdsPaise: 0,
        rateBasisPoints: 0,
        certificateBasePaise: 0,
        deductibleOn: null,
      },
      owedPaise: null,
    };
  }
  const tdsPaise = rupeesToPaise(tds.amount);
  const entryDate = String(inputs.payload.date ?? "");
  if (tds.deductibleOn !== undefined && entryDate !== "" && tds.deductibleOn > entryDate) {
    throw new VoucherError(TDS_MESSAGES.deductibleAfterEntry, "tds.deductibleOn");
  }
  const payable = inputs.tdsPayableAccounts?.get(tds.section);
  if (payable === undefined) throw new VoucherError(TDS_MESSAGES_ENGINE.noLedger, "tds.section");
  const totals = inputs.documentTotals;
  if (totals && tdsPaise > totals.totalPaise) {
    throw new VoucherError(TDS_MESSAGES_ENGINE.overTotal, "tds.amount");
  }
  const postings =
    tdsPaise === 0
      ? inputs.postings
      : mergePostings([
          ...inputs.postings,
          { accountId: credit.partyAccountId, amountPaise: tdsPaise },
          { accountId: payable, amountPaise: -tdsPaise },
        ]);
  return {
    postings,
    fact: {
      partyAccountId: credit.partyAccountId,
      section: tds.section,
      creditPaise: credit.creditPaise,
      basePaise: rupeesToPaise(tds.baseAmount),
      tdsPaise,
      rateBasisPoints: tdsRateToBasisPoints(tds.rate),
      certificateBasePaise: rupeesToPaise(tds.certificateBaseAmount ?? 0),
      deductibleOn:
        tds.deductibleOn !== undefined && tds.deductibleOn < entryDate ? tds.deductibleOn : null,
    },
    owedPaise: totals ? totals.totalPaise - tdsPaise : null,
  };
}
