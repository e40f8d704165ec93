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
import type { Caller } from "./caller.ts";

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
  | { kind: "right"; subject: RightSubject; action: RightAction }
  /** Every one of these rights (a batch of vouchers of several types): one read for all. */
  | { kind: "rights"; subjects: readonly RightSubject[]; action: RightAction };

export const ACCESS_MESSAGES = {
  noAccess: "You do not have access to this organisation.",
  inactive: "This organisation is inactive. Make it active to work in it.",
  noRight: "You do not have the right to do this in this organisation.",
} as const;

/** The organisation and the caller's membership in one statement: every request pays for this. */
export function readAccessRow(db: Kysely<Database>, organisationId: string, userId: string) {
  return db
    .selectFrom("organisations")
    .leftJoin("memberships", (join) =>
      join
        .onRef("memberships.organisation_id", "=", "organisations.id")
        .on("memberships.user_id", "=", userId)
        .on("memberships.removed_at", "is", null),
    )
    .selectAll("organisations")
    .select([
      "memberships.role as membership_role",
      "memberships.rights as membership_rights",
      "memberships.active as membership_active",
    ])
    .where("organisations.id", "=", organisationId)
    .where("organisations.deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * The access row of the request's organisation, read by the authenticator while it checks the
 * session (auth.guard.ts): on PostgreSQL the two reads share one round trip instead of two. It
 * serves the first check of that organisation only; any later check in the request reads afresh.
 */
export interface EarlyAccessRead {
  organisationId: string;
  row: ReturnType<typeof readAccessRow>;
}

function takeEarlyAccessRead(caller: Caller, organisationId: string) {
  if (caller.kind !== "user" || caller.accessRead?.organisationId !== organisationId) return;
  const { row } = caller.accessRead;
  delete caller.accessRead;
  return row;
}

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
  const found = await (takeEarlyAccessRead(caller, organisationId) ??
    readAccessRow(db, organisationId, caller.userId));
  if (!found) throw new AppError(403, ACCESS_MESSAGES.noAccess);
  const { membership_role, membership_rights, membership_active, ...organisation } = found;

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
    if (membership_active !== 1 || !membership_role || !membership_rights)
      throw new AppError(403, ACCESS_MESSAGES.noAccess);
    access = {
      organisation,
      userId: caller.userId,
      role: membership_role as Role,
      rights: JSON.parse(membership_rights) as TransactionRight[],
      viaApiKey: false,
    };
  }

  if (organisation.active !== 1 && !options.allowInactive) {
    throw new AppError(403, ACCESS_MESSAGES.inactive);
  }
  if (need.kind === "manage" && (access.viaApiKey || !canManage(access.role, need.what))) {
    throw new AppError(403, ACCESS_MESSAGES.noRight);
  }
  if (need.kind === "right" || need.kind === "rights") {
    const subjects = need.kind === "right" ? [need.subject] : need.subjects;
    if (subjects.some((subject) => !hasRight(access.role, access.rights, subject, need.action)))
      throw new AppError(403, ACCESS_MESSAGES.noRight);
  }
  return access;
}
