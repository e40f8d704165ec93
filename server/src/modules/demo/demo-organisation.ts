import { createHash } from "node:crypto";
import { financialYearOf, todayCivil } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { nowIso } from "../../lib/clock.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { insertMembership } from "../organisations/members.repository.ts";
import { presentOrganisation } from "../organisations/organisation-summary.ts";
import {
  insertOrganisation,
  lockLiveOrganisation,
  updateOrganisation,
} from "../organisations/organisations.repository.ts";
import { createSystemAccounts } from "../organisations/system-accounts.ts";
import { generateBooks } from "./book-generator.ts";
import { loadBooks } from "./load-books.ts";

/**
 * The sample company every demo visitor gets a copy of: a GST-registered trader in Maharashtra
 * with this year's books up to today, the same for everyone (a fixed seed). Small enough to copy
 * while the visitor waits (about a second on SQLite), big enough to fill every list and report.
 */
export const DEMO_BOOKS = {
  name: "Demo Traders (sample data)",
  seed: 20_250_401,
  vouchers: 1500,
  accounts: 90,
  items: 200,
  stateCode: "27",
} as const;

/** What organisations.settings keeps under "demo". */
interface DemoSettings {
  seed: number;
  vouchers: number;
  status: "loading" | "ready";
}

/**
 * The demo organisation's id follows from the person's: its primary key is what makes the copy
 * once per person, across requests and server processes, with no table of its own. Shaped as a
 * UUID (version 8, "custom") so it sits among the UUIDv7 ids unremarked.
 */
export function demoOrganisationId(userId: string): string {
  const hex = createHash("sha256").update(`bahi-demo-organisation:${userId}`).digest("hex");
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isUniqueViolation(error) || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** How long an answer waits for the copy to fill; after that it answers and the copy goes on. */
export const DEMO_ANSWER_WAIT_MS = 1500;

export interface DemoOrganisations {
  /**
   * The person's demo organisation, made on the first call; null if they deleted it. The answer
   * waits up to `waitMs` for the vouchers (about a second on an idle 2-core machine); a slower
   * copy is finished after the answer.
   */
  ensure(caller: UserCaller, waitMs?: number): Promise<DemoOrganisationView | null>;
  /** Resolves when no copy is being filled (the server waits for this before it closes). */
  idle(): Promise<void>;
}

type UserCaller = Extract<Caller, { kind: "user" }>;

export type DemoOrganisationView = ReturnType<typeof presentOrganisation> & { year: string };

interface Copy {
  view: DemoOrganisationView | null;
  /** Settles when the vouchers are in (or the fill failed, which is logged). */
  filled: Promise<void>;
}

export function createDemoOrganisations(
  db: Kysely<Database>,
  log: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  },
): DemoOrganisations {
  // Two tabs (or React's double effect) asking at once share one copy in this process; across
  // processes the primary key decides.
  const copies = new Map<string, Promise<Copy>>();

  async function start(caller: UserCaller): Promise<Copy> {
    const id = demoOrganisationId(caller.userId);
    const existing = await findOrganisation(db, id);
    if (existing) return { view: viewOf(existing, caller.userId), filled: Promise.resolve() };

    // One financial year, the current one (India's today), with the books up to today.
    const today = todayCivil();
    const books = generateBooks({
      seed: DEMO_BOOKS.seed,
      vouchers: DEMO_BOOKS.vouchers,
      accounts: DEMO_BOOKS.accounts,
      items: DEMO_BOOKS.items,
      stateCode: DEMO_BOOKS.stateCode,
      year: financialYearOf(today),
      endDate: today,
    });
    const organisation = newDemoOrganisation(
      id,
      caller.userId,
      books.options.year,
      books.organisation.gstin,
    );
    try {
      await db.transaction().execute(async (trx) => {
        await insertOrganisation(trx, organisation);
        await insertMembership(trx, {
          organisation_id: id,
          user_id: caller.userId,
          role: "owner",
          rights: "[]",
          active: 1,
          created_at: organisation.created_at,
          updated_at: organisation.created_at,
          removed_at: null,
        });
        await createSystemAccounts(trx, id, organisation.created_at);
        await writeAuditLog(trx, {
          organisationId: id,
          userId: caller.userId,
          action: "add",
          entityType: "organisation",
          entityId: id,
          summary: `Created the organisation ${organisation.name} with sample data.`,
        });
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Another server made it a moment ago, and fills it.
      const made = await findOrganisation(db, id);
      return { view: made ? viewOf(made, caller.userId) : null, filled: Promise.resolve() };
    }

    const started = performance.now();
    const filled = loadBooks({ db, announceChange: () => {} }, caller, id, books)
      .then(async (loaded) => {
        await markReady(db, id);
        log.info(
          {
            organisationId: id,
            vouchers: loaded.counts.vouchers,
            ms: Math.round(performance.now() - started),
          },
          "demo organisation copied",
        );
      })
      .catch((error: unknown) => {
        // The organisation stays, with what was saved; its settings still say "loading".
        log.error({ organisationId: id, err: error }, "demo organisation copy failed");
      });
    return { view: viewOf(organisation, caller.userId), filled };
  }

  return {
    async ensure(caller, waitMs = DEMO_ANSWER_WAIT_MS) {
      let copy = copies.get(caller.userId);
      if (!copy) {
        const started = start(caller);
        copy = started;
        copies.set(caller.userId, started);
        void started
          .then((made) => made.filled)
          .catch(() => {})
          .finally(() => copies.delete(caller.userId));
      }
      const { view, filled } = await copy;
      await settleWithin(filled, waitMs);
      return view;
    },
    async idle() {
      await Promise.allSettled(
        [...copies.values()].map((copy) => copy.then((made) => made.filled)),
      );
    },
  };
}

async function settleWithin(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([promise, timeout]);
  clearTimeout(timer);
}

function findOrganisation(db: Kysely<Database>, id: string) {
  return db.selectFrom("organisations").selectAll().where("id", "=", id).executeTakeFirst();
}

function settingsOf(status: DemoSettings["status"]) {
  const demo: DemoSettings = { seed: DEMO_BOOKS.seed, vouchers: DEMO_BOOKS.vouchers, status };
  return { demo };
}

function newDemoOrganisation(
  id: string,
  userId: string,
  year: string,
  gstin: string,
): OrganisationsTable {
  const now = nowIso();
  return {
    id,
    name: DEMO_BOOKS.name,
    starting_year: year,
    gstin,
    state_code: DEMO_BOOKS.stateCode,
    gst_registered: 1,
    gst_reg_type: "regular",
    gst_reg_status: "Active",
    manage_inventory: 1,
    bill_wise_entry: 1,
    billing_address: "14, Market Yard, Gultekdi, Pune 411037",
    billing_city: "Pune",
    tan: null,
    billing_pincode: "411037",
    mainly_deals_in: "Wholesale trading",
    settings: JSON.stringify(settingsOf("loading")),
    owner_user_id: userId,
    active: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

async function markReady(db: Kysely<Database>, organisationId: string) {
  await db.transaction().execute(async (trx) => {
    const current = await lockLiveOrganisation(trx, organisationId, nowIso());
    if (!current) return;
    const settings = JSON.parse(current.settings) as Record<string, unknown>;
    await updateOrganisation(trx, organisationId, {
      settings: JSON.stringify({ ...settings, ...settingsOf("ready") }),
    });
  });
}

/** A deleted copy is not replaced: the person chose to be rid of it. */
function viewOf(organisation: OrganisationsTable, userId: string): DemoOrganisationView | null {
  if (organisation.deleted_at) return null;
  // The demo's books are of its one year, its starting year.
  return {
    ...presentOrganisation(organisation, { userId, role: "owner" }),
    year: organisation.starting_year,
  };
}
