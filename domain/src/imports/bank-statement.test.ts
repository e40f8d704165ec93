import { describe, expect, it } from "vitest";
import {
  detectStatementLayout,
  mapHeaderRow,
  parseStatementAmount,
  parseStatementDate,
  readStatementLines,
} from "./bank-statement.ts";

// Statements laid out as each bank's downloads are (shared/returns-reference.md §6.1), made here:
// no customer's data.
const PREAMBLE = [
  ["Account Name :", "M/S SHARMA TRADERS"],
  ["Address :", "12 MG Road, Pune"],
  ["Account Number :", "00000012345678"],
  ["IFS Code :", "XXXX0000123"],
  [""],
];

const STATEMENTS: Record<string, { rows: string[][]; layout: string }> = {
  hdfc: {
    layout: "hdfc",
    rows: [
      ...PREAMBLE,
      [
        "Date",
        "Narration",
        "Chq./Ref.No.",
        "Value Dt",
        "Withdrawal Amt.",
        "Deposit Amt.",
        "Closing Balance",
      ],
      [
        "01/04/25",
        "UPI-RAMESH KUMAR-ramesh@okaxis-",
        "0000512345",
        "01/04/25",
        "",
        "1,500.00",
        "11,500.00",
      ],
      ["02/04/25", "ATW-512345XXXXXX-PUNE", "0000000000", "02/04/25", "2,000.00", "", "9,500.00"],
      ["", "STATEMENT SUMMARY"],
    ],
  },
  icici: {
    layout: "icici",
    rows: [
      ...PREAMBLE,
      [
        "S No.",
        "Value Date",
        "Transaction Date",
        "Cheque Number",
        "Transaction Remarks",
        "Withdrawal Amount (INR )",
        "Deposit Amount (INR )",
        "Balance (INR )",
      ],
      ["1", "01/04/2025", "01/04/2025", "-", "NEFT-ACME SUPPLIES", "1500.00", "0.00", "8500.00"],
      ["2", "03/04/2025", "03/04/2025", "123456", "CLG/CHQ DEP", "0.00", "2500.00", "11000.00"],
    ],
  },
  sbi: {
    layout: "sbi",
    rows: [
      ...PREAMBLE,
      ["Balance as on 1 Apr 2025 :", "10,000.00"],
      [
        "Txn Date",
        "Value Date",
        "Description",
        "Ref No./Cheque No.",
        "Branch Code",
        "Debit",
        "Credit",
        "Balance",
      ],
      [
        "1 Apr 2025",
        "1 Apr 2025",
        "BY TRANSFER-UPI/CR/512345/RAMESH",
        "TRANSFER FROM 123",
        "99",
        "",
        "1,500.00",
        "11,500.00",
      ],
      [
        "2 Apr 2025",
        "2 Apr 2025",
        "ATM WDL-ATM CASH 1234 PUNE",
        "",
        "99",
        "2,000.00",
        "",
        "9,500.00",
      ],
    ],
  },
  axis: {
    layout: "axis",
    rows: [
      ...PREAMBLE,
      ["Tran Date", "Chq No", "Particulars", "Debit", "Credit", "Balance", "Init. Br"],
      ["01-04-2025", "", "UPI/P2A/512345/RAMESH", "", "1500.00", "11500.00", "123"],
      ["02-04-2025", "", "ATM-CASH/PUNE", "2000.00", "", "9500.00", "123"],
    ],
  },
  kotak: {
    layout: "kotak",
    rows: [
      ...PREAMBLE,
      [
        "Sl.No.",
        "Date",
        "Description",
        "Chq / Ref number",
        "Amount",
        "Dr / Cr",
        "Balance",
        "Dr / Cr",
      ],
      ["1", "01-04-2025", "UPI/RAMESH/512345", "UPI-512345", "1,500.00", "CR", "11,500.00", "CR"],
      ["2", "02-04-2025", "ATM WDL PUNE", "", "2,000.00", "DR", "9,500.00", "CR"],
    ],
  },
};

describe("statement header detection", () => {
  for (const [bank, statement] of Object.entries(STATEMENTS)) {
    it(`finds ${bank}'s header row under the preamble and reads its two lines`, () => {
      const layout = detectStatementLayout(statement.rows);
      expect(layout?.layout).toBe(statement.layout);
      expect(layout?.headerRowIndex).toBeGreaterThanOrEqual(PREAMBLE.length);
      const reading = readStatementLines(statement.rows, layout!.headerRowIndex, layout!.mapping);
      expect(reading.problems).toEqual([]);
      expect(reading.lines.map((line) => [line.date, line.amountPaise])).toEqual([
        [bank === "icici" ? "2025-04-01" : "2025-04-01", bank === "icici" ? -150000 : 150000],
        [bank === "icici" ? "2025-04-03" : "2025-04-02", bank === "icici" ? 250000 : -200000],
      ]);
      expect(reading.balanceBreak).toBeNull();
    });
  }

  it("maps the Kotak marker column after Amount, not the balance's", () => {
    const layout = detectStatementLayout(STATEMENTS.kotak!.rows)!;
    expect(layout.mapping).toMatchObject({
      date: 1,
      narration: 2,
      reference: 3,
      amount: 4,
      drCr: 5,
      balance: 6,
    });
  });

  it("refuses a sheet without a date and an amount column", () => {
    expect(
      detectStatementLayout([
        ["Name", "City"],
        ["A", "B"],
      ]),
    ).toBeNull();
  });
});

describe("statement cells", () => {
  it.each([
    ["01/04/2025", "2025-04-01"],
    ["1-4-25", "2025-04-01"],
    ["01.04.2025", "2025-04-01"],
    ["1 Apr 2025", "2025-04-01"],
    ["01-APR-25", "2025-04-01"],
    ["31 March 2026", "2026-03-31"],
    ["2025-04-01", "2025-04-01"],
    ["31/02/2025", null],
    ["Opening Balance", null],
  ])("date %s → %s", (text, date) => {
    expect(parseStatementDate(text)).toBe(date);
  });

  it.each([
    ["1,23,456.78", { paise: 12345678, marker: null }],
    ["₹ 500", { paise: 50000, marker: null }],
    ["Rs.500.5", { paise: 50050, marker: null }],
    ["INR 1,000.00 Cr", { paise: 100000, marker: "cr" }],
    ["250.00(Dr)", { paise: 25000, marker: "dr" }],
    ["-250", { paise: -25000, marker: null }],
    ["(250.00)", { paise: -25000, marker: null }],
    // A spreadsheet's float: the decimal rounded half up, never x * 100 (1.005 * 100 < 100.5).
    ["1.005", { paise: 101, marker: null }],
    ["1.0049", { paise: 100, marker: null }],
    ["-2.675", { paise: -268, marker: null }],
    ["1.15", { paise: 115, marker: null }],
    ["9999999999999.9999", { paise: 1_000_000_000_000_000, marker: null }],
    ["0.00", null],
    ["", null],
    ["12abc", "invalid"],
  ])("amount %s", (text, expected) => {
    expect(parseStatementAmount(text)).toEqual(expected);
  });
});

describe("statement lines", () => {
  const header = ["Date", "Narration", "Ref", "Withdrawal", "Deposit", "Balance"];

  it("joins a wrapped narration, skips summary rows and reports bad rows by their number", () => {
    const rows = [
      header,
      ["", "Opening Balance", "", "", "", "1,000.00"],
      ["01/04/2025", "NEFT-ACME", "R1", "", "500.00", "1,500.00"],
      ["", "SUPPLIES PVT LTD"],
      ["02/04/2025", "CHQ 12", "12", "", "", "1,500.00"],
      ["3rd April", "Cash", "", "100.00", "", "1,400.00"],
      ["", "Total", "", "100.00", "500.00", ""],
    ];
    const layout = detectStatementLayout(rows)!;
    const reading = readStatementLines(rows, layout.headerRowIndex, layout.mapping);
    expect(reading.lines).toHaveLength(1);
    expect(reading.lines[0]).toMatchObject({
      rowNumber: 3,
      narration: "NEFT-ACME SUPPLIES PVT LTD",
      reference: "R1",
      amountPaise: 50000,
      balancePaise: 150000,
    });
    expect(reading.problems).toEqual([
      { rowNumber: 5, message: "This row has no amount." },
      { rowNumber: 6, message: '"3rd April" is not a date.' },
    ]);
  });

  it("reports the first row where the running balance breaks", () => {
    const rows = [
      header,
      ["01/04/2025", "A", "", "", "500.00", "1,500.00"],
      ["02/04/2025", "B", "", "200.00", "", "1,300.00"],
      ["03/04/2025", "C", "", "100.00", "", "1,250.00"],
      ["04/04/2025", "D", "", "50.00", "", "1,200.00"],
    ];
    const layout = detectStatementLayout(rows)!;
    const reading = readStatementLines(rows, layout.headerRowIndex, layout.mapping);
    expect(reading.balanceBreak).toEqual({
      rowNumber: 4,
      expectedPaise: 120000,
      foundPaise: 125000,
    });
  });

  it("reads a newest-first statement's balances in time order", () => {
    const rows = [
      header,
      ["03/04/2025", "C", "", "100.00", "", "1,200.00"],
      ["02/04/2025", "B", "", "200.00", "", "1,300.00"],
      ["01/04/2025", "A", "", "", "500.00", "1,500.00"],
    ];
    const layout = detectStatementLayout(rows)!;
    const reading = readStatementLines(rows, layout.headerRowIndex, layout.mapping);
    expect(reading.newestFirst).toBe(true);
    expect(reading.balanceBreak).toBeNull();
  });
});

// Issue 36: what real statements carry besides plain lines.
describe("statement lines as real files carry them", () => {
  const header = ["Date", "Narration", "Ref", "Withdrawal", "Deposit", "Balance"];
  const read = (rows: string[][]) => {
    const layout = detectStatementLayout(rows)!;
    return readStatementLines(rows, layout.headerRowIndex, layout.mapping);
  };

  it("a negative withdrawal is money in (a reversal), a negative deposit money out", () => {
    const reading = read([
      header,
      ["01/04/2025", "NEFT TO ACME", "", "5,000.00", "", "5,000.00"],
      ["02/04/2025", "REV-NEFT TO ACME", "", "-5,000.00", "", "10,000.00"],
      ["03/04/2025", "CHQ RETURN", "", "", "(1,000.00)", "9,000.00"],
    ]);
    expect(reading.lines.map((line) => line.amountPaise)).toEqual([-500000, 500000, -100000]);
    expect(reading.problems).toEqual([]);
    expect(reading.balanceBreak).toBeNull();
  });

  it.each([
    ["Dr", "Cr"],
    ["DR", "CR"],
    ["D", "C"],
    ["Debit", "Credit"],
  ])("a %s/%s marker column beside one amount column says which way", (dr, cr) => {
    const reading = read([
      ["Txn Date", "Description", "Amount", "Dr/Cr", "Balance"],
      ["01/04/2025", "SALARY", "10,000.00", cr, "10,000.00"],
      ["02/04/2025", "RENT", "4,000.00", dr, "6,000.00"],
      ["03/04/2025", "REVERSAL OF RENT", "-4,000.00", dr, "10,000.00"],
    ]);
    expect(reading.lines.map((line) => line.amountPaise)).toEqual([1000000, -400000, 400000]);
    expect(reading.balanceBreak).toBeNull();
  });

  it("finds the marker column under its usual headers", () => {
    for (const marker of ["Dr/Cr", "Cr/Dr", "DR / CR", "D/C", "Debit/Credit", "Txn Type", "Type"]) {
      expect(
        detectStatementLayout([["Date", "Particulars", "Amount", marker, "Balance"]])?.mapping,
      ).toMatchObject({ amount: 2, drCr: 3 });
    }
  });

  it("an Opening Balance row in the table sets the opening the first line follows from", () => {
    const reading = read([
      header,
      ["01/04/2025", "Opening Balance", "", "", "", "1,000.00"],
      ["01/04/2025", "NEFT-ACME", "R1", "", "500.00", "1,500.00"],
    ]);
    expect(reading.lines).toHaveLength(1);
    expect(reading.openingBalancePaise).toBe(100000);
    expect(reading.balanceBreak).toBeNull();
    const broken = read([
      header,
      ["", "OPENING BALANCE", "", "", "", "2,000.00"],
      ["01/04/2025", "NEFT-ACME", "R1", "", "500.00", "1,500.00"],
    ]);
    expect(broken.openingBalancePaise).toBe(200000);
    expect(broken.balanceBreak).toEqual({
      rowNumber: 3,
      expectedPaise: 250000,
      foundPaise: 150000,
    });
  });

  it("reads dated rows above and below a repeated header row (a page break), the header itself silently", () => {
    const reading = read([
      ["Statement of account"],
      header,
      ["01/04/2025", "A", "", "", "500.00", "1,500.00"],
      ["02/04/2025", "B", "", "200.00", "", "1,300.00"],
      ["Page 1 of 2"],
      header,
      ["03/04/2025", "C", "", "100.00", "", "1,200.00"],
    ]);
    expect(reading.lines.map((line) => line.rowNumber)).toEqual([3, 4, 7]);
    expect(reading.problems).toEqual([]);
  });

  it("keeps the dated rows above the header it was read from (a wrapped first header)", () => {
    const rows = [
      ["Date", "Narration", "Withdrawal", ""],
      ["", "", "Amt.", "Deposit Amt."],
      ["01/04/2025", "A", "", "500.00", "1,500.00"],
      ["Date", "Narration", "Withdrawal Amt.", "Deposit Amt.", "Closing Balance"],
      ["03/04/2025", "C", "100.00", "", "1,400.00"],
    ];
    const layout = detectStatementLayout(rows)!;
    expect(layout.headerRowIndex).toBe(3);
    const reading = readStatementLines(rows, layout.headerRowIndex, layout.mapping);
    expect(reading.lines.map((line) => [line.rowNumber, line.amountPaise])).toEqual([
      [3, 50000],
      [5, -10000],
    ]);
    expect(reading.problems).toEqual([]);
  });

  it("skips footer rows silently: totals, closing balance, the summary, end of statement, legal text", () => {
    const reading = read([
      header,
      ["01/04/2025", "A", "", "", "500.00", "1,500.00"],
      ["", "Total", "", "0.00", "500.00", ""],
      ["Closing Balance", "", "", "", "", "1,500.00"],
      ["STATEMENT SUMMARY :-"],
      ["Opening Balance", "Dr Count", "Cr Count", "Debits", "Credits", "Closing Bal"],
      ["1,000.00", "0", "1", "0.00", "500.00", "1,500.00"],
      ["** End of statement **"],
      ["Generated On: 05/04/2025 10:31:12"],
      ["This is a computer generated statement and does not require a signature."],
      [
        "Contents of this statement will be considered correct if no error is reported within 30 days.",
      ],
    ]);
    expect(reading.lines).toHaveLength(1);
    expect(reading.problems).toEqual([]);
  });

  it("still reports a row in the table whose date cannot be read", () => {
    const reading = read([
      header,
      ["01/04/2025", "A", "", "", "500.00", "1,500.00"],
      ["3rd April", "Cash", "", "100.00", "", "1,400.00"],
      ["04/04/2025", "B", "", "100.00", "", "1,300.00"],
    ]);
    expect(reading.problems).toEqual([{ rowNumber: 3, message: '"3rd April" is not a date.' }]);
  });
});

describe("a dated line that only begins like a summary", () => {
  it("is a line (TOTAL ENERGIES is a fuel station)", () => {
    const rows = [
      ["Date", "Narration", "Ref", "Withdrawal", "Deposit", "Balance"],
      ["01/04/2025", "TOTAL ENERGIES FUEL", "", "500.00", "", "500.00"],
      ["01/04/2025", "Total", "", "500.00", "", ""],
    ];
    const layout = detectStatementLayout(rows)!;
    const reading = readStatementLines(rows, layout.headerRowIndex, layout.mapping);
    expect(reading.lines.map((line) => line.narration)).toEqual(["TOTAL ENERGIES FUEL"]);
  });
});

describe("an opening balance written beside its label", () => {
  it("sets the opening even out of the table's columns", () => {
    const rows = [
      ["Opening Balance :", "1,00,000.00"],
      ["Date", "Narration", "Ref", "Withdrawal", "Deposit", "Balance"],
      ["01/04/2025", "A", "", "", "500.00", "1,00,400.00"],
    ];
    const layout = detectStatementLayout(rows)!;
    const reading = readStatementLines(rows, layout.headerRowIndex, layout.mapping);
    expect(reading.openingBalancePaise).toBe(10_000_000);
    expect(reading.balanceBreak).toEqual({
      rowNumber: 3,
      expectedPaise: 10_050_000,
      foundPaise: 10_040_000,
    });
  });
});

describe("Axis Bank's CSV", () => {
  const header = ["Tran Date", "CHQNO", "PARTICULARS", "DR", "CR", "BAL", "SOL"];

  it("reads BAL as the balance, CHQNO as the reference, DR and CR as the sides", () => {
    expect(mapHeaderRow(header)).toEqual({
      date: 0,
      reference: 1,
      narration: 2,
      debit: 3,
      credit: 4,
      balance: 5,
    });
  });

  it("follows the balance through padded amounts and skips the transaction totals", () => {
    const rows = [
      header,
      ["01-04-2025", "-", "UPI/P2M/RAVI STORES", "          1180.00", " ", "     48820.00", "4875"],
      ["03-04-2025", "-", "NEFT/SHARMA ENTERPRISES", " ", "     25000.00", "     73820.00", "4875"],
      ["", "", "TRANSACTION TOTAL", "1180.00", "25000.00", "", ""],
      ["", "", "CLOSING BALANCE", "", "", "73820.00", ""],
    ];
    const reading = readStatementLines(rows, 0, mapHeaderRow(header));
    expect(reading.problems).toEqual([]);
    expect(reading.lines.map((line) => [line.amountPaise, line.balancePaise])).toEqual([
      [-118_000, 4_882_000],
      [2_500_000, 7_382_000],
    ]);
    expect(reading.balanceBreak).toBeNull();
  });
});

describe("Kotak's CSV", () => {
  const header = [
    "Sl. No.",
    "Transaction Date",
    "Value Date",
    "Description",
    "Chq / Ref No.",
    "Amount",
    "Dr / Cr",
    "Balance",
    "Dr / Cr",
  ];

  it("signs the balance by its own Dr / Cr column: an overdrawn account follows", () => {
    const rows = [
      header,
      [
        "1",
        "01-04-2025 10:02:11",
        "01-04-2025",
        "UPI/RAVI",
        "UPI-1",
        "11,800.00",
        "CR",
        "11,800.00",
        "CR",
      ],
      [
        "2",
        "03-04-2025 15:40:02",
        "03-04-2025",
        "NEFT RENT",
        "N-2",
        "16,800.00",
        "DR",
        "5,000.00",
        "DR",
      ],
      [
        "3",
        "09-04-2025 12:00:00",
        "09-04-2025",
        "IMPS ASHA",
        "I-3",
        "25,000.00",
        "CR",
        "20,000.00",
        "CR",
      ],
    ];
    const mapping = mapHeaderRow(header);
    expect(mapping).toMatchObject({ amount: 5, drCr: 6, balance: 7 });
    const reading = readStatementLines(rows, 0, mapping);
    expect(reading.lines.map((line) => [line.amountPaise, line.balancePaise])).toEqual([
      [1_180_000, 1_180_000],
      [-1_680_000, -500_000],
      [2_500_000, 2_000_000],
    ]);
    expect(reading.balanceBreak).toBeNull();
  });
});
