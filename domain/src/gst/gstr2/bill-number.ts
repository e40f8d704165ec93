/**
 * A bill number as GSTR-2B matching compares it (issue 20; IC get_cleaner_bill_no): the financial
 * year written into it dropped (2024-25, 2024/25, 2024-2025, 24-25, 24/25 …, only when the two years
 * follow each other), `/`, `-` and spaces dropped, leading zeros of each part dropped, upper case.
 * "INV/2024-25/0042", "inv-42" and "INV 042" all clean to "INV42".
 */
export function cleanBillNumber(number: string): string {
  const withoutYear = YEAR_LIKE.test(number)
    ? number.replace(FINANCIAL_YEAR, (whole, first: string, second: string) =>
        isFinancialYearText(first, second) ? " " : whole,
      )
    : number;
  let cleaned = "";
  for (const part of withoutYear.split(SEPARATORS)) {
    let at = 0;
    while (at < part.length - 1 && part[at] === "0") at += 1;
    cleaned += at === 0 ? part : part.slice(at);
  }
  return cleaned.toUpperCase();
}

const YEAR_LIKE = /\d[-/]\d/;
const FINANCIAL_YEAR = /(?<!\d)(\d{2}|\d{4})[-/](\d{2}|\d{4})(?!\d)/g;
const SEPARATORS = /[\s/\\-]+/;

function isFinancialYearText(first: string, second: string): boolean {
  const start = Number(first.slice(-2));
  const end = Number(second.slice(-2));
  if (first.length === 4 && second.length === 4 && Number(second) !== Number(first) + 1) {
    return false;
  }
  return (start + 1) % 100 === end;
}
