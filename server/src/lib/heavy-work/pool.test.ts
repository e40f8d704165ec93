import { afterEach, expect, test } from "vitest";
import { AppError } from "../../http/errors.ts";
import {
  HEAVY_WORK_MESSAGES,
  HeavyJobTooLarge,
  type HeavyWorkOptions,
  HeavyWorkPool,
} from "./pool.ts";

// The heavy-work pool (decision 320) with a job that only waits: who is served first, the caps
// and their messages, the lanes, a job past its heap ceiling.

const worker = new URL("../../../test/fixtures/heavy-test-worker.ts", import.meta.url);
const pools: HeavyWorkPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function makePool(options: Partial<HeavyWorkOptions>): HeavyWorkPool {
  const pool = new HeavyWorkPool({
    threads: 1,
    heapMb: 64,
    perOrganisation: 50,
    waiting: 100,
    waitMs: 30_000,
    runMs: 30_000,
    largeHeapMb: 128,
    ...options,
  });
  pools.push(pool);
  return pool;
}

const waitJob = (organisationId: string, label: string, ms = 60, lane?: "background") => ({
  organisationId,
  lane,
  module: worker,
  name: "wait",
  payload: { ms, label },
});

test("one organisation's twenty jobs do not stand in front of another's one", async () => {
  const pool = makePool({ threads: 1 });
  const finished: string[] = [];
  const run = (organisationId: string, label: string) =>
    pool.run<string>(waitJob(organisationId, label)).then((done) => finished.push(done));
  const flood = Array.from({ length: 20 }, (_, index) => run("org-a", `a${index}`));
  const other = run("org-b", "b0");
  await Promise.all([...flood, other]);
  // a0 was running when b0 came; b0 is served next, before a1…a19.
  expect(finished.indexOf("b0")).toBe(1);
  expect(finished.filter((label) => label.startsWith("a"))).toEqual(
    Array.from({ length: 20 }, (_, index) => `a${index}`),
  );
});

test("organisations take turns: round-robin across three", async () => {
  const pool = makePool({ threads: 1 });
  const finished: string[] = [];
  const jobs = [];
  for (const organisationId of ["a", "a", "a", "b", "b", "c"]) {
    jobs.push(
      pool
        .run<string>(waitJob(organisationId, organisationId, 20))
        .then((done) => finished.push(done)),
    );
  }
  await Promise.all(jobs);
  expect(finished).toEqual(["a", "b", "c", "a", "b", "a"]);
});

test("past an organisation's cap: 429 with a message; other organisations still served", async () => {
  const pool = makePool({ threads: 1, perOrganisation: 3 });
  const answers = await Promise.allSettled(
    Array.from({ length: 5 }, (_, index) => pool.run(waitJob("org-a", `a${index}`))),
  );
  const refused = answers.filter((answer) => answer.status === "rejected");
  expect(refused).toHaveLength(2);
  for (const answer of refused) {
    const reason = (answer as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(AppError);
    expect(reason.statusCode).toBe(429);
    expect(reason.message).toBe(HEAVY_WORK_MESSAGES.organisationBusy(3));
  }
  expect(await pool.run(waitJob("org-b", "b"))).toBe("b");
  // The cap counts jobs waiting or running: once they end, the organisation may send again.
  expect(await pool.run(waitJob("org-a", "again"))).toBe("again");
});

test("past the waiting line's length, or waiting too long: 503 with a message", async () => {
  const pool = makePool({ threads: 1, waiting: 2 });
  const answers = await Promise.allSettled([
    pool.run(waitJob("a", "running", 150)),
    pool.run(waitJob("b", "waiting 1")),
    pool.run(waitJob("c", "waiting 2")),
    pool.run(waitJob("d", "one too many")),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([
    "fulfilled",
    "fulfilled",
    "fulfilled",
    "rejected",
  ]);
  const refused = (answers[3] as PromiseRejectedResult).reason;
  expect(refused.statusCode).toBe(503);
  expect(refused.message).toBe(HEAVY_WORK_MESSAGES.serverBusy);

  const impatient = makePool({ threads: 1, waitMs: 100 });
  const waited = await Promise.allSettled([
    impatient.run(waitJob("a", "long", 400)),
    impatient.run(waitJob("b", "gave up")),
  ]);
  expect(waited[0]?.status).toBe("fulfilled");
  const reason = (waited[1] as PromiseRejectedResult).reason;
  expect(reason.statusCode).toBe(503);
  expect(reason.message).toBe(HEAVY_WORK_MESSAGES.waitedTooLong);
});

test("background work never takes the last free thread from interactive work", async () => {
  const pool = makePool({ threads: 2 });
  const finished: string[] = [];
  const background = Array.from({ length: 3 }, (_, index) =>
    pool
      .run<string>(waitJob("links", `link${index}`, 400, "background"))
      .then((done) => finished.push(done)),
  );
  // Three shared links are being laid out on one thread; a person's document takes the other
  // at once, before the second link starts.
  const interactive = pool
    .run<string>(waitJob("person", "now", 20))
    .then((done) => finished.push(done));
  await Promise.all([...background, interactive]);
  expect(finished.indexOf("now")).toBeLessThan(finished.indexOf("link1"));
  expect(finished.filter((label) => label.startsWith("link"))).toEqual(["link0", "link1", "link2"]);
});

test("one organisation never holds every thread: another's job starts at once", async () => {
  const pool = makePool({ threads: 2 });
  const finished: string[] = [];
  const flood = Array.from({ length: 4 }, (_, index) =>
    pool.run<string>(waitJob("org-a", `a${index}`, 400)).then((done) => finished.push(done)),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(pool.stats).toMatchObject({ running: 1, waiting: 3 });
  const other = pool.run<string>(waitJob("org-b", "b", 20)).then((done) => finished.push(done));
  await Promise.all([...flood, other]);
  expect(finished[0]).toBe("b");
});

test("a job past its heap ceiling fails alone; the pool goes on", async () => {
  const pool = makePool({ threads: 1, heapMb: 64 });
  const failed = pool.run({ organisationId: "a", module: worker, name: "fillHeap", payload: {} });
  await expect(failed).rejects.toBeInstanceOf(HeavyJobTooLarge);
  expect(await pool.run(waitJob("a", "after"))).toBe("after");
}, 30_000);

test("a job that runs past its time has its thread stopped", async () => {
  // The time counts from the job's start on the pool, a thread's start-up included.
  const pool = makePool({ threads: 1, runMs: 1_500 });
  const slow = await pool.run(waitJob("a", "slow", 20_000)).catch((error: unknown) => error);
  expect(slow).toBeInstanceOf(HeavyJobTooLarge);
  expect((slow as HeavyJobTooLarge).reason).toBe("time");
  expect(await pool.run(waitJob("a", "next", 10))).toBe("next");
}, 30_000);

test("large jobs run one at a time on their own thread, in the same fair line", async () => {
  const pool = makePool({ threads: 2 });
  const finished: string[] = [];
  const large = (organisationId: string, label: string, ms: number) =>
    pool
      .run<string>({ ...waitJob(organisationId, label, ms), size: "large" })
      .then((done) => finished.push(done));
  // Two organisations' large downloads: one runs, the other waits for the large thread, while a
  // standard job of a third starts at once on the other thread.
  const first = large("org-a", "a-large", 300);
  const second = large("org-b", "b-large", 20);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(pool.stats).toMatchObject({ running: 1, waiting: 1 });
  const standard = pool.run<string>(waitJob("org-c", "c", 20)).then((done) => finished.push(done));
  await Promise.all([first, second, standard]);
  expect(finished).toEqual(["c", "a-large", "b-large"]);
});

test("a large job past the large thread's heap ceiling fails alone", async () => {
  const pool = makePool({ threads: 1, largeHeapMb: 64 });
  const failed = pool.run({
    organisationId: "a",
    module: worker,
    name: "fillHeap",
    payload: {},
    size: "large" as const,
  });
  await expect(failed).rejects.toBeInstanceOf(HeavyJobTooLarge);
  expect(await pool.run({ ...waitJob("a", "after"), size: "large" as const })).toBe("after");
}, 30_000);
