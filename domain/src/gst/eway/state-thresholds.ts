import type { CivilDate } from "../../calendar/index.ts";
import { type Paise, rupeesToPaise } from "../../money/index.ts";
import { DEFAULT_EWAY_BILL_THRESHOLD_PAISE } from "./eway-bill.ts";

/**
 * The consignment value above which a movement of goods within a state needs an e-way bill, as
 * each state notified it under Rule 138(14)(d) of its SGST Rules (issue 24, decision 097). Rule
 * 138's ₹50,000 holds between states and in every state not listed here.
 *
 * Only states that raised the limit for all (or nearly all) goods are listed. States that exempt
 * intra-state movement except for notified goods (Chhattisgarh, Goa, Gujarat, Himachal Pradesh,
 * Madhya Pradesh, Kerala's conditions, Jammu and Kashmir) keep ₹50,000 here: whether a document
 * is exempt there depends on its goods, which Bahi cannot judge; the organisation setting raises
 * the limit for such a business. Where a state sets a lower limit for some goods (Punjab,
 * Jharkhand, Rajasthan's tobacco and heading 2106), the same setting lowers it to ₹50,000.
 */
export interface IntraStateEWayBillLimit {
  stateCode: string;
  /** Each limit from the date it took effect; the latest on or before a document's date holds. */
  limits: readonly { from: CivilDate; rupees: number }[];
  /** The notification, or the published table, it comes from (dates: mybillbook.in's table). */
  source: string;
}

export const INTRA_STATE_EWAY_BILL_LIMITS: readonly IntraStateEWayBillLimit[] = [
  {
    stateCode: "03",
    limits: [{ from: "2018-10-08", rupees: 100_000 }],
    source:
      "Punjab: ₹1,00,000 for all goods, ₹50,000 for notified goods (busy.in and mybillbook.in state-wise tables)",
  },
  {
    stateCode: "07",
    limits: [{ from: "2018-06-16", rupees: 100_000 }],
    source:
      "Delhi: Notification F.3(134)/Policy-GST/2018/1444-54 of 31 Jan 2018 (taxmanagementindia.com ready reckoner)",
  },
  {
    stateCode: "08",
    limits: [{ from: "2021-04-01", rupees: 100_000 }],
    source:
      "Rajasthan: Notification F.17(131-Pt.-II) ACCT/GST/2017/6672 of 30 Mar 2021, all goods but chapter 24 and heading 2106; ₹2,00,000 within a city (busy.in)",
  },
  {
    stateCode: "10",
    limits: [
      { from: "2018-04-20", rupees: 200_000 },
      { from: "2019-01-21", rupees: 100_000 },
    ],
    source:
      "Bihar: S.O. 180 of 19 Apr 2018 (₹2,00,000), S.O. 14 of 14 Jan 2019 (₹1,00,000 from 21 Jan 2019)",
  },
  {
    stateCode: "19",
    limits: [
      { from: "2018-06-06", rupees: 100_000 },
      { from: "2026-06-01", rupees: 50_000 },
    ],
    source:
      "West Bengal: Notification 13/2018-C.T./GST of 6 Jun 2018 (₹1,00,000); Notification 02/2026-C.T./GST of 22 May 2026 (₹50,000 from 1 Jun 2026, job work exempt)",
  },
  {
    stateCode: "20",
    limits: [{ from: "2018-09-01", rupees: 100_000 }],
    source:
      "Jharkhand: ₹1,00,000 for goods other than the notified ones (busy.in and mybillbook.in state-wise tables)",
  },
  {
    stateCode: "27",
    limits: [{ from: "2018-07-01", rupees: 100_000 }],
    source: "Maharashtra: ₹1,00,000 for all taxable goods (busy.in and mybillbook.in tables)",
  },
  {
    stateCode: "33",
    limits: [{ from: "2018-06-02", rupees: 100_000 }],
    source: "Tamil Nadu: ₹1,00,000 for all taxable goods (busy.in and mybillbook.in tables)",
  },
];

/** Rule 138(1): ₹50,000, between states and in states that kept it. */
const RULE_138_PAISE: Paise = DEFAULT_EWAY_BILL_THRESHOLD_PAISE;

const LIMITS_BY_STATE = new Map(INTRA_STATE_EWAY_BILL_LIMITS.map((row) => [row.stateCode, row]));

/** The state's own intra-state limit on a date; Rule 138's ₹50,000 when it set none. */
export function stateEWayBillThresholdPaise(stateCode: string | null, date: CivilDate): Paise {
  const row = stateCode ? LIMITS_BY_STATE.get(stateCode) : undefined;
  const limit = row?.limits.filter((entry) => entry.from <= date).at(-1);
  return limit ? rupeesToPaise(limit.rupees) : RULE_138_PAISE;
}

/**
 * The intra-state threshold a document of the organisation is held to: the organisation's own
 * setting when it set one (never below ₹50,000), else its state's limit on the document's date.
 */
export function intraStateEWayBillThresholdPaise(input: {
  stateCode: string | null;
  date: CivilDate;
  settingPaise: Paise | null;
}): Paise {
  if (input.settingPaise !== null) return Math.max(input.settingPaise, RULE_138_PAISE);
  return stateEWayBillThresholdPaise(input.stateCode, input.date);
}
