// The waiting line of the heavy-work pool (pool.ts, decision 320): one line per organisation,
// taken round-robin, so that one organisation's twenty jobs do not stand in front of another's
// one. Two lanes: interactive work (a person waiting on a screen) always goes first; background
// work (shared links opened by outsiders, mail attachments) runs only on the threads interactive
// work leaves it, and never on all of them.

export type Lane = "interactive" | "background";

export class FairQueue<T> {
  // A Map keeps insertion order: the organisation served is moved to the end (round-robin).
  readonly #lanes: Record<Lane, Map<string, T[]>> = {
    interactive: new Map(),
    background: new Map(),
  };
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(organisationId: string, lane: Lane, item: T): void {
    const line = this.#lanes[lane].get(organisationId);
    if (line) line.push(item);
    else this.#lanes[lane].set(organisationId, [item]);
    this.#size += 1;
  }

  /** Takes an item out of the line wherever it stands (a job that gave up waiting). */
  remove(organisationId: string, lane: Lane, item: T): boolean {
    const line = this.#lanes[lane].get(organisationId);
    const index = line?.indexOf(item) ?? -1;
    if (!line || index < 0) return false;
    line.splice(index, 1);
    if (line.length === 0) this.#lanes[lane].delete(organisationId);
    this.#size -= 1;
    return true;
  }

  /**
   * The next job to start: the first of the next organisation's interactive line; background
   * work only when `backgroundAllowed` (a thread is left free for interactive work).
   */
  next(backgroundAllowed: boolean): { organisationId: string; lane: Lane; item: T } | undefined {
    const lanes: Lane[] = backgroundAllowed ? ["interactive", "background"] : ["interactive"];
    for (const lane of lanes) {
      const lines = this.#lanes[lane];
      const first = lines.entries().next();
      if (first.done) continue;
      const [organisationId, line] = first.value;
      const item = line.shift() as T;
      lines.delete(organisationId);
      if (line.length > 0) lines.set(organisationId, line);
      this.#size -= 1;
      return { organisationId, lane, item };
    }
    return undefined;
  }
}
