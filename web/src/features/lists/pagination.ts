/** spec 9: pagination shows 2 margin pages and a range of 2, with Prev, Next and '...'. */
export const PAGINATION_MARGIN_PAGES = 2;
export const PAGINATION_PAGE_RANGE = 2;

export type PaginationItem =
  | { kind: "page"; page: number; current: boolean }
  | { kind: "break"; key: string };

export function countPages(count: number, pageSize: number): number {
  return count <= 0 ? 0 : Math.ceil(count / pageSize);
}

/**
 * The page buttons between Prev and Next, 1-based: the first and last `margin` pages, `range`
 * pages around the current one, '...' for each gap, and a gap of one page shown as that page.
 * (The algorithm of react-paginate's marginPagesDisplayed / pageRangeDisplayed.)
 */
export function buildPaginationItems(
  currentPage: number,
  pageCount: number,
  margin: number = PAGINATION_MARGIN_PAGES,
  range: number = PAGINATION_PAGE_RANGE,
): PaginationItem[] {
  const selected = currentPage - 1;
  const pageItem = (index: number): PaginationItem => ({
    kind: "page",
    page: index + 1,
    current: index === selected,
  });
  if (pageCount <= range) return Array.from({ length: pageCount }, (_, index) => pageItem(index));

  let leftSide = range / 2;
  let rightSide = range - leftSide;
  if (selected > pageCount - range / 2) {
    rightSide = pageCount - selected;
    leftSide = range - rightSide;
  } else if (selected < range / 2) {
    leftSide = selected;
    rightSide = range - leftSide;
  }
  const items: { index: number; item: PaginationItem }[] = [];
  for (let index = 0; index < pageCount; index += 1) {
    const page = index + 1;
    const adjustedRight = selected === 0 && range > 1 ? rightSide - 1 : rightSide;
    const shown =
      page <= margin ||
      page > pageCount - margin ||
      (index >= selected - leftSide && index <= selected + adjustedRight);
    if (shown) items.push({ index, item: pageItem(index) });
    else if (items.at(-1)?.item.kind !== "break") {
      items.push({ index, item: { kind: "break", key: `break-${index}` } });
    }
  }
  // A '...' standing for a single page is that page.
  return items.map(({ index, item }, at) => {
    const before = items[at - 1];
    const after = items[at + 1];
    if (
      item.kind === "break" &&
      before?.item.kind === "page" &&
      after?.item.kind === "page" &&
      after.index - before.index <= 2
    ) {
      return pageItem(index);
    }
    return item;
  });
}

/** spec 5 "Pagination", verbatim. */
export const GO_TO_PAGE_MESSAGES = {
  notPositive: "Page No. cannot be negative or zero!",
  decimal: "Page No. cannot be a decimal number!",
} as const;

export function describeMissingPage(page: number, pageCount: number): string {
  return `Page number ${page} does not exist. There are only ${pageCount} pages.`;
}

/** The Go to Page box keeps digits, one point and a leading minus, so the messages can answer. */
export function sanitiseGoToPage(text: string): string {
  return text.replace(/[^0-9.-]/g, "");
}

export type GoToPageResult = { ok: true; page: number } | { ok: false; message: string };

/** spec 5: zero or less, then a decimal, then past the last page. */
export function checkGoToPage(text: string, pageCount: number): GoToPageResult {
  const value = Number(text.trim());
  if (Number.isNaN(value)) {
    return {
      ok: false,
      message: text.includes(".") ? GO_TO_PAGE_MESSAGES.decimal : GO_TO_PAGE_MESSAGES.notPositive,
    };
  }
  if (value <= 0) return { ok: false, message: GO_TO_PAGE_MESSAGES.notPositive };
  if (!Number.isInteger(value)) return { ok: false, message: GO_TO_PAGE_MESSAGES.decimal };
  if (value > pageCount) return { ok: false, message: describeMissingPage(value, pageCount) };
  return { ok: true, page: value };
}
