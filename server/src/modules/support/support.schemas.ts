import { FinancialYearText, requiredText } from "@bahi/domain";
import { z } from "zod";
import { OrganisationId } from "../organisations/organisations.schemas.ts";
import { isPageLink, PAGE_LINK_MESSAGE } from "./help-links.ts";

export const SUPPORT_QUERY_MAX = 5000;

/** POST /misc/supportquery (api.md 7 "Misc and support"). */
export const SupportQueryInput = z.object({
  organisationId: OrganisationId,
  year: FinancialYearText,
  supportQuery: requiredText(
    SUPPORT_QUERY_MAX,
    "Please write your question or feedback.",
    `Your message cannot be more than ${SUPPORT_QUERY_MAX} characters.`,
  ),
});

export type SupportQueryInput = z.infer<typeof SupportQueryInput>;

/** GET /support/supportlinks (api.md 7): the page the person asks help for, if any. */
export const SupportLinksQuery = z.object({
  pageLink: z
    .string({ error: PAGE_LINK_MESSAGE })
    .trim()
    .refine(isPageLink, { error: PAGE_LINK_MESSAGE })
    .optional(),
});

export const HelpLinkOutput = z.object({ title: z.string(), url: z.string() });
