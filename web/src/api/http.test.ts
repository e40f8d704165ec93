import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiError, apiRequest, buildApiUrl } from "./http.ts";

describe("buildApiUrl", () => {
  test("prefixes /api and drops empty values", () => {
    expect(buildApiUrl("/health")).toBe("/api/health");
    expect(buildApiUrl("/x", { a: 1, b: undefined, c: null, d: "t v" })).toBe("/api/x?a=1&d=t+v");
  });

  test("arrays use the entryIds[]=… form of the delete calls (spec/api.md §7)", () => {
    expect(buildApiUrl("/salesinvoice/delete", { organisationId: "o", entryIds: ["1", "2"] })).toBe(
      "/api/salesinvoice/delete?organisationId=o&entryIds%5B%5D=1&entryIds%5B%5D=2",
    );
  });
});

describe("apiRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("returns the parsed body of a success", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"status":"ok"}', { status: 200 })),
    );
    await expect(apiRequest("GET", "/health")).resolves.toEqual({ status: "ok" });
  });

  test("throws ApiError carrying the server's message and field errors", async () => {
    const body = {
      message: "URL is required",
      errors: [{ path: "url", message: "URL is required" }],
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(body), { status: 400 })),
    );
    const error = await apiRequest("POST", "/misc/fourzerofoururlsave", { body: {} }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "URL is required", errors: body.errors });
  });

  test("a non-JSON failure still gives a message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Bad Gateway", { status: 502 })),
    );
    await expect(apiRequest("GET", "/health")).rejects.toMatchObject({
      status: 502,
      message: "Bad Gateway",
    });
  });
});
