export type UqcUnit = {
  /** The code GST returns carry in their `uqc` field, e.g. "KGS". */
  code: string;
  /** The GST portal's name, in its own spelling ("MILILITRE"). */
  name: string;
  /** How the offline tool and Excel template show it: "KGS-KILOGRAMS". */
  label: string;
};

function unit(code: string, name: string): UqcUnit {
  return { code, name, label: `${code}-${name}` };
}

/**
 * The 45 unit quantity codes of the GST portal (gst-reference.md §3). The spec counts 43 entries
 * but names only a few; we keep the portal's full list so that any item's unit can be returned.
 */
export const UQC_UNITS: readonly UqcUnit[] = [
  unit("BAG", "BAGS"),
  unit("BAL", "BALE"),
  unit("BDL", "BUNDLES"),
  unit("BKL", "BUCKLES"),
  unit("BOU", "BILLION OF UNITS"),
  unit("BOX", "BOX"),
  unit("BTL", "BOTTLES"),
  unit("BUN", "BUNCHES"),
  unit("CAN", "CANS"),
  unit("CBM", "CUBIC METERS"),
  unit("CCM", "CUBIC CENTIMETERS"),
  unit("CMS", "CENTIMETERS"),
  unit("CTN", "CARTONS"),
  unit("DOZ", "DOZENS"),
  unit("DRM", "DRUMS"),
  unit("GGK", "GREAT GROSS"),
  unit("GMS", "GRAMMES"),
  unit("GRS", "GROSS"),
  unit("GYD", "GROSS YARDS"),
  unit("KGS", "KILOGRAMS"),
  unit("KLR", "KILOLITRE"),
  unit("KME", "KILOMETRE"),
  unit("LTR", "LITRES"),
  unit("MLT", "MILILITRE"),
  unit("MTR", "METERS"),
  unit("MTS", "METRIC TON"),
  unit("NOS", "NUMBERS"),
  unit("OTH", "OTHERS"),
  unit("PAC", "PACKS"),
  unit("PCS", "PIECES"),
  unit("PRS", "PAIRS"),
  unit("QTL", "QUINTAL"),
  unit("ROL", "ROLLS"),
  unit("SET", "SETS"),
  unit("SQF", "SQUARE FEET"),
  unit("SQM", "SQUARE METERS"),
  unit("SQY", "SQUARE YARDS"),
  unit("TBS", "TABLETS"),
  unit("TGM", "TEN GROSS"),
  unit("THD", "THOUSANDS"),
  unit("TON", "TONNES"),
  unit("TUB", "TUBES"),
  unit("UGS", "US GALLONS"),
  unit("UNT", "UNITS"),
  unit("YDS", "YARDS"),
];

const UNITS_BY_KEY = new Map<string, UqcUnit>(
  UQC_UNITS.flatMap((uqc) => [
    [uqc.code, uqc],
    [uqc.name, uqc],
    [uqc.label, uqc],
  ]),
);

/**
 * A unit by its code ("KGS"), portal name ("KILOGRAMS") or label ("KGS-KILOGRAMS"), ignoring case
 * and surrounding spaces. No name equals another unit's code, so the answer is never ambiguous.
 */
export function findUqcUnit(text: string): UqcUnit | undefined {
  return UNITS_BY_KEY.get(text.trim().toUpperCase());
}
