import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { makeGstin, ok, refused } from "../accounts/masters.test-kit.ts";

const SEZ = makeGstin("27", "AABCS1234C");
const UN_BODY = makeGstin("07", "AAAGU0001A");
const FAILING = makeGstin("29", "AAFCF1234F");
const UNKNOWN = makeGstin("24", "AAFCU9999K");
const SILENT = makeGstin("33", "AAFCS5555S");
const KEY = "peer-secret-key";

describe("the offline lookup (no provider configured)", () => {
  let context: TestContext;
  let owner: Person;
  let viewer: Person;
  let org: string;

  beforeAll(async () => {
    context = await createTestApp();
    owner = await signUpPerson(context);
    viewer = await signUpPerson(context);
    ({ organisationId: org } = await createOrganisation(context, owner.cookies));
    await addMember(context, owner, org, viewer, "viewer");
  });
  afterAll(() => context.close());

  test("derives the state and PAN from the GSTIN, and nothing it cannot know", async () => {
    const found = await ok(context, viewer, {
      method: "GET",
      url: `/api/gst/?gstin=${SEZ.toLowerCase()}&organisationId=${org}`,
    });
    expect(found).toMatchObject({
      gstin: SEZ,
      stateCode: "27",
      pan: "AABCS1234C",
      name: null,
      legalName: null,
      gstRegType: null,
      status: null,
      source: "offline",
    });
    // An offline answer costs nothing, so a lookup alone does not file it among the records.
    expect(
      (await ok(context, owner, { method: "GET", url: `/api/gsts?organisationId=${org}` })).gsts,
    ).toEqual([]);
  });

  test.each([
    ["27AAPFU0939F1ZW", "GSTIN is not valid."],
    ["27AAPFU", "GSTIN should be of exactly 15 characters."],
  ])("%s is refused: %s", async (gstin, message) => {
    const response = await refused(
      context,
      owner,
      { method: "GET", url: `/api/gst?gstin=${gstin}&organisationId=${org}` },
      400,
    );
    expect(response.message).toBe(message);
  });

  test("POST /gsts files a GSTIN; changeName names it; GET /gsts lists it", async () => {
    const added = await ok(context, owner, {
      method: "POST",
      url: "/api/gsts",
      payload: { organisationId: org, gstin: SEZ },
    });
    expect(added).toMatchObject({ success: true, gst: { gstin: SEZ, source: "offline" } });
    const renamed = await ok(context, owner, {
      method: "PUT",
      url: "/api/gsts/changeName",
      payload: { organisationId: org, gstin: SEZ, name: "Sai Exports (SEZ)" },
    });
    expect(renamed.gst).toMatchObject({
      name: "Sai Exports (SEZ)",
      displayName: "Sai Exports (SEZ)",
    });
    const { gsts } = await ok(context, owner, {
      method: "GET",
      url: `/api/gsts?organisationId=${org}`,
    });
    expect(gsts).toEqual([expect.objectContaining({ gstin: SEZ, name: "Sai Exports (SEZ)" })]);

    const unknown = await refused(
      context,
      owner,
      {
        method: "PUT",
        url: "/api/gsts/changeName",
        payload: { organisationId: org, gstin: UNKNOWN, name: "Nobody" },
      },
      404,
    );
    expect(unknown.message).toBe(
      "This GSTIN is not among the organisation's GSTIN records; look it up first.",
    );
    const byViewer = await refused(
      context,
      viewer,
      { method: "POST", url: "/api/gsts", payload: { organisationId: org, gstin: UNKNOWN } },
      403,
    );
    expect(byViewer.message).toBe("You do not have the right to do this in this organisation.");
  });
});

describe("a configured provider (a local HTTP peer stands in for it)", () => {
  let peer: Server;
  let hits: string[];
  let context: TestContext;
  let owner: Person;
  let org: string;

  function answer(request: IncomingMessage, response: ServerResponse) {
    const gstin = decodeURIComponent(request.url?.split("/").at(-1) ?? "");
    hits.push(gstin);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.headers["x-api-key"] !== KEY) return send(401, { message: "Invalid API key." });
    if (gstin === SILENT) return; // never answers
    if (gstin === FAILING)
      return send(500, { error: { message: "Daily lookup quota exhausted." } });
    if (gstin === UNKNOWN) return send(404, { message: "No taxpayer found for this GSTIN." });
    if (gstin === UN_BODY) {
      return send(200, {
        lgnm: "United Nations Development Programme",
        dty: "United Nation Body",
        sts: "Active",
      });
    }
    if (gstin === SEZ) {
      return send(200, {
        taxpayerInfo: {
          lgnm: "SAI EXPORTS PRIVATE LIMITED",
          tradeNam: "Sai Exports",
          dty: "SEZ Unit",
          sts: "Active",
          rgdt: "01/07/2017",
          cxdt: "",
          pradr: {
            addr: {
              bno: "Plot 12",
              st: "MIDC Road",
              loc: "Andheri East",
              city: "Mumbai",
              dst: "Mumbai",
              stcd: "Maharashtra",
              pncd: "400093",
            },
          },
        },
      });
    }
    return send(404, {});
  }

  beforeAll(async () => {
    hits = [];
    peer = createServer(answer);
    await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
    const { port } = peer.address() as AddressInfo;
    // As GSTIN_LOOKUP_URL, _KEY and _TIMEOUT_MS would configure it (config.ts).
    context = await createTestApp({
      gstinLookup: {
        url: `http://127.0.0.1:${port}/gstin`,
        key: KEY,
        keyHeader: "x-api-key",
        timeoutMs: 300,
      },
    });
    owner = await signUpPerson(context);
    ({ organisationId: org } = await createOrganisation(context, owner.cookies));
  });
  afterAll(async () => {
    await context.close();
    peer.closeAllConnections();
    await new Promise((resolve) => peer.close(resolve));
  });

  const lookup = (gstin: string) =>
    ({ method: "GET", url: `/api/gst/?gstin=${gstin}&organisationId=${org}` }) as const;

  test("maps the provider's answer and keeps it for a week", async () => {
    const found = await ok(context, owner, lookup(SEZ));
    expect(found).toMatchObject({
      gstin: SEZ,
      name: "SAI EXPORTS PRIVATE LIMITED",
      legalName: "SAI EXPORTS PRIVATE LIMITED",
      tradeName: "Sai Exports",
      gstRegType: "sez",
      taxpayerType: "SEZ Unit",
      status: "Active",
      registrationDate: "2017-07-01",
      cancellationDate: null,
      address: "Plot 12, MIDC Road, Andheri East, Mumbai, Maharashtra, 400093",
      stateCode: "27",
      pan: "AABCS1234C",
      source: "provider",
      lgnm: "SAI EXPORTS PRIVATE LIMITED",
      rgdt: "2017-07-01",
    });
    expect(hits).toEqual([SEZ]);
    await ok(context, owner, lookup(SEZ));
    await ok(context, owner, {
      method: "POST",
      url: "/api/gsts",
      payload: { organisationId: org, gstin: SEZ },
    });
    expect(hits).toEqual([SEZ]);
    const { gsts } = await ok(context, owner, {
      method: "GET",
      url: `/api/gsts?organisationId=${org}`,
    });
    expect(gsts.map((gst: { gstin: string }) => gst.gstin)).toEqual([SEZ]);
  });

  test("spec 4: 'United Nation Body' is a UIN holder", async () => {
    expect(await ok(context, owner, lookup(UN_BODY))).toMatchObject({
      gstRegType: "uinholder",
      stateCode: "07",
    });
  });

  test("a provider's error answer passes its message on", async () => {
    const failing = await refused(context, owner, lookup(FAILING), 502);
    expect(failing.message).toBe("Daily lookup quota exhausted.");
    const unknown = await refused(context, owner, lookup(UNKNOWN), 404);
    expect(unknown.message).toBe("No taxpayer found for this GSTIN.");
  });

  test("a provider that never answers fails within the timeout with 'Something went wrong.'", async () => {
    const started = Date.now();
    const silent = await refused(context, owner, lookup(SILENT), 504);
    expect(silent.message).toBe("Something went wrong.");
    expect(Date.now() - started).toBeLessThan(3000);
    expect(
      (await ok(context, owner, { method: "GET", url: `/api/gsts?organisationId=${org}` })).gsts,
    ).toHaveLength(2);
  });
});
