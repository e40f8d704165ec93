import { describe, expect, it } from "vitest";
import { readGstr2bFile } from "./gstr2b-file.ts";
import { readGstr2bWorkbook, type WorkbookSheet, workbookDate } from "./gstr2b-workbook.ts";
import { sampleGstr2b, sampleGstr2bWorkbook, sampleSheetRows } from "./test-gstr2b.ts";

const FILE_NAME = "092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx";

function sheets(change?: (sheet: WorkbookSheet) => void): WorkbookSheet[] {
  return sampleGstr2bWorkbook().map((sample) => {
    const sheet = { name: sample.name, rows: sampleSheetRows(sample) };
    change?.(sheet);
    return sheet;
  });
}

function readJson() {
  const read = readGstr2bFile(JSON.stringify(sampleGstr2b()));
  if (!read.ok) throw new Error(read.message);
  return read.file;
}

describe("GSTR-2B Excel", () => {
  it("gives the same documents as the JSON of the same month (the Excel has no IMS action)", () => {
    const read = readGstr2bWorkbook(FILE_NAME, sheets());
    if (!read.ok) throw new Error(read.message);
    const json = readJson();
    expect(read.file.gstin).toBe(json.gstin);
    expect(read.file.returnPeriod).toBe("092024");
    expect(read.file.startDate).toBe("2024-09-01");
    expect(read.file.endDate).toBe("2024-09-30");
    expect(read.file.generatedOn).toBe("2024-10-14");
    expect(read.file.warnings).toEqual([]);
    const withoutIms = <T extends { imsAction: unknown }>(list: T[]) =>
      list.map((document) => ({ ...document, imsAction: null }));
    expect(read.file.documents).toEqual(withoutIms(json.documents));
    // BS-102's two rates are one document, summed in paise.
    const bs102 = read.file.documents.find((document) => document.number === "BS-102");
    expect(bs102).toMatchObject({ taxablePaise: 500000, igstPaise: 90000, valuePaise: 590000 });
  });

  it("refuses a row dated after the books' years and a month outside them; keeps an older date (issue 26)", () => {
    const dated = (date: string) =>
      sheets((sheet) => {
        const row = sheet.rows.find((cells) => cells.includes("BS/2024-25/0101"));
        if (sheet.name === "B2B" && row) row[4] = date;
      });
    const far = readGstr2bWorkbook(FILE_NAME, dated("31/12/9999"));
    expect(far.ok).toBe(false);
    expect(!far.ok && far.message).toContain('The date "31/12/9999" is outside');
    const old = readGstr2bWorkbook(FILE_NAME, dated("01/05/2019"));
    if (!old.ok) throw new Error(old.message);
    expect(old.file.documents.find((d) => d.number === "BS/2024-25/0101")?.date).toBe("2019-05-01");
    const outsideMonth = readGstr2bWorkbook(
      "092019_27AAPFU0939F1ZV_GSTR2B_14102019.xlsx",
      sheets().filter((sheet) => sheet.name !== "Read me"),
    );
    expect(!outsideMonth.ok && outsideMonth.message).toContain('The date "092019" is outside');
  });

  it("takes the GSTIN and month from the file name when there is no Read me sheet", () => {
    const read = readGstr2bWorkbook(
      FILE_NAME,
      sheets().filter((sheet) => sheet.name !== "Read me"),
    );
    expect(read.ok && read.file.returnPeriod).toBe("092024");
    expect(read.ok && read.file.gstin).toBe("27AAPFU0939F1ZV");
    const unnamed = readGstr2bWorkbook(
      "gstr2b.xlsx",
      sheets().filter((sheet) => sheet.name !== "Read me"),
    );
    expect(unnamed.ok).toBe(false);
    expect(!unnamed.ok && unnamed.message).toContain("does not say its GSTIN and tax period");
  });

  it("reads a Read me whose labels and values share a cell", () => {
    const read = readGstr2bWorkbook(
      "gstr2b.xlsx",
      sheets((sheet) => {
        if (sheet.name === "Read me") {
          sheet.rows = [
            ["Financial Year : 2024-25"],
            ["Tax Period: October"],
            ["GSTIN: 27AAPFU0939F1ZV"],
          ];
        }
      }),
    );
    expect(read.ok && read.file.returnPeriod).toBe("102024");
    const march = readGstr2bWorkbook(
      "gstr2b.xlsx",
      sheets((sheet) => {
        if (sheet.name === "Read me") {
          sheet.rows = [
            ["Financial Year", "2024-25"],
            ["Tax Period", "March"],
            ["GSTIN", "27AAPFU0939F1ZV"],
          ];
        }
      }),
    );
    expect(march.ok && march.file.returnPeriod).toBe("032025");
  });

  it("refuses a workbook that is not a GSTR-2B", () => {
    const read = readGstr2bWorkbook(FILE_NAME, [
      { name: "Sheet1", rows: [["Date", "Narration", "Amount"]] },
    ]);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toContain("not a GSTR-2B Excel file");
  });

  it("names the sheet and row of a broken document", () => {
    const badDate = readGstr2bWorkbook(
      FILE_NAME,
      sheets((sheet) => {
        if (sheet.name === "B2B") (sheet.rows[6] as string[])[4] = "31/02/2024";
      }),
    );
    expect(!badDate.ok && badDate.message).toBe("B2B row 7: the date must be dd-mm-yyyy.");
    const badGstin = readGstr2bWorkbook(
      FILE_NAME,
      sheets((sheet) => {
        if (sheet.name === "B2B-CDNR") (sheet.rows[6] as string[])[0] = "27AADCB2230";
      }),
    );
    expect(!badGstin.ok && badGstin.message).toBe('B2B-CDNR row 7: "27AADCB2230" is not a GSTIN.');
    const badNote = readGstr2bWorkbook(
      FILE_NAME,
      sheets((sheet) => {
        if (sheet.name === "B2B-CDNR") (sheet.rows[6] as string[])[3] = "Refund";
      }),
    );
    expect(!badNote.ok && badNote.message).toContain("the note type must be");
    const badAmount = readGstr2bWorkbook(
      FILE_NAME,
      sheets((sheet) => {
        if (sheet.name === "IMPG") (sheet.rows[6] as string[])[4] = "fifty";
      }),
    );
    expect(!badAmount.ok && badAmount.message).toBe("IMPG row 7: the amount must be a number.");
  });

  it("rounds a cell's third decimal half away from zero, as text or as a number (issue 35)", () => {
    const read = readGstr2bWorkbook(
      FILE_NAME,
      sheets((sheet) => {
        const row = sheet.rows.find((cells) => cells.includes("BS/2024-25/0101"));
        if (sheet.name === "B2B" && row) {
          row[5] = "1,456.785";
          row[9] = "1,234.565";
          row[10] = "222.2215";
          row[11] = String(900.045);
          row[13] = "0.125";
        }
      }),
    );
    if (!read.ok) throw new Error(read.message);
    expect(read.file.documents.find((d) => d.number === "BS/2024-25/0101")).toMatchObject({
      valuePaise: 145_679,
      taxablePaise: 123_457,
      igstPaise: 22_222,
      cgstPaise: 90_005,
      cessPaise: 13,
    });
  });

  it("says which column a sheet lacks", () => {
    const read = readGstr2bWorkbook(
      FILE_NAME,
      sheets((sheet) => {
        if (sheet.name === "B2B") {
          for (const row of sheet.rows.slice(4, 6)) row[9] = "";
        }
      }),
    );
    expect(!read.ok && read.message).toBe(
      'Sheet B2B has no column "Taxable Value"; import the file as the portal gave it.',
    );
  });

  it("skips totals and blank rows, warns of sheets with rows it does not read", () => {
    const read = readGstr2bWorkbook(
      FILE_NAME,
      sheets((sheet) => {
        if (sheet.name === "B2B") sheet.rows.push([], ["Total", "", "", "", "", "17700"]);
        if (sheet.name === "ECO") {
          sheet.rows.push(...Array.from({ length: 10 }, () => ["29AAGCB7383J1Z4", "x"]));
        }
      }),
    );
    if (!read.ok) throw new Error(read.message);
    expect(read.file.documents).toHaveLength(6);
    expect(read.file.warnings).toEqual(['Sheet "ECO" of the file is not read.']);
  });

  it("stops at the document limit", () => {
    const read = readGstr2bWorkbook(FILE_NAME, sheets(), 3);
    expect(!read.ok && read.message).toContain("more than 3 documents");
  });

  it.each([
    ["05/09/2024", "2024-09-05"],
    ["5-9-2024", "2024-09-05"],
    ["05-Sep-2024", "2024-09-05"],
    ["2024-09-05", "2024-09-05"],
    ["31/09/2024", null],
    ["Sep 2024", null],
  ])("reads the date %s as %s", (text, date) => {
    expect(workbookDate(text)).toBe(date);
  });
});
