import { ROLE_LABELS, type Role, type TransactionRight } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, InvitationsTable } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { enqueueMessage } from "../messaging/outbox.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  findInvitationForEmail,
  findInvitationInOrganisation,
  findPendingInvitation,
  insertInvitation,
  respondToInvitation,
  selectInvitationsOfOrganisation,
  selectPendingInvitationsForEmail,
} from "./invitations.repository.ts";
import {
  findMemberByEmail,
  findMembershipRow,
  findUserContact,
  insertMembership,
  updateMembership,
} from "./members.repository.ts";
import { presentOrganisation } from "./organisation-summary.ts";
import { findLiveOrganisation } from "./organisations.repository.ts";
import type { InviteMemberInput } from "./organisations.schemas.ts";

export const INVITATION_MESSAGES = {
  alreadyMember: "This person is already a member of this organisation.",
  alreadyInvited: "An invitation has already been sent to this email address.",
  notFound: "Invitation not found.",
  youAreMember: "You are already a member of this organisation.",
  answered: (status: string) => `This invitation has already been ${status}.`,
} as const;

const MANAGE_USERS: AccessNeed = { kind: "manage", what: "users" };

export async function inviteMember(deps: ModuleDeps, caller: Caller, input: InviteMemberInput) {
  const access = await requireOrganisationAccess(
    deps.db,
    caller,
    input.organisationId,
    MANAGE_USERS,
  );
  const invitation: InvitationsTable = {
    organisation_id: input.organisationId,
    id: newId(),
    email: input.email,
    role: input.role,
    rights: JSON.stringify(input.transactionPermissions),
    status: "sent",
    invited_by_user_id: access.userId,
    created_at: nowIso(),
    responded_at: null,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (await findMemberByEmail(trx, input.organisationId, input.email)) {
        throw conflict(INVITATION_MESSAGES.alreadyMember);
      }
      if (await findPendingInvitation(trx, input.organisationId, input.email)) {
        throw conflict(INVITATION_MESSAGES.alreadyInvited);
      }
      await insertInvitation(trx, invitation);
      const inviter = await findUserContact(trx, access.userId);
      const inviterName = inviter?.name ?? "A Bahi user";
      const roleLabel = ROLE_LABELS[input.role];
      await enqueueMessage(trx, {
        channel: "email",
        organisationId: input.organisationId,
        recipient: input.email,
        subject: `${inviterName} invited you to ${access.organisation.name} on Bahi`,
        text: [
          "Hello,",
          "",
          `${inviterName} has invited you to join ${access.organisation.name} on Bahi as ${roleLabel}.`,
          "",
          `Sign in (or sign up with this email address) and accept the invitation here: ${deps.config.publicUrl}/organisations`,
          "",
          "If you were not expecting this invitation, you can ignore this email.",
        ].join("\n"),
      });
      await writeAuditLog(trx, {
        organisationId: input.organisationId,
        userId: access.userId,
        action: "invite",
        entityType: "invitation",
        entityId: invitation.id,
        summary: `Invited ${input.email} as ${roleLabel}.`,
      });
    });
  } catch (error) {
    // Two managers inviting the same address at once: the one-pending index decides.
    if (isUniqueViolation(error)) throw conflict(INVITATION_MESSAGES.alreadyInvited);
    throw error;
  }
  deps.sendQueuedMessages();
  return invitation;
}

export function presentSentInvitation(invitation: InvitationsTable) {
  return {
    invitationId: invitation.id,
    email: invitation.email,
    role: invitation.role as Role,
    transactionPermissions: JSON.parse(invitation.rights) as TransactionRight[],
    status: invitation.status,
    createdAt: invitation.created_at,
  };
}

export async function listSentInvitations(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, MANAGE_USERS);
  const rows = await selectInvitationsOfOrganisation(db, organisationId);
  return rows.map(presentSentInvitation);
}

export interface ReceivedInvitation {
  invitationId: string;
  organisationId: string;
  organisationName: string;
  invitedByName: string;
  role: Role;
  createdAt: string;
}

export async function listReceivedInvitations(
  db: Kysely<Database>,
  userId: string,
): Promise<ReceivedInvitation[]> {
  const user = await findUserContact(db, userId);
  if (!user) return [];
  const rows = await selectPendingInvitationsForEmail(db, user.email);
  return rows.map((row) => ({
    invitationId: row.id,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    invitedByName: row.invited_by_name,
    role: row.role as Role,
    createdAt: row.created_at,
  }));
}

/** Only the person the invitation was sent to can answer it, and only once. */
async function openInvitationFor(db: Kysely<Database>, userId: string, invitationId: string) {
  const user = await findUserContact(db, userId);
  const invitation = user && (await findInvitationForEmail(db, invitationId, user.email));
  if (!user || !invitation) throw notFound(INVITATION_MESSAGES.notFound);
  if (invitation.status !== "sent") throw conflict(INVITATION_MESSAGES.answered(invitation.status));
  return { user, invitation };
}

export async function acceptInvitation(db: Kysely<Database>, userId: string, invitationId: string) {
  const joined = await db.transaction().execute(async (trx) => {
    const { user, invitation } = await openInvitationFor(trx, userId, invitationId);
    const organisationId = invitation.organisation_id;
    const existing = await findMembershipRow(trx, organisationId, userId);
    if (existing && existing.removed_at === null) throw conflict(INVITATION_MESSAGES.youAreMember);
    const now = nowIso();
    if (!(await respondToInvitation(trx, organisationId, invitation.id, "accepted", now))) {
      throw conflict(INVITATION_MESSAGES.answered("answered"));
    }
    const membership = { role: invitation.role, rights: invitation.rights, active: 1 as const };
    if (existing) {
      // Someone removed earlier comes back through a new invitation, with its role and rights.
      await updateMembership(trx, organisationId, userId, {
        ...membership,
        removed_at: null,
        updated_at: now,
      });
    } else {
      await insertMembership(trx, {
        organisation_id: organisationId,
        user_id: userId,
        ...membership,
        created_at: now,
        updated_at: now,
        removed_at: null,
      });
    }
    await writeAuditLog(trx, {
      organisationId,
      userId,
      action: "accept",
      entityType: "invitation",
      entityId: invitation.id,
      summary: `${user.name} accepted the invitation and joined as ${ROLE_LABELS[invitation.role as Role]}.`,
    });
    const organisation = await findLiveOrganisation(trx, organisationId);
    if (!organisation) throw notFound(INVITATION_MESSAGES.notFound);
    return { organisation, role: invitation.role as Role };
  });
  return presentOrganisation(joined.organisation, { userId, role: joined.role });
}

export async function rejectInvitation(db: Kysely<Database>, userId: string, invitationId: string) {
  await db.transaction().execute(async (trx) => {
    const { user, invitation } = await openInvitationFor(trx, userId, invitationId);
    const now = nowIso();
    if (
      !(await respondToInvitation(trx, invitation.organisation_id, invitation.id, "rejected", now))
    ) {
      throw conflict(INVITATION_MESSAGES.answered("answered"));
    }
    await writeAuditLog(trx, {
      organisationId: invitation.organisation_id,
      userId,
      action: "reject",
      entityType: "invitation",
      entityId: invitation.id,
      summary: `${user.name} declined the invitation.`,
    });
  });
}

export async function revokeInvitation(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; invitationId: string },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, MANAGE_USERS);
  await db.transaction().execute(async (trx) => {
    const invitation = await findInvitationInOrganisation(
      trx,
      input.organisationId,
      input.invitationId,
    );
    if (!invitation) throw notFound(INVITATION_MESSAGES.notFound);
    const now = nowIso();
    if (!(await respondToInvitation(trx, input.organisationId, invitation.id, "revoked", now))) {
      throw conflict(INVITATION_MESSAGES.answered(invitation.status));
    }
    await writeAuditLog(trx, {
      organisationId: input.organisationId,
      userId: access.userId,
      action: "revoke",
      entityType: "invitation",
      entityId: invitation.id,
      summary: `Revoked the invitation to ${invitation.email}.`,
    });
  });
}
