/**
 * A bill number as GSTR-2B matching compares it (issue 20; IC get_cleaner_bill_no): the financial
 * year written into it dropped (2024-25, 2024/25, 2024-2025, 24-25, 24/25 …, only when the two years
 * follow each other), `/`, `-` and spaces dropped, leading zeros of each part dropped, upper case.
 * "INV/2024-25/0042", "inv-42" and "INV 042" all clean to "INV42".
 */
export function cleanBillNumber(number: string): string {
  const withoutYear = number.replace(
    /(?<!\d)(\d{2}|\d{4})[-/](\d{2}|\d{4})(?!\d)/g,
    (whole, first: string, second: string) => (isFinancialYearText(first, second) ? " " : whole),
  );
  return withoutYear
    .split(/[\s/\\-]+/)
    .map((part) => part.replace(/^0+(?=.)/, ""))
    .filter((part) => part !== "")
    .join("")
    .toUpperCase();
}

function isFinancialYearText(first: string, second: string): boolean {
  const start = Number(first.slice(-2));
  const end = Number(second.slice(-2));
  if (first.length === 4 && second.length === 4 && Number(second) !== Number(first) + 1) {
    return false;
  }
  return (start + 1) % 100 === end;
}
