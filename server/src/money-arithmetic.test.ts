import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// Issue 34: every rupee ↔ paisa conversion and every quantity × rate goes through the domain's
// money functions (domain/src/money: rupeesToPaise, roundRupeesToPaise, amountForQuantity,
// quantityToMilli …). Outside domain/src/money no source multiplies by 100 or 1000, the float
// habit of `Math.round(rupees * 100)` that makes 1.005 ₹1.00 and 0.5005 kg 500 g. A line that is
// provably not money nor a quantity is named below, with the reason.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SCANNED = ["domain/src", "server/src", "web/src"];
const MONEY_MODULE = "domain/src/money/";

/** `x * 100`, `x * 1000`, `100 * x` … (also 1_000, 1e2, 1e3). */
const SCALING =
  /(?<!\*)\*\s*(?:100|1000|1_000|1e2|1e3)\b(?![._\d])|(?<![._\d\w])(?:100|1000|1_000)\s*\*(?!\*)/;

/**
 * The lines that multiply by 100 or 1000 and are not money: each is the file and a piece of the
 * line's text, and why. An entry that no longer matches a line fails the test too.
 */
const NOT_MONEY: { file: string; text: string; why: string }[] = [
  {
    file: "domain/src/imports/bank-suggestions.ts",
    text: "Math.round(value * 100) / 100",
    why: "a suggestion's confidence score (0 to 1) kept to 2 decimals",
  },
  {
    file: "server/src/modules/imports/bank-import.service.ts",
    text: "Math.round(suggestion.confidence * 100)",
    why: "the confidence score stored as a whole percentage",
  },
  {
    file: "web/src/features/imports/BankEntriesPage.tsx",
    text: "Math.round(line.confidence * 100)",
    why: "the confidence score shown as a percentage",
  },
  {
    file: "web/src/features/imports/ImportProgressBar.tsx",
    text: "(data.done * 100) / data.total",
    why: "a progress bar's percentage of vouchers done",
  },
  {
    file: "server/src/modules/exports/table-pdf.ts",
    text: "(weight * 100) / totalWeight",
    why: "a PDF column's width as a percentage of the page",
  },
  {
    file: "server/src/modules/auth/auth.service.ts",
    text: "SESSION_TTL_SECONDS * 1000",
    why: "seconds to milliseconds",
  },
  {
    file: "server/src/modules/imports/import-progress.ts",
    text: "10 * 60 * 1000",
    why: "minutes to milliseconds",
  },
  {
    file: "server/src/modules/demo/book-generator.ts",
    text: "Math.round(paise / 1_000) * 1_000",
    why: "a demo price already in whole paise rounded to a step of ₹10: no rupees are read",
  },
  {
    file: "server/src/modules/items/stock-valuation.ts",
    text: "(numerator * 1000) / denominator",
    why: "the average cost per unit, value paise over thousandths of a unit: a quotient of exact integers, not a conversion",
  },
  {
    file: "web/src/features/calculator/calculator-model.ts",
    text: "Math.round(Math.abs(value) * 100 + 1e-9)",
    why: "the on-screen calculator's display rounding of any number it is given (spec 9), past the safe paise range too; nothing it shows is stored",
  },
];

function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === "node_modules" ? [] : listSources(full);
    return /\.tsx?$/.test(name) && !name.includes(".test.") ? [full] : [];
  });
}

/** The line without its comment: a `//` comment, or a line inside a block comment. */
function codeOf(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith("*") || trimmed.startsWith("/*") || trimmed.startsWith("//")) return "";
  const comment = line.indexOf("//");
  return comment >= 0 && !line.slice(0, comment).includes("`") ? line.slice(0, comment) : line;
}

function findScaling(): { file: string; line: number; text: string }[] {
  const found: { file: string; line: number; text: string }[] = [];
  for (const folder of SCANNED) {
    for (const full of listSources(path.join(root, folder))) {
      const file = path.relative(root, full).split(path.sep).join("/");
      if (file.startsWith(MONEY_MODULE)) continue;
      readFileSync(full, "utf8")
        .split("\n")
        .forEach((text, index) => {
          if (SCALING.test(codeOf(text))) found.push({ file, line: index + 1, text: text.trim() });
        });
    }
  }
  return found;
}

describe("money arithmetic stays in domain/src/money (issue 34)", () => {
  const found = findScaling();
  const allowed = (hit: { file: string; text: string }) =>
    NOT_MONEY.some((entry) => entry.file === hit.file && hit.text.includes(entry.text));

  test("no source outside domain/src/money multiplies by 100 or 1000, but the named non-money lines", () => {
    const offending = found
      .filter((hit) => !allowed(hit))
      .map((hit) => `${hit.file}:${hit.line}: ${hit.text}`);
    expect(
      offending,
      "Use the domain's money functions (rupeesToPaise, roundRupeesToPaise, amountForQuantity, quantityToMilli, applyPercent …), or name a line that is provably not money in NOT_MONEY with the reason.",
    ).toEqual([]);
  });

  test("every NOT_MONEY entry still names a line", () => {
    const stale = NOT_MONEY.filter(
      (entry) => !found.some((hit) => hit.file === entry.file && hit.text.includes(entry.text)),
    ).map((entry) => `${entry.file}: ${entry.text}`);
    expect(stale).toEqual([]);
  });

  test("the scan sees what it is meant to catch", () => {
    for (const line of [
      "const paise = Math.round(rupees * 100);",
      "const milli = Math.round(quantity * 1000);",
      "const paise = 100 * rupees;",
      "return Math.round(x * 1_000) / 1_000;",
    ]) {
      expect(SCALING.test(codeOf(line)), line).toBe(true);
    }
    for (const line of [
      "const paise = rupeesToPaise(rupees); // not rupees * 100",
      " * 1.15 * 100 is 114.99999999999999",
      "const big = 10_000_00 * 2;",
      "return x ** 100;",
      "const total = value * 1005;",
    ]) {
      expect(SCALING.test(codeOf(line)), line).toBe(false);
    }
  });
});
