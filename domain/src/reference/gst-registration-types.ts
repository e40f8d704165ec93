/** Spec 3 "Account": the gstType values, in the spec's order, which gives the ids 1-8. */
export const GST_REGISTRATION_TYPE_VALUES = [
  "unregistered",
  "regular",
  "composition",
  "ecomoperator",
  "overseas",
  "sez",
  "uinholder",
  "casualtaxableperson",
] as const;

export type GstRegistrationType = (typeof GST_REGISTRATION_TYPE_VALUES)[number];

export type GstRegistrationTypeEntry = { id: number; value: GstRegistrationType; label: string };

// Spec 3 "Account": display labels, verbatim.
const LABELS: Record<GstRegistrationType, string> = {
  unregistered: "Unregistered",
  regular: "Regular",
  composition: "Composition",
  ecomoperator: "E-commerce Operator",
  overseas: "Overseas - Import or Export",
  sez: "Special Economic Zone (SEZ)",
  uinholder: "UIN Holder",
  casualtaxableperson: "Casual Taxable Person",
};

export const GST_REGISTRATION_TYPES: readonly GstRegistrationTypeEntry[] =
  GST_REGISTRATION_TYPE_VALUES.map((value, index) => ({
    id: index + 1,
    value,
    label: LABELS[value],
  }));

export function findGstRegistrationType(
  valueOrId: string | number,
): GstRegistrationTypeEntry | undefined {
  return GST_REGISTRATION_TYPES.find((type) =>
    typeof valueOrId === "number" ? type.id === valueOrId : type.value === valueOrId,
  );
}

export function isGstRegistrationType(value: string): value is GstRegistrationType {
  return (GST_REGISTRATION_TYPE_VALUES as readonly string[]).includes(value);
}

// Taxpayer types ("dty") as the GST portal's search returns them, lower-cased. Spec 4 "Account
// modal" fixes SEZ Unit and the two UIN bodies; the rest are our choices, documented in README.md.
const LOOKUP_TYPES = new Map<string, GstRegistrationType>(
  Object.entries({
    regular: "regular",
    "normal taxpayer": "regular",
    "input service distributor (isd)": "regular",
    "input service distributor": "regular",
    "tax deductor": "regular",
    "government department id": "regular",
    composition: "composition",
    "tax collector (electronic commerce operator)": "ecomoperator",
    "tax collector": "ecomoperator",
    "sez unit": "sez",
    "sez developer": "sez",
    "united nation body": "uinholder",
    "consulate or embassy of foreign country": "uinholder",
    "other notified person": "uinholder",
    "casual taxable person": "casualtaxableperson",
    "non resident taxable person": "casualtaxableperson",
    "non resident online services provider": "overseas",
    "non-resident online services provider": "overseas",
    urp: "unregistered",
    unregistered: "unregistered",
  } satisfies Record<string, GstRegistrationType>),
);

/** The gstType for a GSTIN lookup's registration type text; undefined when unknown. */
export function mapLookupRegistrationType(text: string): GstRegistrationType | undefined {
  return LOOKUP_TYPES.get(text.trim().replace(/\s+/g, " ").toLowerCase());
}
