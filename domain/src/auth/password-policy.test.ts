import { describe, expect, test } from "vitest";
import { NewPassword, SignUpInput } from "./auth-schemas.ts";
import { PASSWORD_POLICY_MESSAGES, passwordProblem } from "./password-policy.ts";

describe("passwordProblem", () => {
  test.each([
    ["password", PASSWORD_POLICY_MESSAGES.common],
    ["Password@123", PASSWORD_POLICY_MESSAGES.common],
    ["  QWERTYUIOP ", PASSWORD_POLICY_MESSAGES.common],
    ["12345678", PASSWORD_POLICY_MESSAGES.common],
    ["zzzzzzzzzz", PASSWORD_POLICY_MESSAGES.common],
    ["correct horse 42", null],
    ["linked new secret", null],
  ])("%j → %s", (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  test("refuses the person's name words and email", () => {
    const person = { name: "Asha Verma", email: "asha.verma@example.in" };
    expect(passwordProblem("I am Verma 2024", person)).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordProblem("ashaverma!!42", person)).toBe(PASSWORD_POLICY_MESSAGES.personal);
    expect(passwordProblem("tea garden 42", person)).toBeNull();
    // Short name parts are not words to avoid ("Om" in any password).
    expect(passwordProblem("roman candle 7", { name: "Om Rao" })).toBeNull();
  });

  test("the schemas carry the rule with its reason", () => {
    expect(NewPassword.safeParse("iloveyou123").error?.issues[0]?.message).toBe(
      PASSWORD_POLICY_MESSAGES.common,
    );
    const signUp = SignUpInput.safeParse({
      name: "Kiran Rao",
      email: "kiran@example.in",
      password: "kiran the great",
      mobileNumber: "9876543210",
    });
    expect(signUp.error?.issues).toContainEqual(
      expect.objectContaining({ path: ["password"], message: PASSWORD_POLICY_MESSAGES.personal }),
    );
  });
});
