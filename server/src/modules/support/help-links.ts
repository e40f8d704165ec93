import { findVoucherTypeByRouteWord, getVoucherDefinition } from "@bahi/domain";

/**
 * GET /support/supportlinks (decision 034): help for a page of the app. Bahi serves no help pages
 * of its own yet, so these are the official public sources the references cite
 * (/work/shared/gst-reference.md, returns-reference.md): the GST portal's user guide, the IRP and
 * e-way bill portals, Tally's own help. One table, kept here; a page not in it gets the general list.
 */
export interface HelpLink {
  title: string;
  url: string;
}

const GST_PORTAL: HelpLink = { title: "GST portal (gst.gov.in)", url: "https://www.gst.gov.in/" };
const RETURNS_GUIDE: HelpLink = {
  title: "GST returns: the GST portal's user guide",
  url: "https://tutorial.gst.gov.in/userguide/returns/index.htm",
};
const IFF_HELP: HelpLink = {
  title: "GSTR-1 / IFF tables: the GST portal's help",
  url: "https://tutorial.gst.gov.in/contextualhelp/GSTR1IFF/CREDIT-_DEBIT_NOTES_(REGISTERED)_-_CDNR.htm",
};
const GSTR3B_GUIDE: HelpLink = {
  title: "Create and file GSTR-3B: the GST portal's user guide",
  url: "https://tutorial.gst.gov.in/userguide/returns/Create_and_Submit_GSTR3B.htm",
};
const EINVOICE_PORTAL: HelpLink = {
  title: "E-invoice portal (IRP, einvoice1.gst.gov.in)",
  url: "https://einvoice1.gst.gov.in/",
};
const IRN_SPEC: HelpLink = {
  title: "How the IRN is generated (NIC e-invoice sandbox)",
  url: "https://einv-apisandbox.nic.in/irn.html",
};
const EWAYBILL_PORTAL: HelpLink = {
  title: "E-way bill portal (ewaybillgst.gov.in)",
  url: "https://ewaybillgst.gov.in/",
};
const TALLY_HELP: HelpLink = { title: "TallyPrime help", url: "https://help.tallysolutions.com/" };
const TALLY_INTEGRATION: HelpLink = {
  title: "TallyPrime: exporting data as XML (Integration with TallyPrime)",
  url: "https://help.tallysolutions.com/developer-reference/introduction/integration-with-tallyprime/",
};

/** Shown for every page not in the table, and after a page's own links. */
export const GENERAL_HELP_LINKS: readonly HelpLink[] = [GST_PORTAL, RETURNS_GUIDE, TALLY_HELP];

/**
 * Page routes (without the leading /{organisationId}/{year}) and their links, first match wins.
 * The patterns follow web/src/app/router.tsx and the menus (web/src/app/shell/app-menu.ts).
 */
const PAGE_HELP: readonly { page: RegExp; links: readonly HelpLink[] }[] = [
  { page: /^returns\/(gstr1|iff)(\/|$)/, links: [RETURNS_GUIDE, IFF_HELP, GST_PORTAL] },
  { page: /^returns\/gstr3b(\/|$)/, links: [GSTR3B_GUIDE, RETURNS_GUIDE] },
  { page: /^returns\/gstr2(b)?(\/|$)/, links: [GSTR3B_GUIDE, RETURNS_GUIDE, GST_PORTAL] },
  { page: /^returns\/einvoice(\/|$)/, links: [EINVOICE_PORTAL, IRN_SPEC] },
  { page: /^returns\/ewaybill(\/|$)/, links: [EWAYBILL_PORTAL] },
  { page: /^imports\/tally(\/|$)/, links: [TALLY_INTEGRATION, TALLY_HELP] },
];

/**
 * A voucher's screens (/{routeWord}/…), asked of the registry: a posting document to a customer is
 * where an e-invoice starts, and goods moving is where an e-way bill does.
 */
function voucherHelp(route: string): HelpLink[] | undefined {
  const type = findVoucherTypeByRouteWord(route.split("/")[0] ?? "");
  if (!type) return undefined;
  const definition = getVoucherDefinition(type);
  const links: HelpLink[] = [];
  if (definition.posts && definition.partySide === "customer") links.push(EINVOICE_PORTAL);
  if (definition.movesStock) links.push(EWAYBILL_PORTAL);
  return links.length > 0 ? links : undefined;
}

const PAGE_LINK_MAX = 300;
/** A path of the app: letters, digits and - . _ ~ % / only; no scheme, no host, no ../ */
const PAGE_LINK_PATTERN = /^\/?(?!\/)[A-Za-z0-9._~%/-]*$/;
export const PAGE_LINK_MESSAGE = `pageLink must be a page of Bahi, such as /returns/gstr1 (at most ${PAGE_LINK_MAX} characters).`;

/** Whether the text is a page of the app as pageLink may name it. */
export function isPageLink(text: string): boolean {
  return (
    text.length <= PAGE_LINK_MAX &&
    PAGE_LINK_PATTERN.test(text) &&
    !text.split("/").some((segment) => segment === "..")
  );
}

/**
 * The page's own route: "/org-1/2024-25/returns/gstr1", "/returns/gstr1" and "returns/gstr1"
 * are all "returns/gstr1". Lower case, so "returns/gstr3B" (the menu's spelling) matches too.
 */
export function pageRouteOf(pageLink: string): string {
  const segments = pageLink
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".")
    .map((segment) => segment.toLowerCase());
  const scoped = segments.length >= 2 && /^\d{4}-\d{2}$/.test(segments[1] as string);
  return (scoped ? segments.slice(2) : segments).join("/");
}

/** The page's own links, then the general ones not already given; the general list alone otherwise. */
export function helpLinksFor(pageLink: string | undefined): {
  links: HelpLink[];
  forPage: boolean;
} {
  const route = pageLink === undefined ? "" : pageRouteOf(pageLink);
  const own = route
    ? (PAGE_HELP.find((entry) => entry.page.test(route))?.links ?? voucherHelp(route))
    : undefined;
  if (!own) return { links: [...GENERAL_HELP_LINKS], forPage: false };
  const urls = new Set(own.map((link) => link.url));
  return {
    links: [...own, ...GENERAL_HELP_LINKS.filter((link) => !urls.has(link.url))],
    forPage: true,
  };
}
