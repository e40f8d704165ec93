import type { Kysely } from "kysely";
import type { Database, InvitationsTable } from "../../db/schema.ts";

export async function insertInvitation(db: Kysely<Database>, row: InvitationsTable) {
  await db.insertInto("invitations").values(row).execute();
}

export function findPendingInvitation(db: Kysely<Database>, organisationId: string, email: string) {
  return db
    .selectFrom("invitations")
    .select("id")
    .where("organisation_id", "=", organisationId)
    .where("email", "=", email)
    .where("status", "=", "sent")
    .executeTakeFirst();
}

export function findInvitationInOrganisation(
  db: Kysely<Database>,
  organisationId: string,
  invitationId: string,
) {
  return db
    .selectFrom("invitations")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", invitationId)
    .executeTakeFirst();
}

/** An invitation addressed to this email, in an organisation that still exists. */
export function findInvitationForEmail(db: Kysely<Database>, invitationId: string, email: string) {
  return db
    .selectFrom("invitations")
    .innerJoin("organisations", "organisations.id", "invitations.organisation_id")
    .selectAll("invitations")
    .where("invitations.id", "=", invitationId)
    .where("invitations.email", "=", email)
    .where("organisations.deleted_at", "is", null)
    .executeTakeFirst();
}

export function selectInvitationsOfOrganisation(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("invitations")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function selectPendingInvitationsForEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("invitations")
    .innerJoin("organisations", "organisations.id", "invitations.organisation_id")
    .innerJoin("users as inviter", "inviter.id", "invitations.invited_by_user_id")
    .select([
      "invitations.id",
      "invitations.organisation_id",
      "organisations.name as organisation_name",
      "inviter.name as invited_by_name",
      "invitations.role",
      "invitations.created_at",
    ])
    .where("invitations.email", "=", email)
    .where("invitations.status", "=", "sent")
    .where("organisations.deleted_at", "is", null)
    .orderBy("invitations.created_at", "desc")
    .orderBy("invitations.id", "desc")
    .execute();
}

export async function respondToInvitation(
  db: Kysely<Database>,
  organisationId: string,
  invitationId: string,
  status: "accepted" | "rejected" | "revoked",
  at: string,
): Promise<boolean> {
  // Only a pending invitation moves, so two answers racing each other cannot both win.
  const result = await db
    .updateTable("invitations")
    .set({ status, responded_at: at })
    .where("organisation_id", "=", organisationId)
    .where("id", "=", invitationId)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokePendingInvitationsOfOrganisation(
  db: Kysely<Database>,
  organisationId: string,
  at: string,
) {
  await db
    .updateTable("invitations")
    .set({ status: "revoked", responded_at: at })
    .where("organisation_id", "=", organisationId)
    .where("status", "=", "sent")
    .execute();
}
