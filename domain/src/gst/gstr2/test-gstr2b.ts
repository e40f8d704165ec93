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
