import {
  canManage,
  hasRight,
  type Management,
  type RightAction,
  type RightSubject,
  type Role,
  type TransactionRight,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { Caller } from "../auth/auth.guard.ts";

/** What a caller may do in one organisation, found before anything else runs (DESIGN.md §4). */
export interface OrganisationAccess {
  organisation: OrganisationsTable;
  userId: string;
  role: Role;
  rights: TransactionRight[];
  viaApiKey: boolean;
}

export type AccessNeed =
  | { kind: "member" }
  | { kind: "manage"; what: Management }
  | { kind: "right"; subject: RightSubject; action: RightAction };

export const ACCESS_MESSAGES = {
  noAccess: "You do not have access to this organisation.",
  inactive: "This organisation is inactive. Make it active to work in it.",
  noRight: "You do not have the right to do this in this organisation.",
} as const;

/**
 * The one gate to tenant data: a membership (or this organisation's API key), an organisation that
 * exists, and the right asked for. A person of another organisation learns nothing but "no access".
 */
export async function requireOrganisationAccess(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  need: AccessNeed = { kind: "member" },
  options: { allowInactive?: boolean } = {},
): Promise<OrganisationAccess> {
  const organisation = await db
    .selectFrom("organisations")
    .selectAll()
    .where("id", "=", organisationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!organisation) throw new AppError(403, ACCESS_MESSAGES.noAccess);

  let access: OrganisationAccess;
  if (caller.kind === "apiKey") {
    if (caller.organisationId !== organisationId) throw new AppError(403, ACCESS_MESSAGES.noAccess);
    // An API key works in the books with an accountant's full rights, and manages nothing.
    access = {
      organisation,
      userId: caller.userId,
      role: "accountant",
      rights: [],
      viaApiKey: true,
    };
  } else {
    const membership = await db
      .selectFrom("memberships")
      .select(["role", "rights", "active"])
      .where("organisation_id", "=", organisationId)
      .where("user_id", "=", caller.userId)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (membership?.active !== 1) throw new AppError(403, ACCESS_MESSAGES.noAccess);
    access = {
      organisation,
      userId: caller.userId,
      role: membership.role as Role,
      rights: JSON.parse(membership.rights) as TransactionRight[],
      viaApiKey: false,
    };
  }

  if (organisation.active !== 1 && !options.allowInactive) {
    throw new AppError(403, ACCESS_MESSAGES.inactive);
  }
  if (need.kind === "manage" && (access.viaApiKey || !canManage(access.role, need.what))) {
    throw new AppError(403, ACCESS_MESSAGES.noRight);
  }
  if (need.kind === "right" && !hasRight(access.role, access.rights, need.subject, need.action)) {
    throw new AppError(403, ACCESS_MESSAGES.noRight);
  }
  return access;
}
