import {
  BooksDateText,
  DEFAULT_EXPORT_FORMAT,
  EntityId,
  EXPORT_FORMATS,
  QueryBoolean,
} from "@bahi/domain";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Caller } from "../access/caller.ts";
import type { ModuleDeps } from "../module-deps.ts";

// Report and ledger dates lie within the years the product keeps (issue 26: 9999-12-31 was a 500).
const CivilDate = BooksDateText;

export const LEDGER_SEND_FORMATS = ["email", "whatsapp"] as const;

/** The query of GET /ledger/getLedger, whichever module answers it. */
export const LedgerQuery = z.object({
  organisationId: EntityId,
  accountId: EntityId,
  startDate: CivilDate,
  endDate: CivilDate,
  skip: z.coerce.number().int().min(0, "Skip cannot be negative.").default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1, "Limit must be between 1 and 500.")
    .max(500, "Limit must be between 1 and 500.")
    .default(50),
  download: QueryBoolean.default(false),
  format: z
    .enum([...EXPORT_FORMATS, ...LEDGER_SEND_FORMATS], {
      error: "Format must be pdf, excel, email or whatsapp.",
    })
    .default(DEFAULT_EXPORT_FORMAT),
  /** With download and format=pdf: the account statement (docs/api/documents.md). */
  statement: QueryBoolean.default(false),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

/**
 * GET /ledger/getLedger answers three ways (issue 34). The ledger's read and its table download
 * are book.routes.ts's; the statement PDF is the documents module's, which sits above the ledger
 * (it reads it), so the ledger never imports it: it registers its answer here when its routes are
 * registered. format=email|whatsapp is refused on GET (issue 37): sending is the same path's POST,
 * the sending module's.
 */
export interface LedgerAnswers {
  /** download=true&format=pdf&statement=true. */
  statement: (
    deps: ModuleDeps,
    caller: Caller,
    query: LedgerQuery,
    reply: FastifyReply,
  ) => Promise<unknown>;
}

// One per kind: every app built in one process (the tests build many) registers the same ones.
const answers: Partial<LedgerAnswers> = {};

export function answerLedgerWith<K extends keyof LedgerAnswers>(
  kind: K,
  answer: LedgerAnswers[K],
): void {
  answers[kind] = answer;
}

export function ledgerAnswerOf<K extends keyof LedgerAnswers>(kind: K): LedgerAnswers[K] {
  const answer = answers[kind];
  if (!answer)
    throw new Error(`No module answers the ledger's ${kind}: its routes are not registered.`);
  return answer;
}
