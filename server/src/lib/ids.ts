import { v7 as uuidv7 } from "uuid";

/** Row ids: UUIDv7, so ids sort by creation time and index pages stay hot (DESIGN.md §4). */
export function newId(): string {
  return uuidv7();
}
