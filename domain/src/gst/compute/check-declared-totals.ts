import { describeAmount, formatAmount, type Paise } from "../../money/index.ts";
import type { ComputedDocument } from "./compute-document.ts";

/** The totals a client sends with a document (spec 3: grossAmount … totalAmount), in paise. */
export type DeclaredTotals = {
  grossPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  roundOffPaise: Paise;
  totalPaise: Paise;
};

export type TotalMismatch = {
  field: keyof DeclaredTotals;
  expectedPaise: Paise;
  declaredPaise: Paise;
  /** declared − expected. */
  differencePaise: Paise;
  message: string;
};

const LABELS: Record<keyof DeclaredTotals, string> = {
  grossPaise: "Gross amount",
  cgstPaise: "CGST amount",
  sgstPaise: "SGST amount",
  igstPaise: "IGST amount",
  roundOffPaise: "Round off amount",
  totalPaise: "Total amount",
};

/**
 * The declared totals that differ from the computed ones by more than `tolerancePaise`, in the
 * order gross, CGST, SGST, IGST, round off, total; an empty list when they agree. A total not
 * declared (undefined) is the server's to fill and is not checked.
 */
export function checkDeclaredTotals(
  computed: ComputedDocument,
  declared: Partial<DeclaredTotals>,
  tolerancePaise: Paise = 1,
): TotalMismatch[] {
  const mismatches: TotalMismatch[] = [];
  for (const field of Object.keys(LABELS) as (keyof DeclaredTotals)[]) {
    const expectedPaise = computed[field];
    const declaredPaise = declared[field];
    if (declaredPaise === undefined) continue;
    const differencePaise = declaredPaise - expectedPaise;
    // A NaN difference (a non-number sent) must count as a mismatch, hence the negated test.
    if (!(Math.abs(differencePaise) <= tolerancePaise)) {
      mismatches.push({
        field,
        expectedPaise,
        declaredPaise,
        differencePaise,
        // What the client sent is shown as sent when it is not whole paise (NaN).
        message: `${LABELS[field]} should be ${formatAmount(expectedPaise)}, not ${describeAmount(declaredPaise)}`,
      });
    }
  }
  return mismatches;
}
