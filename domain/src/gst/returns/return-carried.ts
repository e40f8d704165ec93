import {
  GSTR1_AMENDMENT_SECTIONS,
  type Gstr1AmendmentSection,
  type Gstr1Amendments,
} from "./gstr1-amendments.ts";
import {
  GSTR1_SECTIONS,
  type Gstr1Section,
  type Gstr1Sections,
  IFF_SECTIONS,
} from "./gstr1-build.ts";
import type { GstReturnKind } from "./return-period.ts";

/** IFF's amendments: of B2B invoices and of notes to registered persons (returns-reference §1.4). */
export const IFF_AMENDMENT_SECTIONS = [
  "b2ba",
  "cdnra",
] as const satisfies readonly Gstr1AmendmentSection[];

/** The sections a return carries: GSTR-1 every one, IFF b2b and cdnr. */
export function carriedSections(kind: GstReturnKind): readonly Gstr1Section[] {
  return kind === "iff" ? IFF_SECTIONS : GSTR1_SECTIONS;
}

/** The amendment sections a return carries: GSTR-1 every one, IFF b2ba and cdnra. */
export function carriedAmendmentSections(kind: GstReturnKind): readonly Gstr1AmendmentSection[] {
  return kind === "iff" ? IFF_AMENDMENT_SECTIONS : GSTR1_AMENDMENT_SECTIONS;
}

/**
 * The sections' rows a return carries; the others emptied (an IFF's B2C, exports, Tables 8, 12
 * and 13 belong to the quarter's GSTR-1).
 */
export function carriedRows(kind: GstReturnKind, sections: Gstr1Sections): Gstr1Sections {
  const carried = carriedSections(kind);
  const rows = { ...sections };
  for (const section of GSTR1_SECTIONS) {
    if (!carried.includes(section)) rows[section] = [];
  }
  return rows;
}

/** The amendments a return carries; the other sections emptied. */
export function carriedAmendments(
  kind: GstReturnKind,
  amendments: Gstr1Amendments,
): Gstr1Amendments {
  const carried = carriedAmendmentSections(kind);
  const rows = { ...amendments };
  for (const section of GSTR1_AMENDMENT_SECTIONS) {
    if (!carried.includes(section)) rows[section] = [];
  }
  return rows;
}
