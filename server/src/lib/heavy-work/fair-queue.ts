// The waiting line of the heavy-work pool (pool.ts, decision 320): one line per organisation,
// taken round-robin (fewest jobs running first, then the one served longest ago), so that one
// organisation's twenty jobs do not stand in front of another's one. Two lanes: interactive work (a person waiting on a screen) always goes first; background
// work (shared links opened by outsiders, mail attachments) runs only on the threads interactive
// work leaves it, and never on all of them.

export type Lane = "interactive" | "background";

export class FairQueue<T> {
  readonly #lanes: Record<Lane, Map<string, T[]>> = {
    interactive: new Map(),
    background: new Map(),
  };
  /** When each organisation was last served (a running number), for the round-robin. */
  readonly #lastServed = new Map<string, number>();
  #served = 0;
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
   * The next job to start: of the organisations waiting, the one with the fewest jobs running
   * (`runningOf`), then the one served longest ago (never served first); its oldest job.
   * Background work only when `backgroundAllowed` (a thread is left free for interactive work);
   * an organisation already running `maxRunning` jobs waits (a thread is left for the others);
   * an organisation whose oldest job cannot start now (`canStart`) waits, its line kept in order.
   */
  next(
    backgroundAllowed: boolean,
    runningOf: (organisationId: string) => number = () => 0,
    maxRunning = Number.POSITIVE_INFINITY,
    canStart: (item: T) => boolean = () => true,
  ): { organisationId: string; lane: Lane; item: T } | undefined {
    const lanes: Lane[] = backgroundAllowed ? ["interactive", "background"] : ["interactive"];
    for (const lane of lanes) {
      const lines = this.#lanes[lane];
      let chosen: string | undefined;
      let best: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
      for (const [organisationId, line] of lines) {
        const running = runningOf(organisationId);
        if (running >= maxRunning) continue;
        if (!canStart(line[0] as T)) continue;
        const rank: [number, number] = [running, this.#lastServed.get(organisationId) ?? -1];
        if (rank[0] < best[0] || (rank[0] === best[0] && rank[1] < best[1])) {
          chosen = organisationId;
          best = rank;
        }
      }
      if (chosen === undefined) continue;
      const line = lines.get(chosen) as T[];
      const item = line.shift() as T;
      if (line.length === 0) lines.delete(chosen);
      this.#size -= 1;
      this.#served += 1;
      this.#lastServed.set(chosen, this.#served);
      // Forget organisations long idle, so the map stays small.
      if (this.#lastServed.size > 10_000) this.#forgetIdle();
      return { organisationId: chosen, lane, item };
    }
    return undefined;
  }

  #forgetIdle() {
    for (const organisationId of this.#lastServed.keys()) {
      const waiting =
        this.#lanes.interactive.has(organisationId) || this.#lanes.background.has(organisationId);
      if (!waiting) this.#lastServed.delete(organisationId);
    }
  }
}
