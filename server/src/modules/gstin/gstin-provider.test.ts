import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readGstinProviderConfig } from "../../gstin-provider-config.ts";
import { AppError } from "../../http/errors.ts";
import { makeGstin } from "../accounts/masters.test-kit.ts";
import {
  createHttpGstinProvider,
  mapProviderAnswer,
  offlineGstinProvider,
  parseProviderDate,
} from "./gstin-provider.ts";

const GSTIN = makeGstin("27", "AAPFU0939F");

describe("configuration", () => {
  test("unset means the offline lookup, with a 5 s timeout", () => {
    expect(readGstinProviderConfig({})).toEqual({
      url: undefined,
      key: undefined,
      keyHeader: "x-api-key",
      timeoutMs: 5000,
    });
  });

  test("the URL loses its trailing slash; bad values are refused at start-up", () => {
    expect(
      readGstinProviderConfig({
        GSTIN_LOOKUP_URL: "https://gst.example.in/search/",
        GSTIN_LOOKUP_KEY: " k ",
        GSTIN_LOOKUP_KEY_HEADER: "authorization",
        GSTIN_LOOKUP_TIMEOUT_MS: "2500",
      }),
    ).toEqual({
      url: "https://gst.example.in/search",
      key: "k",
      keyHeader: "authorization",
      timeoutMs: 2500,
    });
    expect(() => readGstinProviderConfig({ GSTIN_LOOKUP_URL: "gst.example.in" })).toThrow(/http/);
    expect(() => readGstinProviderConfig({ GSTIN_LOOKUP_TIMEOUT_MS: "soon" })).toThrow(
      /milliseconds/,
    );
  });
});

describe("reading a provider's answer", () => {
  test.each([
    ["01/07/2017", "2017-07-01"],
    ["1-7-2017", "2017-07-01"],
    ["2019-04-23T00:00:00Z", "2019-04-23"],
    ["31/02/2020", null],
    ["", null],
    ["NA", null],
  ])("date %s is %s", (given, expected) => {
    expect(parseProviderDate(given)).toBe(expected);
  });

  test("the portal's names, under data, with a one-line address", () => {
    expect(
      mapProviderAnswer(GSTIN, {
        data: {
          name: "Ravi Stores",
          gstRegType: "Composition",
          status: "Cancelled",
          cxdt: "31/03/2024",
          pradr: { adr: "5 Station Road, Pune" },
        },
      }),
    ).toEqual({
      gstin: GSTIN,
      legalName: "Ravi Stores",
      tradeName: null,
      registrationType: "Composition",
      status: "Cancelled",
      registrationDate: null,
      cancellationDate: "2024-03-31",
      address: "5 Station Road, Pune",
    });
    expect(mapProviderAnswer(GSTIN, { message: "nothing here" })).toBeNull();
  });

  test("the offline lookup knows a UIN holder by the GSTIN's shape", async () => {
    expect((await offlineGstinProvider.lookup("0717UNO00157UNX")).registrationType).toBe(
      "uinholder",
    );
    expect((await offlineGstinProvider.lookup(GSTIN)).registrationType).toBeNull();
  });
});

describe("the HTTP provider against a local peer", () => {
  let peer: Server;
  let url: string;
  const seen: { path: string; key: string | undefined }[] = [];

  beforeAll(async () => {
    peer = createServer((request, response) => {
      const key = request.headers.authorization;
      seen.push({ path: request.url ?? "", key });
      if (request.url?.endsWith("PLAIN")) {
        response.writeHead(200, { "content-type": "text/html" });
        return response.end("<html>maintenance</html>");
      }
      if (request.url?.endsWith("FLAG")) {
        response.writeHead(200, { "content-type": "application/json" });
        return response.end(JSON.stringify({ error: true, message: "Invalid GSTIN pattern" }));
      }
      response.writeHead(key === "Bearer good" ? 200 : 401, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          key === "Bearer good"
            ? { lgnm: "Ravi Stores", sts: "Active" }
            : { message: "Invalid API key." },
        ),
      );
    });
    await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    peer.closeAllConnections();
    await new Promise((resolve) => peer.close(resolve));
  });

  const provider = (key: string) =>
    createHttpGstinProvider({ url, key, keyHeader: "authorization", timeoutMs: 1000 });

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  test("sends the key in the configured header to the URL followed by the GSTIN", async () => {
    expect(await provider("Bearer good").lookup(GSTIN)).toMatchObject({ legalName: "Ravi Stores" });
    expect(seen.at(-1)).toEqual({ path: `/v1/${GSTIN}`, key: "Bearer good" });
  });

  test("a refusal carries the provider's message; an answer that is not JSON does not", async () => {
    const refusedKey = await failure(provider("Bearer bad").lookup(GSTIN));
    expect([refusedKey.statusCode, refusedKey.message]).toEqual([502, "Invalid API key."]);
    const plain = await failure(provider("Bearer good").lookup("PLAIN"));
    expect([plain.statusCode, plain.message]).toEqual([502, "Something went wrong."]);
    const flagged = await failure(provider("Bearer good").lookup("FLAG"));
    expect(flagged.message).toBe("Invalid GSTIN pattern");
  });

  test("a peer that is not there fails at once", async () => {
    const gone = createHttpGstinProvider({
      url: "http://127.0.0.1:1",
      key: undefined,
      keyHeader: "x",
      timeoutMs: 1000,
    });
    const error = await failure(gone.lookup(GSTIN));
    expect([error.statusCode, error.message]).toEqual([502, "Something went wrong."]);
  });
});
