import { DEDUCTEE_TYPES, TDS_SECTION_CODES, TDS_SECTIONS } from "@bahi/domain";

/** The TDS sections as the account form's options: "194J(b) – Fees for professional services (10%)". */
export const TDS_SECTION_OPTIONS = TDS_SECTION_CODES.map((code) => {
  const name = TDS_SECTIONS.find((version) => version.code === code)?.name ?? code;
  return { value: code, label: `${code} – ${name}` };
});

const DEDUCTEE_LABELS: Record<(typeof DEDUCTEE_TYPES)[number], string> = {
  individual: "Individual",
  huf: "HUF",
  company: "Company",
  firm: "Firm / LLP",
  other: "Other",
};

export const DEDUCTEE_TYPE_OPTIONS = DEDUCTEE_TYPES.map((type) => ({
  value: type,
  label: DEDUCTEE_LABELS[type],
}));
