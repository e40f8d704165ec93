import { createHash, randomBytes } from "node:crypto";
import { canManage, type VoucherType } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../app-config.ts";
import { DEFAULT_DOCUMENT_LINK_DAYS } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { DAY, nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { takeFromLimit } from "../auth/auth-limits.ts";
import { renderDocumentPdfAs, resolvePrintableType } from "../documents/documents.service.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { findVoucherForPrint } from "../vouchers/vouchers.queries.ts";
import * as repo from "./document-links.repository.ts";

export const DOCUMENT_LINK_MESSAGES = {
  invalid:
    "This document link is not valid. Check that it was copied whole, or ask the sender for a new one.",
  expired: "This document link has expired. Ask the sender for a new one.",
  revoked: "This document link was withdrawn by the sender. Ask them for a new one.",
  gone: "This document is no longer available. Ask the sender for a new link.",
  tooMany: "This document link has been opened too many times in a short while. Try again later.",
  tooManyForYou:
    "You have opened this document link too many times in a short while. Try again in an hour.",
  linkNotFound: "Document link not found.",
  revokeWhat: "Give the link to revoke, or the document whose links to revoke.",
  notYours: "Only an owner or an admin can withdraw a link someone else shared.",
} as const;

/** A link's token: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/**
 * Opens of one link per hour, from one holder (a client address; an IPv6 address's /64), before
 * it answers "try later": one holder cannot use up the link's opens (issue 37).
 */
export const LINK_OPENS_PER_HOUR_PER_HOLDER = 20;
/** Opens of one link per hour in all (the PDF is rendered on each open). */
export const LINK_OPENS_PER_HOUR = 300;
/** Opens per minute from one client address, whatever the link (guessing and scraping). */
export const LINK_OPENS_PER_MINUTE_PER_ADDRESS = 30;
export const PUBLIC_LINK_PATH = "/api/d";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface DocumentLinkRequest {
  organisationId: string;
  entryId: string;
  /** The registry's type name (salesInvoice, creditNote…); only printable types. */
  transactionType: string;
  /** The user sharing the document; the link shows the document as this user may see it. */
  createdBy: string;
}

/**
 * A signed, unguessable link to the current PDF of one document, working without signing in until
 * it expires (DOCUMENT_LINK_DAYS, 30 days by default) or is revoked. The caller checks the user's
 * rights first (the send calls do); this checks the document exists in the organisation.
 */
export async function createDocumentLink(
  db: Kysely<Database>,
  config: AppConfig,
  request: DocumentLinkRequest,
): Promise<{ url: string; expiresAt: string; id: string }> {
  const type = resolvePrintableType(request.transactionType);
  await findVoucherForPrint(db, type, request.organisationId, request.entryId);
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const days = config.documentLinkDays ?? DEFAULT_DOCUMENT_LINK_DAYS;
  const expiresAt = new Date(now.getTime() + days * DAY).toISOString();
  const id = newId();
  await repo.insertDocumentLink(db, {
    organisation_id: request.organisationId,
    id,
    token_hash: hashToken(token),
    entry_id: request.entryId,
    transaction_type: type,
    created_by: request.createdBy,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    revoked_at: null,
    revoked_by: null,
    last_opened_at: null,
    open_count: 0,
  });
  return { url: `${config.publicUrl}${PUBLIC_LINK_PATH}/${token}`, expiresAt, id };
}

/** GET /d/{token}: the document's PDF as it stands now, for anyone holding the link. */
/** Whose opens are counted together: an IPv4 address, or an IPv6 address's /64 (one holder's). */
export function linkHolderOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1] as string;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export async function openDocumentLink(deps: ModuleDeps, token: string, address: string) {
  if (!TOKEN_PATTERN.test(token)) throw notFound(DOCUMENT_LINK_MESSAGES.invalid);
  const link = await repo.findLinkByTokenHash(deps.db, hashToken(token));
  if (!link) throw notFound(DOCUMENT_LINK_MESSAGES.invalid);
  if (link.revoked_at !== null) throw new AppError(410, DOCUMENT_LINK_MESSAGES.revoked);
  const now = nowIso();
  if (link.expires_at <= now) throw new AppError(410, DOCUMENT_LINK_MESSAGES.expired);
  // The holder's own opens first: refused there, the link's opens in all are not touched.
  const holderLeft = await takeFromLimit(deps.db, `doclink:${link.id}:${linkHolderOf(address)}`, {
    max: LINK_OPENS_PER_HOUR_PER_HOLDER,
    windowMs: 60 * 60_000,
  });
  if (holderLeft === null) throw new AppError(429, DOCUMENT_LINK_MESSAGES.tooManyForYou);
  const left = await takeFromLimit(deps.db, `doclink:${link.id}`, {
    max: LINK_OPENS_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  if (left === null) throw new AppError(429, DOCUMENT_LINK_MESSAGES.tooMany);
  let pdf: { bytes: Uint8Array; fileName: string };
  try {
    pdf = await renderDocumentPdfAs(
      deps,
      { kind: "user", userId: link.created_by, sessionId: "document-link" },
      {
        organisationId: link.organisation_id,
        entryId: link.entry_id,
        type: link.transaction_type as VoucherType,
      },
      // Opened by an outsider: background work, never ahead of a person waiting on a screen.
      "background",
    );
  } catch (error) {
    // Deleted since, the organisation made inactive, or the sharer no longer allowed to see it.
    if (error instanceof AppError && error.statusCode < 500) {
      throw new AppError(410, DOCUMENT_LINK_MESSAGES.gone);
    }
    throw error;
  }
  await repo.recordLinkOpened(deps.db, { organisationId: link.organisation_id, id: link.id }, now);
  return pdf;
}

function presentLink(row: Awaited<ReturnType<typeof repo.listLinksOfDocument>>[number]) {
  const now = nowIso();
  return {
    _id: row.id,
    entryId: row.entry_id,
    transactionType: row.transaction_type,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastOpenedAt: row.last_opened_at,
    openCount: row.open_count,
    state: row.revoked_at ? "revoked" : row.expires_at <= now ? "expired" : "active",
  };
}

/** GET /documentlinks/list: the links made for one document, newest first. */
export async function listDocumentLinks(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; entryId: string; transactionType: string },
) {
  const type = resolvePrintableType(query.transactionType);
  await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: type,
    action: "view",
  });
  const rows = await repo.listLinksOfDocument(db, query.organisationId, query.entryId);
  return { links: rows.filter((row) => row.transaction_type === type).map(presentLink) };
}

/**
 * POST /documentlinks/revoke: withdraws one link (linkId), or every link of one document
 * (entryId and transactionType). Needs the right to see that document type.
 */
export async function revokeDocumentLinks(
  db: Kysely<Database>,
  caller: Caller,
  input: {
    organisationId: string;
    linkId?: string | undefined;
    entryId?: string | undefined;
    transactionType?: string | undefined;
  },
) {
  const canSee = (type: VoucherType) =>
    requireOrganisationAccess(db, caller, input.organisationId, {
      kind: "right",
      subject: type,
      action: "view",
    });
  const access = await requireOrganisationAccess(db, caller, input.organisationId);
  // Another person's link is theirs to withdraw, or an owner's or admin's (issue 37).
  const mayRevokeOthers = !access.viaApiKey && canManage(access.role, "users");
  const mayRevoke = (link: { created_by: string }) =>
    mayRevokeOthers || link.created_by === access.userId;
  let ids: string[];
  if (input.linkId) {
    const link = await repo.findLink(db, access.organisation.id, input.linkId);
    if (!link) throw notFound(DOCUMENT_LINK_MESSAGES.linkNotFound);
    await canSee(link.transaction_type as VoucherType);
    if (!mayRevoke(link)) throw new AppError(403, DOCUMENT_LINK_MESSAGES.notYours);
    ids = [link.id];
  } else if (input.entryId && input.transactionType) {
    const type = resolvePrintableType(input.transactionType);
    await canSee(type);
    const rows = await repo.listLinksOfDocument(db, input.organisationId, input.entryId);
    const ofType = rows.filter((row) => row.transaction_type === type);
    // Only links still live are withdrawn, so only theirs need the caller's say.
    if (ofType.some((row) => row.revoked_at === null && !mayRevoke(row))) {
      throw new AppError(403, DOCUMENT_LINK_MESSAGES.notYours);
    }
    ids = ofType.map((row) => row.id);
  } else {
    throw badRequest(DOCUMENT_LINK_MESSAGES.revokeWhat);
  }
  const revoked = await repo.revokeLinks(db, input.organisationId, ids, {
    userId: caller.userId,
    at: nowIso(),
  });
  return { success: true as const, revoked };
}
