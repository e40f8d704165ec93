import { afterAll, beforeAll, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { type Person, signUpPerson } from "../../../test/people.ts";
import { makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { HEAVY_WORK_MESSAGES, stopHeavyWork } from "../../lib/heavy-work/pool.ts";

// Issue 37, decision 320: PDFs are laid out on the heavy-work pool, in a line fair between
// organisations. With one thread, one organisation floods it with documents; another's one
// document is served next, not after the flood. Past an organisation's cap: 429 with a message,
// while another organisation is still served.

let context: TestContext;
let flooder: Person;
let other: Person;
let flooding: SendingBooks;
let waiting: SendingBooks;

beforeAll(async () => {
  context = await createTestApp();
  flooder = await signUpPerson(context);
  other = await signUpPerson(context);
  flooding = await makeSendingBooks(context, flooder);
  waiting = await makeSendingBooks(context, other);
});
afterAll(async () => {
  await stopHeavyWork();
  await context.close();
});

const pdf = (person: Person, books: SendingBooks) =>
  context.app.inject({
    method: "GET",
    url: `/api/getpdf/transactionpdf?organisationId=${books.organisationId}&entryId=${books.invoiceId}&transactionType=salesInvoice&format=download`,
    headers: as(person),
  });

test("another organisation's document is served while one organisation floods the pool", async () => {
  await stopHeavyWork({ threads: 1 });
  // The thread is started (fonts loaded) before the flood, as on a server in use.
  expect((await pdf(flooder, flooding)).statusCode).toBe(200);
  const finished: string[] = [];
  const flood = Array.from({ length: 12 }, (_, index) =>
    pdf(flooder, flooding).then((response) => {
      finished.push(`flood ${index}`);
      return response;
    }),
  );
  // The other organisation asks once the flood is in line.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const one = await pdf(other, waiting);
  finished.push("other");
  expect(one.statusCode, one.body.slice(0, 200)).toBe(200);
  expect(await extractPdfText(one.rawPayload)).toContain(waiting.invoiceNumber);
  const answers = await Promise.all(flood);
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
  // Served after at most the flood's documents already running or in line before it came
  // (one thread: the one running, and the first in line, which had been taken); not after all 12.
  expect(finished.indexOf("other")).toBeLessThanOrEqual(3);
});

test("past an organisation's cap: 429 with a message, and the other organisation is served", async () => {
  await stopHeavyWork({ threads: 1, perOrganisation: 2 });
  const answers = await Promise.all(Array.from({ length: 10 }, () => pdf(flooder, flooding)));
  const codes = answers.map((answer) => answer.statusCode);
  expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(2);
  const refused = answers.filter((answer) => answer.statusCode === 429);
  expect(refused.length).toBeGreaterThanOrEqual(1);
  expect(codes.every((code) => code === 200 || code === 429)).toBe(true);
  for (const answer of refused) {
    expect(answer.json().message).toBe(HEAVY_WORK_MESSAGES.organisationBusy(2));
  }
  const served = await pdf(other, waiting);
  expect(served.statusCode).toBe(200);
  expect(served.headers["content-type"]).toBe("application/pdf");
});
