import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildPaging, QueryBoolean, QueryInteger } from "./query-values.ts";

describe("QueryBoolean", () => {
  it.each([
    ["true", true],
    ["false", false],
    [true, true],
    [false, false],
  ])("%j -> %s", (input, output) => {
    expect(QueryBoolean.parse(input)).toBe(output);
  });

  it.each(["yes", "1", 1, null])("refuses %j", (input) => {
    expect(QueryBoolean.safeParse(input).error?.issues[0]?.message).toBe("Must be true or false.");
  });
});

describe("QueryInteger", () => {
  it("reads query text", () => {
    expect(QueryInteger.parse("42")).toBe(42);
  });

  it.each(["4.5", "abc"])("refuses %s", (input) => {
    expect(QueryInteger.safeParse(input).error?.issues[0]?.message).toBe("Must be a whole number.");
  });
});

describe("buildPaging", () => {
  const Paging = z.object(buildPaging(500));

  it("defaults to skip 0, limit 10", () => {
    expect(Paging.parse({})).toEqual({ skip: 0, limit: 10 });
  });

  it.each([
    [{ skip: "20", limit: "500" }, undefined],
    [{ skip: "-1" }, "Skip cannot be negative."],
    [{ limit: "0" }, "Limit must be between 1 and 500."],
    [{ limit: "501" }, "Limit must be between 1 and 500."],
  ])("%j -> %s", (query, message) => {
    expect(Paging.safeParse(query).error?.issues[0]?.message).toBe(message);
  });

  it("allows the custom field list's 10000", () => {
    expect(z.object(buildPaging(10000)).parse({ limit: "10000" }).limit).toBe(10000);
  });
});
