/** spec 9: the route changes 100 ms after the year does. */
export const YEAR_CHANGE_DELAY_MS = 100;

// spec 2.3: pages of one entry fall back to the matching list under another year, where that
// entry does not exist.
const ENTRY_PAGES = new Set(["edit", "duplicate", "old-version"]);

/**
 * The path to open when the year changes on `pathname` (/{organisationId}/{year}/…): edit,
 * duplicate and old-version pages become their list page (…/{type}/edit/{id} → …/{type}/list);
 * any other page keeps its path under the new year.
 */
export function yearChangePath(pathname: string, newYear: string): string {
  const [, organisationId, , ...page] = pathname.split("/");
  if (organisationId === undefined) return pathname;
  const entryPage = page.findIndex((segment) => ENTRY_PAGES.has(segment));
  const target = entryPage > 0 ? [...page.slice(0, entryPage), "list"] : page;
  return ["", organisationId, newYear, ...target].join("/");
}
