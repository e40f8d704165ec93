import { z } from "zod";
import { isValidFinancialYear } from "../calendar/index.ts";

/** A civil date 'YYYY-MM-DD' that exists on the Gregorian calendar (2025-02-30 is refused). */
export const CivilDateText = z.iso.date({
  error: "Date must be a real date in the form YYYY-MM-DD.",
  // Aborts, so payload refinements (calendar's date arithmetic, which throws) see only real dates.
  abort: true,
});

/** A financial year '2024-25' (1 April 2024 to 31 March 2025); the second part is the next year. */
export const FinancialYearText = z
  .string({ error: "Year must be a financial year like 2024-25." })
  .regex(/^\d{4}-\d{2}$/, { error: "Year must be a financial year like 2024-25.", abort: true })
  .refine(isValidFinancialYear, {
    error: "The second part of the year must be the next year, like 2024-25.",
    abort: true,
  });
