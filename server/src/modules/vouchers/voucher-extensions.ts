import type { VoucherType } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * What an output module adds to the engine (issue 34). Output modules depend on the engine, never
 * the reverse: the e-invoice module registers its extension when its routes are registered, and
 * the voucher service asks every registered extension, knowing none of them by name.
 */
export interface VoucherExtension {
  /** The field of a voucher's details that carries this output's state (`eInvoice`). */
  name: string;
  /** Refuses, by an AppError, to let these entries of a type be edited or deleted. */
  assertChangeable(
    db: Kysely<Database>,
    organisationId: string,
    type: VoucherType,
    entryIds: readonly string[],
  ): Promise<void>;
  /** What a voucher's screen shows of this output; undefined leaves the field out. */
  readDetails(
    db: Kysely<Database>,
    organisationId: string,
    type: VoucherType,
    entryId: string,
  ): Promise<unknown>;
}

// Keyed by name: every app built in one process (the tests build many) registers the same ones.
const extensions = new Map<string, VoucherExtension>();

export function registerVoucherExtension(extension: VoucherExtension): void {
  extensions.set(extension.name, extension);
}

export async function assertVouchersChangeable(
  db: Kysely<Database>,
  organisationId: string,
  type: VoucherType,
  entryIds: readonly string[],
): Promise<void> {
  for (const extension of extensions.values()) {
    await extension.assertChangeable(db, organisationId, type, entryIds);
  }
}

/** The extensions' fields of one voucher's details, in the order they were registered. */
export async function readExtensionDetails(
  db: Kysely<Database>,
  organisationId: string,
  type: VoucherType,
  entryId: string,
): Promise<Record<string, unknown>> {
  const details: Record<string, unknown> = {};
  for (const extension of extensions.values()) {
    const value = await extension.readDetails(db, organisationId, type, entryId);
    if (value !== undefined) details[extension.name] = value;
  }
  return details;
}
