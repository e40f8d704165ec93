/**
 * A GSTR-2B JSON in the portal's layout (returns-reference §3.1, IC data/test_gstr_2b.json), for
 * tests: September 2024 of 27AAPFU0939F1ZV with one document in each section read.
 */
export function sampleGstr2b(overrides: { gstin?: string; rtnprd?: string } = {}) {
  return {
    chksum: "ADFADRGA4GADFADGERER",
    data: {
      gstin: overrides.gstin ?? "27AAPFU0939F1ZV",
      rtnprd: overrides.rtnprd ?? "092024",
      version: "1.0",
      gendt: "14-10-2024",
      itcsumm: { itcavl: {}, itcunavl: {} },
      docdata: {
        b2b: [
          {
            ctin: "29AAGCB7383J1Z4",
            trdnm: "Bengaluru Systems",
            supfildt: "11-10-2024",
            supprd: "092024",
            inv: [
              {
                inum: "BS/2024-25/0101",
                typ: "R",
                dt: "05-09-2024",
                val: 11800,
                pos: "27",
                rev: "N",
                itcavl: "Y",
                rsn: "",
                diffprcnt: 1,
                srctyp: "e-Invoice",
                irn: "897ADG56RTY78956HYUG90BNHHIJK453GFTD99845672FDHHHSHGFH4567FG56TR",
                irngendate: "05-09-2024",
                items: [{ num: 1, rt: 18, txval: 10000, igst: 1800, cgst: 0, sgst: 0, cess: 0 }],
              },
              {
                inum: "BS-102",
                typ: "R",
                dt: "12-09-2024",
                val: 5900,
                pos: "27",
                rev: "Y",
                itcavl: "N",
                rsn: "P",
                items: [
                  { num: 1, rt: 18, txval: 2500.5, igst: 450.09, cgst: 0, sgst: 0, cess: 0 },
                  { num: 2, rt: 18, txval: 2499.5, igst: 449.91, cgst: 0, sgst: 0, cess: 0 },
                ],
              },
            ],
          },
        ],
        b2ba: [
          {
            ctin: "29AAGCB7383J1Z4",
            trdnm: "Bengaluru Systems",
            inv: [
              {
                oinum: "BS-90",
                oidt: "20-08-2024",
                inum: "BS-90A",
                typ: "R",
                dt: "20-08-2024",
                val: 1180,
                pos: "27",
                rev: "N",
                itcavl: "Y",
                items: [{ num: 1, rt: 18, txval: 1000, igst: 180 }],
              },
            ],
          },
        ],
        cdnr: [
          {
            ctin: "27AADCB2230M1ZT",
            trdnm: "Pune Traders",
            nt: [
              {
                ntnum: "CN-7",
                typ: "C",
                suptyp: "R",
                dt: "20-09-2024",
                val: 590,
                pos: "27",
                rev: "N",
                itcavl: "Y",
                imsStatus: "A",
                items: [{ num: 1, rt: 18, txval: 500, cgst: 45, sgst: 45 }],
              },
            ],
          },
        ],
        cdnra: [],
        isd: [
          {
            ctin: "27AAACI1195H1ZM",
            trdnm: "Head Office ISD",
            doclist: [
              {
                doctyp: "ISDI",
                docnum: "ISD-1",
                docdt: "30-09-2024",
                igst: 100,
                cgst: 0,
                sgst: 0,
                cess: 0,
                itcelg: "Y",
              },
            ],
          },
        ],
        impg: [
          {
            refdt: "28-09-2024",
            recdt: "29-09-2024",
            portcode: "INNSA1",
            boenum: "2566691",
            boedt: "25-09-2024",
            isamd: "N",
            txval: 50000,
            igst: 9000,
            cess: 0,
          },
        ],
        impgsez: [],
        ecom: [],
      },
    },
  };
}

/** A sheet of the portal's GSTR-2B Excel: rows (1-based merges as [row1, col1, row2, col2]). */
export interface SampleSheet {
  name: string;
  rows: (string | number | null)[][];
  merges: [number, number, number, number][];
}

const TAX_HEADS = ["Integrated Tax(₹)", "Central Tax(₹)", "State/UT Tax(₹)", "Cess(₹)"];

/**
 * The same month as `sampleGstr2b()` in the layout of the portal's GSTR-2B Excel download, for
 * tests: a Read me sheet, then each section's sheet with a title, a two- or three-row header of
 * merged group cells ("Invoice details", "Original details", "Tax Amount") and a row per
 * document and rate (BS-102 has two rates). ECO is there, empty, as the portal gives it.
 */
export function sampleGstr2bWorkbook(): SampleSheet[] {
  const blank = (count: number) => Array.from({ length: count }, () => [] as (string | null)[]);
  const b2bHead: SampleSheet = {
    name: "B2B",
    rows: [
      ["Taxable inward supplies received from registered persons"],
      ...blank(3),
      [
        "GSTIN of supplier",
        "Trade/Legal name",
        "Invoice details",
        null,
        null,
        null,
        "Place of supply",
        "Supply Attract Reverse Charge",
        "Rate(%)",
        "Taxable Value (₹)",
        "Tax Amount",
        null,
        null,
        null,
        "GSTR-1/IFF/GSTR-5 Period",
        "GSTR-1/IFF/GSTR-5 Filing Date",
        "ITC Availability",
        "Reason",
        "Applicable % of Tax Rate",
        "Source",
        "IRN",
        "IRN Date",
      ],
      [
        null,
        null,
        "Invoice number",
        "Invoice type",
        "Invoice Date",
        "Invoice Value(₹)",
        null,
        null,
        null,
        null,
        ...TAX_HEADS,
      ],
      // biome-ignore format: one document row per line
      ["29AAGCB7383J1Z4", "Bengaluru Systems", "BS/2024-25/0101", "Regular", "05/09/2024", 11800, "27-Maharashtra", "No", 18, 10000, 1800, 0, 0, 0, "Sep'24", "11/10/2024", "Yes", "", 100, "e-Invoice", "897ADG56RTY78956HYUG90BNHHIJK453GFTD99845672FDHHHSHGFH4567FG56TR", "05/09/2024"],
      // biome-ignore format: one document row per line
      ["29AAGCB7383J1Z4", "Bengaluru Systems", "BS-102", "Regular", "12/09/2024", 5900, "Maharashtra", "Yes", 18, 2500.5, 450.09, 0, 0, 0, "Sep'24", "11/10/2024", "No", "POS and supplier state are same but recipient state is different", null, null, null, null],
      // biome-ignore format: one document row per line
      ["29AAGCB7383J1Z4", "Bengaluru Systems", "BS-102", "Regular", "12/09/2024", 5900, "Maharashtra", "Yes", 18, 2499.5, 449.91, 0, 0, 0, "Sep'24", "11/10/2024", "No", "POS and supplier state are same but recipient state is different", null, null, null, null],
    ],
    merges: [
      [5, 1, 6, 1],
      [5, 2, 6, 2],
      [5, 3, 5, 6],
      [5, 7, 6, 7],
      [5, 8, 6, 8],
      [5, 9, 6, 9],
      [5, 10, 6, 10],
      [5, 11, 5, 14],
      [5, 15, 6, 15],
      [5, 16, 6, 16],
      [5, 17, 6, 17],
      [5, 18, 6, 18],
      [5, 19, 6, 19],
      [5, 20, 6, 20],
      [5, 21, 6, 21],
      [5, 22, 6, 22],
    ],
  };
  const b2ba: SampleSheet = {
    name: "B2BA",
    rows: [
      ["Amendments to previously filed invoices by supplier"],
      ...blank(3),
      ["Original details", null, "Revised details"],
      [
        "Invoice number",
        "Invoice Date",
        "GSTIN of supplier",
        "Trade/Legal name",
        "Invoice details",
        null,
        null,
        null,
        "Place of supply",
        "Supply Attract Reverse Charge",
        "Rate(%)",
        "Taxable Value (₹)",
        "Tax Amount",
        null,
        null,
        null,
        "GSTR-1/IFF/GSTR-5 Period",
        "GSTR-1/IFF/GSTR-5 Filing Date",
        "ITC Availability",
        "Reason",
      ],
      [
        null,
        null,
        null,
        null,
        "Invoice number",
        "Invoice type",
        "Invoice Date",
        "Invoice Value(₹)",
        null,
        null,
        null,
        null,
        ...TAX_HEADS,
      ],
      // biome-ignore format: one document row per line
      ["BS-90", "20/08/2024", "29AAGCB7383J1Z4", "Bengaluru Systems", "BS-90A", "Regular", "20/08/2024", 1180, "27-Maharashtra", "No", 18, 1000, 180, 0, 0, 0, null, null, "Yes", null],
    ],
    merges: [
      [5, 1, 5, 2],
      [5, 3, 5, 20],
      [6, 3, 7, 3],
      [6, 4, 7, 4],
      [6, 5, 6, 8],
      [6, 9, 7, 9],
      [6, 10, 7, 10],
      [6, 11, 7, 11],
      [6, 12, 7, 12],
      [6, 13, 6, 16],
      [6, 17, 7, 17],
      [6, 18, 7, 18],
      [6, 19, 7, 19],
      [6, 20, 7, 20],
    ],
  };
  const cdnr: SampleSheet = {
    name: "B2B-CDNR",
    rows: [
      ["Debit/Credit notes (Original)"],
      ...blank(3),
      [
        "GSTIN of supplier",
        "Trade/Legal name",
        "Credit note/Debit note details",
        null,
        null,
        null,
        null,
        "Place of supply",
        "Supply Attract Reverse Charge",
        "Rate(%)",
        "Taxable Value (₹)",
        "Tax Amount",
        null,
        null,
        null,
        "GSTR-1/IFF/GSTR-5 Period",
        "GSTR-1/IFF/GSTR-5 Filing Date",
        "ITC Availability",
        "Reason",
      ],
      [
        null,
        null,
        "Note number",
        "Note type",
        "Note Supply type",
        "Note date",
        "Note Value (₹)",
        null,
        null,
        null,
        null,
        ...TAX_HEADS,
      ],
      // biome-ignore format: one document row per line
      ["27AADCB2230M1ZT", "Pune Traders", "CN-7", "Credit Note", "Regular", "20/09/2024", 590, "27-Maharashtra", "No", 18, 500, 0, 45, 45, 0, null, null, "Yes", null],
    ],
    merges: [
      [5, 1, 6, 1],
      [5, 2, 6, 2],
      [5, 3, 5, 7],
      [5, 8, 6, 8],
      [5, 9, 6, 9],
      [5, 10, 6, 10],
      [5, 11, 6, 11],
      [5, 12, 5, 15],
      [5, 16, 6, 16],
      [5, 17, 6, 17],
      [5, 18, 6, 18],
      [5, 19, 6, 19],
    ],
  };
  const isd: SampleSheet = {
    name: "ISD",
    rows: [
      ["ISD Credits"],
      ...blank(3),
      [
        "Eligibility of ITC",
        "ISD Document type",
        "GSTIN of ISD",
        "Trade/Legal name",
        "ISD Document number",
        "ISD Document date",
        "Original Invoice Number",
        "Original invoice date",
        "Input tax distribution by ISD",
        null,
        null,
        null,
        "ISD GSTR-6 Period",
        "ISD GSTR-6 Filing Date",
      ],
      [null, null, null, null, null, null, null, null, ...TAX_HEADS],
      // biome-ignore format: one document row per line
      ["Yes", "ISD Invoice", "27AAACI1195H1ZM", "Head Office ISD", "ISD-1", "30/09/2024", null, null, 100, 0, 0, 0, null, null],
    ],
    merges: [
      [5, 1, 6, 1],
      [5, 2, 6, 2],
      [5, 3, 6, 3],
      [5, 4, 6, 4],
      [5, 5, 6, 5],
      [5, 6, 6, 6],
      [5, 7, 6, 7],
      [5, 8, 6, 8],
      [5, 9, 5, 12],
      [5, 13, 6, 13],
      [5, 14, 6, 14],
    ],
  };
  const impg: SampleSheet = {
    name: "IMPG",
    rows: [
      ["Import of Goods from overseas on bill of entry"],
      ...blank(3),
      [
        "Icegate Reference Date",
        "Port Code",
        "Bill of Entry Details",
        null,
        "Taxable Value (₹)",
        "Amount of tax (₹)",
        null,
        "Amended (Yes)",
      ],
      [null, null, "Number", "Date", null, "Integrated Tax(₹)", "Cess(₹)", null],
      ["28/09/2024", "INNSA1", "2566691", "25/09/2024", 50000, 9000, 0, null],
    ],
    merges: [
      [5, 1, 6, 1],
      [5, 2, 6, 2],
      [5, 3, 5, 4],
      [5, 5, 6, 5],
      [5, 6, 5, 7],
      [5, 8, 6, 8],
    ],
  };
  const eco: SampleSheet = {
    name: "ECO",
    rows: [["Documents reported by ECO on which ECO is liable to pay tax u/s 9(5)"]],
    merges: [],
  };
  const readMe: SampleSheet = {
    name: "Read me",
    rows: [
      ["Goods and Services Tax - GSTR 2B"],
      [],
      ["Financial Year", null, "2024-25"],
      ["Tax Period", null, "September"],
      ["GSTIN", null, "27AAPFU0939F1ZV"],
      ["Legal Name", null, "Pune Traders Private Limited"],
      ["Trade Name (if any)", null, "Pune Traders"],
      ["Date of generation", null, "14/10/2024"],
    ],
    merges: [],
  };
  return [readMe, b2bHead, b2ba, cdnr, eco, isd, impg];
}

/** A sample sheet as the server's reader gives it: text cells, merged cells filled. */
export function sampleSheetRows(sheet: SampleSheet): string[][] {
  const rows = sheet.rows.map((row) => row.map((cell) => (cell === null ? "" : String(cell))));
  for (const [r1, c1, r2, c2] of sheet.merges) {
    const value = rows[r1 - 1]?.[c1 - 1] ?? "";
    for (let r = r1; r <= r2; r += 1) {
      const row = rows[r - 1] ?? [];
      while (row.length < c2) row.push("");
      for (let c = c1; c <= c2; c += 1) row[c - 1] = value;
      rows[r - 1] = row;
    }
  }
  return rows;
}
