import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  createOrganisation,
  type Person,
  requestAs,
  signUpPerson,
} from "../../../test/people.ts";
import { createTestApp, readOutboxMail, type TestContext } from "../../../test/test-app.ts";
import { SUPPORT_MESSAGES } from "./support.service.ts";

// POST /misc/supportquery (decision 031): a member's question reaches SUPPORT_EMAIL by the outbox.
let context: TestContext;
let owner: Person;
let stranger: Person;
let viewer: Person;
let organisationId: string;

beforeAll(async () => {
  context = await createTestApp({ supportEmail: "helpdesk@bahi.test" });
  owner = await signUpPerson(context, { name: "Meera Pillai" });
  stranger = await signUpPerson(context);
  viewer = await signUpPerson(context);
  ({ organisationId } = await createOrganisation(context, owner.cookies, {
    name: "Pillai Stores",
  }));
  await addMember(context, owner, organisationId, viewer, "viewer");
});
afterAll(() => context.close());

const ask = (person: Person, payload: Record<string, unknown>) =>
  requestAs(context, person, { method: "POST", url: "/api/misc/supportquery", payload });

async function supportMails(): Promise<string[]> {
  return (await readOutboxMail(context)).filter((mail) => mail.includes("To: helpdesk@bahi.test"));
}

describe("POST /misc/supportquery", () => {
  test("mails the question, with who asked and from where, to the support address", async () => {
    const response = await ask(owner, {
      organisationId,
      year: "2024-25",
      supportQuery: "  How do I file IFF?\nI am a quarterly filer.  ",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SUPPORT_MESSAGES.sent });
    const mails = await supportMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0] as string;
    expect(mail).toMatch(/Subject: Support query from Meera Pillai \(BH[0-9A-Z]{8}\)/);
    expect(mail).toContain(`From: Meera Pillai <${owner.email}>`);
    expect(mail).toContain(`Organisation: Pillai Stores (${organisationId})`);
    expect(mail).toContain("Financial year: 2024-25");
    expect(mail).toContain("How do I file IFF?");
    expect(mail).toContain("I am a quarterly filer.");
  });

  test("any member may ask, a viewer too", async () => {
    const response = await ask(viewer, { organisationId, year: "2024-25", supportQuery: "Hello" });
    expect(response.statusCode).toBe(200);
    expect(await supportMails()).toHaveLength(2);
  });

  test("refuses a blank message, control characters, another organisation and no session", async () => {
    const blank = await ask(owner, { organisationId, year: "2024-25", supportQuery: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain("Please write your question or feedback.");
    const nul = await ask(owner, { organisationId, year: "2024-25", supportQuery: "a\u0000b" });
    expect(nul.statusCode).toBe(400);
    const foreign = await ask(stranger, { organisationId, year: "2024-25", supportQuery: "Hi" });
    expect(foreign.statusCode).toBe(403);
    const anonymous = await context.app.inject({
      method: "POST",
      url: "/api/misc/supportquery",
      payload: { organisationId, year: "2024-25", supportQuery: "Hi" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await supportMails()).toHaveLength(2);
  });
});

// GET /support/supportlinks (decision 034): help for the page a person came from.
describe("GET /support/supportlinks", () => {
  const links = (person: Person, pageLink?: string) =>
    requestAs(context, person, {
      method: "GET",
      url: "/api/support/supportlinks",
      ...(pageLink === undefined ? {} : { query: { pageLink } }),
    });

  test("a known page gets its own links first, then the general ones", async () => {
    const response = await links(viewer, `/${organisationId}/2024-25/returns/gstr3B`);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.success).toBe(true);
    expect(answer.forPage).toBe(true);
    expect(answer.data[0]).toEqual({
      title: "Create and file GSTR-3B: the GST portal's user guide",
      url: "https://tutorial.gst.gov.in/userguide/returns/Create_and_Submit_GSTR3B.htm",
    });
    const urls = answer.data.map((link: { url: string }) => link.url);
    expect(urls).toContain("https://www.gst.gov.in/");
    expect(new Set(urls).size).toBe(urls.length);

    const tally = (await links(owner, "imports/tally")).json();
    expect(tally.forPage).toBe(true);
    expect(tally.data[0].url).toBe(
      "https://help.tallysolutions.com/developer-reference/introduction/integration-with-tallyprime/",
    );
    // A sales invoice's screens: e-invoice and e-way bill, asked of the registry.
    const sales = (await links(owner, "/sales/add")).json();
    expect(sales.data.map((link: { url: string }) => link.url).slice(0, 2)).toEqual([
      "https://einvoice1.gst.gov.in/",
      "https://ewaybillgst.gov.in/",
    ]);
  });

  test("an unknown page, or none, gets the general list", async () => {
    const unknown = (await links(owner, "settings/lock-period")).json();
    expect(unknown).toEqual({
      success: true,
      forPage: false,
      data: [
        { title: "GST portal (gst.gov.in)", url: "https://www.gst.gov.in/" },
        {
          title: "GST returns: the GST portal's user guide",
          url: "https://tutorial.gst.gov.in/userguide/returns/index.htm",
        },
        { title: "TallyPrime help", url: "https://help.tallysolutions.com/" },
      ],
    });
    expect((await links(owner)).json()).toEqual(unknown);
  });

  test("a pageLink that is not a page of the app is refused with a message", async () => {
    for (const bad of [
      "https://evil.example/returns/gstr1",
      "//evil.example/x",
      "/returns/../../etc",
      "/returns/gstr1?x=<script>",
      `/${"a".repeat(400)}`,
      "/returns/gstr1\u0007",
    ]) {
      const response = await links(owner, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toMatch(/pageLink must be a page of Bahi|control/i);
    }
  });

  test("no session is 401", async () => {
    const anonymous = await context.app.inject({
      method: "GET",
      url: "/api/support/supportlinks?pageLink=%2Freturns%2Fgstr1",
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
