import { describe, expect, test } from "vitest";
import {
  CONTROL_CHARACTER_MESSAGE,
  findControlCharacter,
  hasControlCharacter,
} from "./control-characters.ts";
import { BooksDateText, CivilDateText, DATE_RANGE_MESSAGES } from "./dates.ts";
import { boundedText, EntityId } from "./text-fields.ts";

describe("control characters", () => {
  test("NUL, escape and DEL are control characters; tab and line breaks are not", () => {
    expect(hasControlCharacter("a\u0000b")).toBe(true);
    expect(hasControlCharacter("\u001b[31m")).toBe(true);
    expect(hasControlCharacter("x\u007f")).toBe(true);
    expect(hasControlCharacter("line one\r\nline two\tend")).toBe(false);
    expect(hasControlCharacter("₹ 1,000 — नमस्ते")).toBe(false);
  });

  test("findControlCharacter names the path, keys included", () => {
    expect(findControlCharacter({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toBe("a.1.c");
    expect(findControlCharacter({ "k\u0001": 1 })).toBe("k\u0001");
    expect(findControlCharacter("\u0000")).toBe("");
    expect(findControlCharacter({ a: 1, b: [true, null, "fine"] })).toBeNull();
  });

  test("the shared string schemas refuse them with the message", () => {
    expect(EntityId.safeParse("id\u0000").error?.issues[0]?.message).toBe(
      CONTROL_CHARACTER_MESSAGE,
    );
    expect(boundedText(10, "too long").safeParse("a\u0007").error?.issues[0]?.message).toBe(
      CONTROL_CHARACTER_MESSAGE,
    );
  });
});

describe("date ranges", () => {
  test("dates are kept to 1900–2099, and the books' to the supported years", () => {
    expect(CivilDateText.safeParse("9999-12-31").error?.issues[0]?.message).toBe(
      DATE_RANGE_MESSAGES.century,
    );
    expect(CivilDateText.safeParse("2017-07-01").success).toBe(true);
    expect(BooksDateText.safeParse("2021-04-01").success).toBe(true);
    expect(BooksDateText.safeParse("2030-03-31").success).toBe(true);
    for (const date of ["2021-03-31", "2030-04-01", "9999-12-31"]) {
      expect(BooksDateText.safeParse(date).error?.issues[0]?.message).toBe(
        DATE_RANGE_MESSAGES.books,
      );
    }
  });
});
