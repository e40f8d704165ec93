import {
  canManage,
  effectiveRights,
  ROLE_LABELS,
  type Role,
  type TransactionRight,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import {
  ACCESS_MESSAGES,
  type AccessNeed,
  type OrganisationAccess,
  requireOrganisationAccess,
} from "../access/organisation-access.ts";
import { readAuditLogs, writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { findMember, selectMembers, updateMembership } from "./members.repository.ts";
import { updateOrganisation } from "./organisations.repository.ts";
import type { EditMemberInput } from "./organisations.schemas.ts";

export const MEMBER_MESSAGES = {
  notFound: "User not found in this organisation.",
  ownerRoleFixed: "The owner's role cannot be changed. The owner can hand the organisation over.",
  onlyOwnerHandsOver: "Only the owner can hand the organisation over.",
  handOverToActive: "Make the member active before handing the organisation over to them.",
  ownerNotRemovable: "The owner cannot be removed from the organisation.",
  ownerAlwaysActive: "The owner cannot be made inactive.",
  notYourself: "You cannot make yourself inactive.",
  ownerCannotLeave:
    "The owner cannot leave the organisation. Delete it, or hand it over to another member first.",
  ownLogsOnly: "You can only see your own logs.",
  // spec api §8, verbatim.
  removed: "User Deleted",
} as const;

const MANAGE_USERS: AccessNeed = { kind: "manage", what: "users" };

const isManager = (access: OrganisationAccess) =>
  !access.viaApiKey && canManage(access.role, "users");

const parseRights = (rights: string) => JSON.parse(rights) as TransactionRight[];

async function requireMember(db: Kysely<Database>, organisationId: string, userId: string) {
  const member = await findMember(db, organisationId, userId);
  if (!member) throw notFound(MEMBER_MESSAGES.notFound);
  return member;
}

export async function listMembers(
  db: Kysely<Database>,
  caller: Caller,
  filter: { organisationId: string; active?: boolean; searchText?: string },
) {
  const access = await requireOrganisationAccess(db, caller, filter.organisationId);
  const rows = await selectMembers(db, filter);
  return rows.map((row) => ({
    _id: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    active: row.active === 1,
    isOwner: row.user_id === access.organisation.owner_user_id,
    transactionPermissions: parseRights(row.rights),
  }));
}

/** Everyone may read their own rights (the screens need them); managers anyone's. */
export async function readRights(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; userId?: string },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId);
  const targetId = query.userId ?? access.userId;
  if (targetId === access.userId && (!access.viaApiKey || !query.userId)) {
    return { role: access.role, rights: effectiveRights(access.role, access.rights) };
  }
  if (!isManager(access)) throw forbidden(ACCESS_MESSAGES.noRight);
  const member = await requireMember(db, query.organisationId, targetId);
  const role = member.role as Role;
  return { role, rights: effectiveRights(role, parseRights(member.rights)) };
}

/**
 * Changes a member's role and rights. Giving the role "owner" hands the organisation over: only the
 * owner can, and the old owner stays on as an admin.
 */
export async function editMember(db: Kysely<Database>, caller: Caller, input: EditMemberInput) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, MANAGE_USERS);
  const { organisation } = access;
  const member = await requireMember(db, input.organisationId, input.editUserId);
  if (member.user_id === organisation.owner_user_id)
    throw forbidden(MEMBER_MESSAGES.ownerRoleFixed);
  if (input.role === "owner" && access.role !== "owner") {
    throw forbidden(MEMBER_MESSAGES.onlyOwnerHandsOver);
  }
  if (input.role === "owner" && member.active !== 1) {
    throw badRequest(MEMBER_MESSAGES.handOverToActive);
  }
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateMembership(trx, input.organisationId, member.user_id, {
      role: input.role,
      rights: JSON.stringify(input.transactionPermissions),
      updated_at: now,
    });
    if (input.role === "owner") {
      await updateMembership(trx, input.organisationId, access.userId, {
        role: "admin",
        updated_at: now,
      });
      await updateOrganisation(trx, input.organisationId, {
        owner_user_id: member.user_id,
        updated_at: now,
      });
    }
    await writeAuditLog(trx, {
      organisationId: input.organisationId,
      userId: access.userId,
      action: "edit",
      entityType: "member",
      entityId: member.user_id,
      summary:
        input.role === "owner"
          ? `Handed the organisation over to ${member.name}.`
          : `Changed ${member.name}'s role to ${ROLE_LABELS[input.role]} and their rights.`,
    });
  });
  return { success: true as const };
}

export async function removeMember(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; userId: string },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, MANAGE_USERS);
  const member = await requireMember(db, input.organisationId, input.userId);
  if (member.user_id === access.organisation.owner_user_id) {
    throw forbidden(MEMBER_MESSAGES.ownerNotRemovable);
  }
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await updateMembership(trx, input.organisationId, member.user_id, {
      removed_at: now,
      updated_at: now,
    });
    await writeAuditLog(trx, {
      organisationId: input.organisationId,
      userId: access.userId,
      action: "delete",
      entityType: "member",
      entityId: member.user_id,
      summary: `Removed ${member.name} (${member.email}) from the organisation.`,
    });
  });
}

export async function setMemberActive(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; userId: string },
  active: boolean,
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, MANAGE_USERS);
  const member = await requireMember(db, input.organisationId, input.userId);
  if (member.user_id === access.organisation.owner_user_id) {
    throw forbidden(MEMBER_MESSAGES.ownerAlwaysActive);
  }
  if (member.user_id === access.userId && !active) throw badRequest(MEMBER_MESSAGES.notYourself);
  await db.transaction().execute(async (trx) => {
    await updateMembership(trx, input.organisationId, member.user_id, {
      active: active ? 1 : 0,
      updated_at: nowIso(),
    });
    await writeAuditLog(trx, {
      organisationId: input.organisationId,
      userId: access.userId,
      action: active ? "active" : "inactive",
      entityType: "member",
      entityId: member.user_id,
      summary: `Made ${member.name} ${active ? "active" : "inactive"}.`,
    });
  });
}

export async function leaveOrganisation(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
) {
  const access = await requireOrganisationAccess(
    db,
    caller,
    organisationId,
    { kind: "member" },
    {
      allowInactive: true,
    },
  );
  if (access.viaApiKey) throw forbidden(ACCESS_MESSAGES.noRight);
  if (access.organisation.owner_user_id === access.userId) {
    throw new AppError(400, MEMBER_MESSAGES.ownerCannotLeave);
  }
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    await updateMembership(trx, organisationId, access.userId, {
      removed_at: now,
      updated_at: now,
    });
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: "leave",
      entityType: "member",
      entityId: access.userId,
      summary: "Left the organisation.",
    });
  });
}

/** Managers read everyone's trail; anyone else (an API key too) only their own. */
export async function readUserLogs(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; userId?: string; skip: number; limit: number },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId);
  if (!isManager(access) && query.userId && query.userId !== access.userId) {
    throw forbidden(MEMBER_MESSAGES.ownLogsOnly);
  }
  return readAuditLogs(db, {
    organisationId: query.organisationId,
    userId: isManager(access) ? query.userId : access.userId,
    skip: query.skip,
    limit: query.limit,
  });
}
