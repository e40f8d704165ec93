import { CONTROL_CHARACTER_MESSAGE, DATE_RANGE_MESSAGES, JSON_DEPTH_MESSAGE } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildMultipart } from "../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../test/people.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { CROSS_SITE_MESSAGE } from "./security.ts";

let context: TestContext;
let owner: Person;
let organisationId: string;
beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId } = await createOrganisation(context, owner.cookies));
});
afterAll(() => context.close());

const asOwner = (options: InjectOptions) =>
  context.app.inject({
    ...options,
    headers: { cookie: owner.cookies, ...(options.headers as Record<string, string>) },
  });

describe("security headers (issue 26)", () => {
  test("every response carries the CSP and its companions; HSTS only over TLS", async () => {
    for (const url of ["/api/health", "/api/no-such-call"]) {
      const response = await context.app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
    const proxied = await createTestApp({ trustProxy: ["127.0.0.1"] });
    try {
      const overTls = await proxied.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(overTls.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
    } finally {
      await proxied.close();
    }
  });
});

describe("writes from other sites (issue 26)", () => {
  const rename = (headers: Record<string, string>) =>
    asOwner({
      method: "PATCH",
      url: "/api/user/changename",
      payload: { name: "Renamed From Afar" },
      headers,
    });

  test("a cookie-authenticated JSON write with another site's Origin or Referer is refused", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { origin: "http://app.bahi.test.evil.example" },
      { origin: "null" },
      { referer: "http://evil.example/page" },
    ];
    for (const headers of crossSite) {
      const response = await rename(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CROSS_SITE_MESSAGE);
    }
    const me = await asOwner({ method: "GET", url: "/api/user/" });
    expect(JSON.stringify(me.json())).not.toContain("Renamed From Afar");
  });

  test("the app's own origin, its public address, and callers that send neither are served", async () => {
    expect((await rename({ origin: "http://localhost:80" })).statusCode).toBe(200);
    expect((await rename({ origin: "http://bahi.test" })).statusCode).toBe(200);
    expect((await rename({ referer: "http://bahi.test/profile" })).statusCode).toBe(200);
    expect((await rename({})).statusCode).toBe(200);
  });

  test("the scheme counts: a plain-HTTP page cannot write to the app over HTTPS (issue 37)", async () => {
    // The public address is http://bahi.test: its https twin is another origin.
    expect((await rename({ origin: "https://bahi.test" })).statusCode).toBe(403);
    const tls = await createTestApp({
      trustProxy: ["127.0.0.1"],
      publicUrl: "https://books.example",
    });
    try {
      const owner = await signUpPerson(tls);
      const renameOverTls = (origin: string, host: string) =>
        tls.app.inject({
          method: "PATCH",
          url: "/api/user/changename",
          payload: { name: "Over TLS" },
          headers: { cookie: owner.cookies, origin, host, "x-forwarded-proto": "https" },
        });
      expect((await renameOverTls("http://books.example", "books.example")).statusCode).toBe(403);
      expect((await renameOverTls("http://other.host", "other.host")).statusCode).toBe(403);
      expect((await renameOverTls("https://other.host", "other.host")).statusCode).toBe(200);
      expect((await renameOverTls("https://books.example", "books.example")).statusCode).toBe(200);
      // Plain HTTP to a host PUBLIC_URL names over HTTPS: the http page is still refused.
      const plain = await tls.app.inject({
        method: "PATCH",
        url: "/api/user/changename",
        payload: { name: "Over HTTP" },
        headers: { cookie: owner.cookies, origin: "http://books.example", host: "books.example" },
      });
      expect(plain.statusCode).toBe(403);
    } finally {
      await tls.close();
    }
  });

  test("a multipart write from another site is refused before its body is read", async () => {
    const boundary = "----cross-site";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="organisationId"\r\n\r\n${organisationId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHijacked\r\n--${boundary}--\r\n`;
    const response = await asOwner({
      method: "POST",
      url: "/api/settings/organisation",
      payload: body,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        origin: "http://evil.example",
      },
    });
    expect(response.statusCode).toBe(403);
    const settings = await asOwner({
      method: "GET",
      url: `/api/settings/getorganisationsettings?organisationId=${organisationId}`,
    });
    expect(settings.json().settings.name).not.toBe("Hijacked");
  });

  test("API-key calls are not affected", async () => {
    const created = await asOwner({
      method: "POST",
      url: "/api/organisation/createapikey",
      payload: { organisationId },
    });
    const { apiKey } = created.json();
    const response = await context.app.inject({
      method: "POST",
      url: "/api/account/add",
      headers: { "x-api-key": apiKey, origin: "http://integrations.example" },
      payload: { organisationId, name: "Keyed Account", nature: "Capital" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("input that used to be a 500 (issue 26)", () => {
  test("JSON nested 6,000 deep is a 400 on every route, sign-in included (issue 37)", async () => {
    const deep = `{"email":"a@b.in","password":${"[".repeat(6_000)}1${"]".repeat(6_000)}}`;
    for (const url of ["/api/auth/login", "/api/account/add"]) {
      const response = await asOwner({
        method: "POST",
        url,
        payload: deep,
        headers: { "content-type": "application/json" },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(JSON_DEPTH_MESSAGE);
    }
    // Sixty levels are still read (and refused or served by the route's own schema).
    const sixty = `{"organisationId":"${organisationId}","x":${"[".repeat(60)}${"]".repeat(60)}}`;
    const shallow = await asOwner({
      method: "POST",
      url: "/api/account/add",
      payload: sixty,
      headers: { "content-type": "application/json" },
    });
    expect(shallow.json().message).not.toBe(JSON_DEPTH_MESSAGE);
  });

  test.each([
    ["/api/search/topsearch", { searchText: "a\u0000b" }],
    ["/api/account/accountslist", { searchText: "\u0007bell" }],
  ])("NUL and control characters in %s are refused with a message", async (url, extra) => {
    const response = await asOwner({
      method: "GET",
      url,
      query: { organisationId, year: "2024-25", ...extra },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: CONTROL_CHARACTER_MESSAGE,
      errors: [{ path: "searchText", message: CONTROL_CHARACTER_MESSAGE }],
    });
  });

  test("a NUL inside a JSON body, even in a key, is refused", async () => {
    for (const payload of [
      { organisationId, name: "Bad\u0000Name", nature: "Capital" },
      { organisationId, name: "Fine", nature: "Capital", "custom\u0000": "x" },
    ]) {
      const response = await asOwner({ method: "POST", url: "/api/account/add", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  test.each([
    [
      "a Tally import's organisation id",
      "/api/import/tally",
      (id: string) => buildMultipart({ organisationId: `${id}\u0000` }, []),
      "organisationId",
    ],
    [
      "a spreadsheet import's field",
      "/api/import/other/validateData",
      (id: string) => buildMultipart({ organisationId: id, type: "accounts\u0007" }, []),
      "type",
    ],
    [
      "an organisation setting",
      "/api/settings/organisation",
      (id: string) => buildMultipart({ organisationId: id, signatoryName: "Ravi\u0000" }, []),
      "signatoryName",
    ],
    [
      "a logo's file name",
      "/api/settings/organisation",
      (id: string) =>
        buildMultipart({ organisationId: id }, [
          { field: "logo", fileName: "lo\u0001go.png", bytes: "x", contentType: "image/png" },
        ]),
      "logo",
    ],
  ])(
    "multipart: a control character in %s is refused by the same boundary check",
    async (_what, url, form, path) => {
      const { payload, headers } = form(organisationId);
      const response = await asOwner({ method: "POST", url, payload, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: CONTROL_CHARACTER_MESSAGE,
        errors: [{ path, message: CONTROL_CHARACTER_MESSAGE }],
      });
    },
  );

  test("multipart: a form without control characters still passes the boundary", async () => {
    const { payload, headers } = buildMultipart(
      { organisationId, signatoryName: "Ravi Kumar\nProprietor" },
      [],
    );
    const response = await asOwner({
      method: "POST",
      url: "/api/settings/organisation",
      payload,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings.signatoryName).toBe("Ravi Kumar\nProprietor");
  });

  test.each([
    ["journalentry", "2030-31", "2030-04-01"],
    ["salesinvoice", "2019-20", "2020-03-31"],
    ["receipts", "2035-36", "2035-06-01"],
  ])(
    "%s refuses a voucher dated outside the supported years (%s, %s)",
    async (family, year, date) => {
      const response = await asOwner({
        method: "POST",
        url: `/api/${family}/add`,
        payload: { organisationId, year, date },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({
        path: "date",
        message: DATE_RANGE_MESSAGES.books,
      });
    },
  );

  test.each([
    ["/api/reports/daybook", { date: "9999-12-31" }],
    ["/api/reports/profitloss", { startingDate: "2024-04-01", endDate: "9999-12-31" }],
    ["/api/item/getItemLedger", { itemId: "x", startDate: "9999-12-31", endDate: "9999-12-31" }],
    ["/api/ledger/getLedger", { accountId: "x", startDate: "2019-04-01", endDate: "2019-04-30" }],
  ])("%s refuses a date outside the supported years", async (url, extra) => {
    const response = await asOwner({
      method: "GET",
      url,
      query: { organisationId, year: "2024-25", ...extra },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(DATE_RANGE_MESSAGES.books);
  });
});
