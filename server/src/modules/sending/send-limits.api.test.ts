import { afterAll, beforeAll, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { addMember, type Person, signUpPerson } from "../../../test/people.ts";
import { makeSendingBooks, SENDING_YEAR, type SendingBooks } from "../../../test/sending.ts";
import { createTestApp, readOutboxMail, type TestContext } from "../../../test/test-app.ts";
import { SEND_LIMIT_MESSAGES } from "../auth/send-limits.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

// Issue 37: 60 mails to 60 outsiders went in 10 s, and support questions had no bound. Sending
// is limited per person and per organisation, per minute and per day, with a clear message.

let context: TestContext;
let owner: Person;
let colleague: Person;
let books: SendingBooks;

beforeAll(async () => {
  context = await createTestApp({
    sendLimits: {
      perPersonPerMinute: 3,
      perPersonPerDay: 100,
      perOrganisationPerMinute: 5,
      perOrganisationPerDay: 100,
    },
  });
  owner = await signUpPerson(context);
  colleague = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  await addMember(context, owner, books.organisationId, colleague, "admin", []);
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

const mailTo = (person: Person, n: number) =>
  context.app.inject({
    method: "POST",
    url: "/api/getpdf/transactionpdf",
    headers: as(person),
    payload: {
      organisationId: books.organisationId,
      entryId: books.invoiceId,
      transactionType: "salesInvoice",
      format: "email",
      address: `outsider${n}@example.in`,
      subject: "Invoice",
      body: "Attached.",
    },
  });

test("a person's minute, then the organisation's: refused with 429 and a clear message", async () => {
  for (let n = 1; n <= 3; n += 1) expect((await mailTo(owner, n)).statusCode).toBe(200);
  const fourth = await mailTo(owner, 4);
  expect(fourth.statusCode).toBe(429);
  expect(fourth.json().message).toBe(SEND_LIMIT_MESSAGES.personMinute);

  // A support question counts too (it was unlimited).
  const support = await context.app.inject({
    method: "POST",
    url: "/api/misc/supportquery",
    headers: as(colleague),
    payload: {
      organisationId: books.organisationId,
      year: SENDING_YEAR,
      supportQuery: "How do I file GSTR-1?",
    },
  });
  expect(support.statusCode, support.body).toBe(200);
  expect((await mailTo(colleague, 5)).statusCode).toBe(200);
  // Five in the organisation's minute: the colleague's next is the organisation's limit.
  const over = await mailTo(colleague, 6);
  expect(over.statusCode).toBe(429);
  expect(over.json().message).toBe(SEND_LIMIT_MESSAGES.organisationMinute);

  const sent = (await readOutboxMail(context)).filter((mail) => mail.includes("outsider"));
  expect(sent).toHaveLength(4);
  expect(sent.some((mail) => mail.includes("outsider4@") || mail.includes("outsider6@"))).toBe(
    false,
  );
});
