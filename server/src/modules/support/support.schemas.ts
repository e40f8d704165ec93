import { FinancialYearText, requiredText } from "@bahi/domain";
import { z } from "zod";
import { OrganisationId } from "../organisations/organisations.schemas.ts";

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
