/** dd-MM-yyyy, as the UI shows dates (DESIGN.md 4). */
export function formatPrintDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}-${month}-${year}`;
}
