import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

/*
 * One owner per query key (issue 40). Two screens cached GET /settings/getLockPeriod under the
 * same key, ['lock-periods', organisation, year], one as the rows and one as the whole answer;
 * whichever screen came second read the other's shape and crashed. TanStack Query keys are a
 * global namespace, so the rule has to hold across the whole of web/src:
 *
 * 1. A key's root (its first element, 'lock-periods') is written in one file only: the module
 *    that owns the query. Other files build the key through that module's exports.
 * 2. A `queryFn` sits in the same object as its `queryKey`, and that key is built from the file's
 *    own names, never from an imported factory: a screen that wants another module's data spreads
 *    that module's query options (`useQuery({ ...lockPeriodsQuery(o, y), select })`) and derives
 *    its shape with `select`, so it cannot store a second shape under the owner's key.
 * 3. `setQueryData` writes under an imported key only through an owner's `….queryKey`, which
 *    `queryOptions` tags with the data type, so TypeScript checks the shape written.
 *
 * The scan reads the source with TypeScript's parser (no type checking, so it is quick). A key
 * position is an array literal under a name ending in "key"/"keys" (`queryKey:`, `accountsKey()`,
 * `const key = [...]`, `entryKeys = { … }`), so lists of other things are not mistaken for keys.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Files that still pair a queryFn with another module's key, or setQueryData an imported key,
 * as they did before rule 2 existed. Each reads the same fetch function as the key's owner (no
 * second shape today), but should move to an owner's `…Query()`; remove a file from this list
 * when it does, and add none.
 */
const NOT_YET_OWNED = new Set([
  "app/session.tsx",
  "features/dashboard/DashboardPage.tsx",
  "features/entries/components/EntryPage.tsx",
  "features/entries/components/SettlementSection.tsx",
  "features/entries/components/use-entry-settings.ts",
  "features/ledger/ItemLedgerPage.tsx",
  "features/ledger/LedgerPage.tsx",
  "features/lists/use-list-page.ts",
  "features/masters/ClosingStockPage.tsx",
  "features/members/ActivityLogPage.tsx",
  "features/members/ApiKeySection.tsx",
  "features/members/SentInvitations.tsx",
  "features/members/UsersSettingsPage.tsx",
  "features/organisation-settings/OrganisationSettingsForm.tsx",
  "features/organisation-settings/OrganisationSettingsPage.tsx",
  "features/organisations/OrganisationsPage.tsx",
  "features/printing/DocumentSettingsPage.tsx",
  "features/profile/ContactChangeForm.tsx",
  "features/profile/NameForm.tsx",
  "features/profile/PasswordForm.tsx",
  "features/reports/pages/BalanceSheetPage.tsx",
  "features/reports/pages/DayBookPage.tsx",
  "features/reports/pages/ProfitLossPage.tsx",
  "features/reports/pages/TabularReportPage.tsx",
  "features/reports/pages/TrialBalancePage.tsx",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `key`, `queryKey`, `entryKeys`, `ORGANISATIONS_QUERY_KEY`; not `hotkeys`. */
const KEY_NAME = /(^keys?|Keys?|_KEYS?)$/;

function nameOf(node: ts.Node): string | null {
  if (
    (ts.isVariableDeclaration(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isPropertyAssignment(node) ||
      ts.isShorthandPropertyAssignment(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isJsxAttribute(node)) &&
    node.name &&
    (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
  ) {
    return node.name.text;
  }
  return null;
}

/**
 * Whether an array literal is a query key: the nearest name above it ends in "key"/"keys", or it
 * sits in an object of key factories (`entryKeys = { entry: (…) => [...] }`).
 */
function inKeyPosition(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    const name = nameOf(at);
    if (name === null) continue;
    if (KEY_NAME.test(name)) return true;
    if (!ts.isPropertyAssignment(at)) return false;
  }
  return false;
}

/** The names this file imports (bindings of its import declarations). */
function importedNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}

/** Whether an expression reads an imported name (property names after a dot do not count). */
function readsImport(expression: ts.Node, imported: Set<string>): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (ts.isIdentifier(node) && imported.has(node.text)) {
      const parent = node.parent;
      const isMemberName = parent && ts.isPropertyAccessExpression(parent) && parent.name === node;
      if (!isMemberName) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(expression);
  return found;
}

function propertyNamed(object: ts.ObjectLiteralExpression, name: string) {
  return object.properties.find(
    (property) => property.name && ts.isIdentifier(property.name) && property.name.text === name,
  );
}

interface Scan {
  /** Key root → the files that write it in a key position. */
  roots: Map<string, Set<string>>;
  problems: string[];
}

function scan(): Scan {
  const roots = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const relative = path.relative(SRC, file);
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imported = importedNames(source);
    const where = (node: ts.Node) =>
      `${relative}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isArrayLiteralExpression(node) && inKeyPosition(node)) {
        const first = node.elements[0];
        if (first && ts.isStringLiteralLike(first)) {
          const files = roots.get(first.text) ?? new Set<string>();
          files.add(relative);
          roots.set(first.text, files);
        }
      }
      if (ts.isObjectLiteralExpression(node) && propertyNamed(node, "queryFn")) {
        const key = propertyNamed(node, "queryKey");
        if (!key) {
          problems.push(`${where(node)}: a queryFn over another module's query options`);
        } else if (readsImport(key, imported)) {
          problems.push(`${where(key)}: a queryFn under a key imported from another module`);
        }
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "setQueryData"
      ) {
        const key = node.arguments[0];
        const throughOwner =
          key && ts.isPropertyAccessExpression(key) && key.name.text === "queryKey";
        if (key && !throughOwner && readsImport(key, imported)) {
          problems.push(`${where(node)}: setQueryData under an imported key, not an owner's`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { roots, problems };
}

describe("query keys: one owner each", () => {
  const { roots, problems } = scan();

  test("the scan finds the keys (a guard against a scan that silently finds nothing)", () => {
    expect(roots.get("lock-periods")).toEqual(
      new Set([path.join("features", "lock-period", "lock-periods.query.ts")]),
    );
    expect(roots.size).toBeGreaterThan(30);
  });

  test("every key root is written in one file", () => {
    const shared = [...roots]
      .filter(([, files]) => files.size > 1)
      .map(([root, files]) => `${root}: ${[...files].sort().join(", ")}`);
    expect(shared).toEqual([]);
  });

  test("a queryFn is written beside its own key; setQueryData goes through the owner", () => {
    const fileOf = (problem: string) => problem.slice(0, problem.indexOf(":"));
    expect(problems.filter((problem) => !NOT_YET_OWNED.has(fileOf(problem)))).toEqual([]);
  });

  test("the list of files not yet moved to an owner only shrinks", () => {
    const stillThere = new Set(problems.map((problem) => problem.slice(0, problem.indexOf(":"))));
    expect([...NOT_YET_OWNED].filter((file) => !stillThere.has(file))).toEqual([]);
  });
});
