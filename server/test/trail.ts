import { todayCivil } from "@bahi/domain";
import { expect } from "vitest";
import { type Person, requestAs } from "./people.ts";
import type { TestContext } from "./test-app.ts";

// Reading the audit trail (issue 39, decision 310) from a test: today's entries by filter.

export interface TrailEntryRead {
  userId: string | null;
  action: string;
  entity: string;
  entityId: string;
  number: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** Today's trail entries of an organisation (newest first), as `person` reads them. */
export async function readTodaysTrail(
  context: TestContext,
  person: Person,
  organisationId: string,
  filter: { entity?: string; entityId?: string } = {},
): Promise<TrailEntryRead[]> {
  const query = new URLSearchParams({
    organisationId,
    startDate: todayCivil(),
    endDate: todayCivil(),
    limit: "500",
    ...filter,
  });
  const response = await requestAs(context, person, {
    method: "GET",
    url: `/api/audit/trail?${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { entries: TrailEntryRead[] }).entries;
}

/** An entry's changes as `{ field: [before, after] }`, for comparing whole. */
export function changesOf(entry: TrailEntryRead | undefined): Record<string, [unknown, unknown]> {
  return Object.fromEntries(
    (entry?.changes ?? []).map((change) => [change.field, [change.before, change.after]]),
  );
}
