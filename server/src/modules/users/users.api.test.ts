import { SESSION_MESSAGES } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { latestSmsOtpFor, smsFor } from "../../../test/messages.ts";
import {
  cookieHeader,
  createTestApp,
  latestOtpFor,
  readOutboxMail,
  type TestContext,
} from "../../../test/test-app.ts";
import { CODE_MESSAGES } from "./contact-codes.ts";
import { USER_MESSAGES } from "./users.service.ts";

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const inject = (options: InjectOptions) => context.app.inject(options);
const db = () => context.testDatabase.database.db;

const OTP_INVALID = "OTP is not valid.";
const OTP_ACCOUNT_LOCKED =
  "Too many wrong attempts. Please wait 15 minutes, then request a new OTP.";
const OTP_EXPIRED = "OTP has expired. Please request a new one.";
const OTP_NONE = "No OTP is pending. Please request a new one.";

let counter = 0;
function newPerson() {
  counter += 1;
  return {
    name: `Ravi Iyer ${counter}`,
    email: `ravi${counter}@example.in`,
    password: "correct horse 42",
    mobileNumber: `91234${String(10000 + counter).padStart(5, "0")}`,
  };
}

/** A fresh 10-digit number nobody has used yet. */
function newMobile(): string {
  counter += 1;
  return `80000${String(counter).padStart(5, "0")}`;
}

async function signUpAndVerify(person = newPerson()) {
  const signUp = await inject({ method: "POST", url: "/api/auth/signup", payload: person });
  expect(signUp.statusCode).toBe(200);
  const otp = await latestOtpFor(context, person.email);
  const verify = await inject({
    method: "POST",
    url: "/api/auth/verify/signup/otp",
    payload: { userId: signUp.json().userId, otp },
  });
  expect(verify.statusCode).toBe(200);
  // The sign-up answer names a challenge (issue 26); the person's id comes with the session.
  return { person, userId: verify.json().user._id as string, cookies: cookieHeader(verify) };
}

type Person = Awaited<ReturnType<typeof signUpAndVerify>>;

function call(person: Pick<Person, "cookies">, method: "GET" | "POST" | "PATCH", url: string) {
  return (payload?: object) =>
    inject({
      method,
      url: `/api${url}`,
      headers: { cookie: person.cookies },
      ...(payload ? { payload } : {}),
    });
}

const post = (person: Pick<Person, "cookies">, url: string, payload?: object) =>
  call(person, "POST", url)(payload);

/** The row as stored, to show that a refused call changed nothing. */
function readUser(userId: string) {
  return db().selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
}

/** Moves the person's codes back past the 30-second resend wait. */
async function ageCodes(userId: string, seconds = 31) {
  const codes = await db()
    .selectFrom("verification_codes")
    .select(["id", "created_at"])
    .where("user_id", "=", userId)
    .execute();
  for (const code of codes) {
    await db()
      .updateTable("verification_codes")
      .set({ created_at: new Date(Date.parse(code.created_at) - seconds * 1000).toISOString() })
      .where("id", "=", code.id)
      .execute();
  }
}

/** Moves the person's wrong-try window of a purpose back past its 15 minutes. */
async function lapseOtpLimit(purpose: string, userId: string) {
  await db()
    .updateTable("auth_limits")
    .set({ window_started_at: new Date(Date.now() - 16 * 60_000).toISOString() })
    .where("key", "=", `otp:${purpose}:user:${userId}`)
    .execute();
}

async function expireCodes(userId: string) {
  await db()
    .updateTable("verification_codes")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("user_id", "=", userId)
    .execute();
}

const wrongOtp = (otp: string) => (otp === "000000" ? "111111" : "000000");

/** A verified mobile number, through the real routes. */
async function verifyCurrentMobile(person: Person) {
  expect((await post(person, "/user/send-mobile-verification-otp")).statusCode).toBe(200);
  const otp = await latestSmsOtpFor(context, person.person.mobileNumber);
  const verified = await post(person, "/user/verify-mobile-otp", { otp });
  expect(verified.statusCode).toBe(200);
}

describe("the own-user record", () => {
  test("GET /user/ answers the presented user, with or without the trailing slash", async () => {
    const { person, userId, cookies } = await signUpAndVerify();
    for (const url of ["/api/user/", "/api/user"]) {
      const response = await inject({ method: "GET", url, headers: { cookie: cookies } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: {
          _id: userId,
          name: person.name,
          email: person.email,
          mobileNumber: person.mobileNumber,
          userSupportId: expect.stringMatching(/^BH[2-9A-HJ-NP-Z]{8}$/),
          emailVerified: true,
          mobileVerified: false,
          hasPassword: true,
        },
      });
    }
  });

  test.each([
    ["GET", "/user/"],
    ["GET", "/user/getUserHashStatus"],
    ["PATCH", "/user/changename"],
    ["POST", "/user/change-email"],
    ["POST", "/user/verify-otp"],
    ["POST", "/user/change-email/resend-otp"],
    ["POST", "/user/change-mobile"],
    ["POST", "/user/verify-mobile-otp"],
    ["POST", "/user/change-mobile/resend-otp"],
    ["POST", "/user/add-mobile"],
    ["POST", "/user/verify-add-mobile-otp"],
    ["POST", "/user/send-mobile-verification-otp"],
    ["POST", "/user/resend-mobile-verification-otp"],
    ["POST", "/user/setPassword"],
    ["POST", "/user/resetPassword"],
  ] as const)("%s %s needs a session, before any payload check", async (method, url) => {
    const response = await inject({
      method,
      url: `/api${url}`,
      ...(method === "GET" ? {} : { payload: {} }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(SESSION_MESSAGES.noToken);
  });

  test("getUserHashStatus says whether a password is set", async () => {
    const person = await signUpAndVerify();
    const status = await call(person, "GET", "/user/getUserHashStatus")();
    expect(status.json()).toEqual({ hasPassword: true });
    await db()
      .updateTable("users")
      .set({ password_hash: null })
      .where("id", "=", person.userId)
      .execute();
    expect((await call(person, "GET", "/user/getUserHashStatus")()).json()).toEqual({
      hasPassword: false,
    });
  });

  test("changename trims and saves the name", async () => {
    const person = await signUpAndVerify();
    const response = await call(person, "PATCH", "/user/changename")({ name: "  Ravi K. Iyer " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { name: "Ravi K. Iyer" } });
    expect((await readUser(person.userId)).name).toBe("Ravi K. Iyer");
  });

  test.each([
    [{ name: "   " }, "Name is required."],
    [{ name: "x".repeat(101) }, "Name is too long."],
    [{}, "Name is required."],
  ])("changename refuses %o and changes nothing", async (payload, message) => {
    const person = await signUpAndVerify();
    const before = await readUser(person.userId);
    const response = await call(person, "PATCH", "/user/changename")(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: "name", message });
    expect(await readUser(person.userId)).toEqual(before);
  });
});

describe("changing the email address", () => {
  test("a code to the new address applies it; the old address is told", async () => {
    const person = await signUpAndVerify();
    const newEmail = `new-${person.person.email}`;
    const start = await post(person, "/user/change-email", {
      newEmail: ` ${newEmail.toUpperCase()} `,
      password: person.person.password,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ success: true, message: USER_MESSAGES.emailCodeSent });
    // Nothing moves before the code comes back.
    expect((await readUser(person.userId)).email).toBe(person.person.email);

    const otp = await latestOtpFor(context, newEmail);
    const verify = await post(person, "/user/verify-otp", { otp });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      success: true,
      message: USER_MESSAGES.emailChanged,
      user: { email: newEmail, emailVerified: true },
    });
    const stored = await readUser(person.userId);
    expect([stored.email, stored.email_verified]).toEqual([newEmail, 1]);

    const notice = (await readOutboxMail(context))
      .filter((mail) => mail.includes(`To: ${person.person.email}`))
      .at(-1);
    expect(notice).toContain(`was changed to:\n${newEmail}\n`);

    const signIn = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: newEmail, password: person.person.password },
    });
    expect(signIn.json().success).toBe(true);
    // The code is spent.
    expect((await post(person, "/user/verify-otp", { otp })).json().message).toBe(OTP_NONE);
  });

  test("a wrong password is refused with 400, and no code is sent", async () => {
    const person = await signUpAndVerify();
    const newEmail = `wrongpass-${person.person.email}`;
    const before = await readUser(person.userId);
    const response = await post(person, "/user/change-email", {
      newEmail,
      password: "not my password",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: USER_MESSAGES.wrongPassword });
    const mails = await readOutboxMail(context);
    expect(mails.some((mail) => mail.includes(`To: ${newEmail}`))).toBe(false);
    expect(await readUser(person.userId)).toEqual(before);
  });

  test("an address another person holds is refused with 409", async () => {
    const person = await signUpAndVerify();
    const other = await signUpAndVerify();
    const response = await post(person, "/user/change-email", {
      newEmail: other.person.email,
      password: person.person.password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(USER_MESSAGES.emailTaken);
  });

  test("an address taken between the request and the code is refused, and nothing changes", async () => {
    const person = await signUpAndVerify();
    const newEmail = `race-${person.person.email}`;
    await post(person, "/user/change-email", { newEmail, password: person.person.password });
    const otp = await latestOtpFor(context, newEmail);
    // Someone signs up with that address meanwhile (not yet verified: still theirs to claim).
    await inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { ...newPerson(), email: newEmail },
    });
    const before = await readUser(person.userId);
    const verify = await post(person, "/user/verify-otp", { otp });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().message).toBe(USER_MESSAGES.emailTaken);
    expect(await readUser(person.userId)).toEqual(before);
  });

  test.each([
    [{ newEmail: "not-an-email", password: "x" }, "newEmail", "Please enter a valid email address"],
    [{ newEmail: "a@example.in" }, "password", "Password is required."],
    [{ newEmail: "a@example.in", password: "" }, "password", "Password is required."],
  ])("refuses %o with a clear message", async (payload, path, message) => {
    const person = await signUpAndVerify();
    const response = await post(person, "/user/change-email", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path, message });
  });

  test("the current address is refused", async () => {
    const person = await signUpAndVerify();
    const response = await post(person, "/user/change-email", {
      newEmail: person.person.email,
      password: person.person.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(USER_MESSAGES.sameEmail);
  });

  test("wrong codes count; after 5 even the right one is locked, and a resent one too, for 15 minutes", async () => {
    const person = await signUpAndVerify();
    const newEmail = `locked-${person.person.email}`;
    await post(person, "/user/change-email", { newEmail, password: person.person.password });
    const otp = await latestOtpFor(context, newEmail);
    const before = await readUser(person.userId);
    const answers: [number, string][] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post(person, "/user/verify-otp", { otp: wrongOtp(otp) });
      answers.push([response.statusCode, response.json().message]);
    }
    expect(answers).toEqual([
      [400, OTP_INVALID],
      [400, OTP_INVALID],
      [400, OTP_INVALID],
      [400, OTP_INVALID],
      [429, OTP_ACCOUNT_LOCKED],
    ]);
    const right = await post(person, "/user/verify-otp", { otp });
    expect([right.statusCode, right.json().message]).toEqual([429, OTP_ACCOUNT_LOCKED]);
    expect(await readUser(person.userId)).toEqual(before);

    // A resend is a new code, not five new guesses (issue 26).
    await ageCodes(person.userId);
    const resend = await post(person, "/user/change-email/resend-otp");
    expect(resend.statusCode).toBe(200);
    const fresh = await latestOtpFor(context, newEmail);
    const refused = await post(person, "/user/verify-otp", { otp: fresh });
    expect([refused.statusCode, refused.json().message]).toEqual([429, OTP_ACCOUNT_LOCKED]);
    expect(await readUser(person.userId)).toEqual(before);

    // Fifteen minutes on, the fresh code works.
    await lapseOtpLimit("change_email", person.userId);
    const verify = await post(person, "/user/verify-otp", { otp: fresh });
    expect(verify.statusCode).toBe(200);
    expect((await readUser(person.userId)).email).toBe(newEmail);
  });

  for (const [purpose, start, resendPath, verifyPath] of [
    ["change_email", "/user/change-email", "/user/change-email/resend-otp", "/user/verify-otp"],
    [
      "change_mobile",
      "/user/change-mobile",
      "/user/change-mobile/resend-otp",
      "/user/verify-mobile-otp",
    ],
  ] as const) {
    test(`${purpose}: wrong tries add up across resent codes, 5 in all`, async () => {
      const person = await signUpAndVerify();
      const target = purpose === "change_email" ? `spread-${person.person.email}` : newMobile();
      const startBody =
        purpose === "change_email"
          ? { newEmail: target, password: person.person.password }
          : { newMobile: target, password: person.person.password };
      expect((await post(person, start, startBody)).statusCode).toBe(200);
      const codeOf = () =>
        purpose === "change_email"
          ? latestOtpFor(context, target)
          : latestSmsOtpFor(context, target);
      const first = await codeOf();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await post(person, verifyPath, { otp: wrongOtp(first) })).statusCode);
      }
      await ageCodes(person.userId);
      expect((await post(person, resendPath)).statusCode).toBe(200);
      const second = await codeOf();
      expect(second).not.toBe("");
      for (let i = 0; i < 2; i += 1) {
        statuses.push((await post(person, verifyPath, { otp: wrongOtp(second) })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      const right = await post(person, verifyPath, { otp: second });
      expect([right.statusCode, right.json().message]).toEqual([429, OTP_ACCOUNT_LOCKED]);
    });
  }

  test("an expired code is refused", async () => {
    const person = await signUpAndVerify();
    const newEmail = `expired-${person.person.email}`;
    await post(person, "/user/change-email", { newEmail, password: person.person.password });
    const otp = await latestOtpFor(context, newEmail);
    await expireCodes(person.userId);
    const response = await post(person, "/user/verify-otp", { otp });
    expect([response.statusCode, response.json().message]).toEqual([400, OTP_EXPIRED]);
    expect((await readUser(person.userId)).email).toBe(person.person.email);
  });

  test("verify-otp with nothing pending is refused", async () => {
    const person = await signUpAndVerify();
    const response = await post(person, "/user/verify-otp", { otp: "123456" });
    expect([response.statusCode, response.json().message]).toEqual([400, OTP_NONE]);
  });

  test("resend: refused with nothing pending, within 30 seconds, and after 5 codes an hour", async () => {
    const person = await signUpAndVerify();
    const none = await post(person, "/user/change-email/resend-otp");
    expect([none.statusCode, none.json().message]).toEqual([400, USER_MESSAGES.noEmailChange]);

    const newEmail = `resend-${person.person.email}`;
    await post(person, "/user/change-email", { newEmail, password: person.person.password });
    const first = await latestOtpFor(context, newEmail);
    const tooSoon = await post(person, "/user/change-email/resend-otp");
    expect([tooSoon.statusCode, tooSoon.json().message]).toEqual([429, CODE_MESSAGES.wait]);
    // Asking again through change-email is throttled alike.
    const again = await post(person, "/user/change-email", {
      newEmail,
      password: person.person.password,
    });
    expect([again.statusCode, again.json().message]).toEqual([429, CODE_MESSAGES.wait]);

    const mailsTo = async () =>
      (await readOutboxMail(context)).filter((mail) => mail.includes(`To: ${newEmail}`)).length;
    expect(await mailsTo()).toBe(1);
    for (let sent = 2; sent <= 5; sent += 1) {
      await ageCodes(person.userId);
      expect((await post(person, "/user/change-email/resend-otp")).statusCode).toBe(200);
      expect(await mailsTo()).toBe(sent);
    }
    // The first code was replaced by the newer ones.
    const latest = await latestOtpFor(context, newEmail);
    if (latest !== first) {
      const old = await post(person, "/user/verify-otp", { otp: first });
      expect(old.json().message).toBe(OTP_INVALID);
    }
    await ageCodes(person.userId);
    const sixth = await post(person, "/user/change-email/resend-otp");
    expect([sixth.statusCode, sixth.json().message]).toEqual([429, CODE_MESSAGES.tooMany]);
    expect(await mailsTo()).toBe(5);
  });

  test("a person without a password is asked to set one first", async () => {
    const person = await signUpAndVerify();
    await db()
      .updateTable("users")
      .set({ password_hash: null })
      .where("id", "=", person.userId)
      .execute();
    const response = await post(person, "/user/change-email", {
      newEmail: `nopass-${person.person.email}`,
      password: "anything at all",
    });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      USER_MESSAGES.noPasswordYet,
    ]);
  });
});

describe("changing the mobile number", () => {
  test("a code by SMS to the new number sets and verifies it; sign-in by mobile then works", async () => {
    const person = await signUpAndVerify();
    const mobile = newMobile();
    const start = await post(person, "/user/change-mobile", {
      newMobile: `0${mobile}`,
      password: person.person.password,
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ success: true, message: USER_MESSAGES.smsCodeSent });
    expect((await readUser(person.userId)).mobile).toBe(person.person.mobileNumber);

    const otp = await latestSmsOtpFor(context, mobile);
    const verify = await post(person, "/user/verify-mobile-otp", { otp: Number(otp) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      success: true,
      message: USER_MESSAGES.mobileChanged,
      user: { mobileNumber: mobile, mobileVerified: true },
    });
    const stored = await readUser(person.userId);
    expect([stored.mobile, stored.mobile_verified]).toEqual([mobile, 1]);

    const signIn = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: mobile, password: person.person.password },
    });
    expect(signIn.json()).toMatchObject({ success: true, user: { email: person.person.email } });
  });

  test("a wrong password is refused and no SMS is sent", async () => {
    const person = await signUpAndVerify();
    const mobile = newMobile();
    const before = await readUser(person.userId);
    const response = await post(person, "/user/change-mobile", {
      newMobile: mobile,
      password: "wrong wrong",
    });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      USER_MESSAGES.wrongPassword,
    ]);
    expect(await smsFor(context, mobile)).toEqual([]);
    expect(await readUser(person.userId)).toEqual(before);
  });

  test("a number another person has verified is refused with 409", async () => {
    const owner = await signUpAndVerify();
    await verifyCurrentMobile(owner);
    const person = await signUpAndVerify();
    const response = await post(person, "/user/change-mobile", {
      newMobile: owner.person.mobileNumber,
      password: person.person.password,
    });
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      USER_MESSAGES.mobileTaken,
    ]);
  });

  test.each([
    ["12345", "Mobile number must be exactly 10 digits."],
    ["123456789012", "Mobile number must be exactly 10 digits."],
    ["", "Mobile number must be exactly 10 digits."],
  ])("refuses the number %j with a clear message", async (newMobile, message) => {
    const person = await signUpAndVerify();
    const response = await post(person, "/user/change-mobile", {
      newMobile,
      password: person.person.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: "newMobile", message });
  });

  test("the own verified number is refused", async () => {
    const person = await signUpAndVerify();
    await verifyCurrentMobile(person);
    const response = await post(person, "/user/change-mobile", {
      newMobile: person.person.mobileNumber,
      password: person.person.password,
    });
    expect([response.statusCode, response.json().message]).toEqual([400, USER_MESSAGES.sameMobile]);
  });

  test("resend: refused with nothing pending and within 30 seconds; later a fresh code works", async () => {
    const person = await signUpAndVerify();
    const none = await post(person, "/user/change-mobile/resend-otp");
    expect([none.statusCode, none.json().message]).toEqual([400, USER_MESSAGES.noMobileChange]);
    const mobile = newMobile();
    await post(person, "/user/change-mobile", {
      newMobile: mobile,
      password: person.person.password,
    });
    const tooSoon = await post(person, "/user/change-mobile/resend-otp");
    expect([tooSoon.statusCode, tooSoon.json().message]).toEqual([429, CODE_MESSAGES.wait]);
    expect(await smsFor(context, mobile)).toHaveLength(1);
    await ageCodes(person.userId);
    expect((await post(person, "/user/change-mobile/resend-otp")).statusCode).toBe(200);
    expect(await smsFor(context, mobile)).toHaveLength(2);
    const otp = await latestSmsOtpFor(context, mobile);
    expect((await post(person, "/user/verify-mobile-otp", { otp })).statusCode).toBe(200);
    expect((await readUser(person.userId)).mobile).toBe(mobile);
  });

  test("a wrong code changes nothing; an expired one is refused", async () => {
    const person = await signUpAndVerify();
    const mobile = newMobile();
    await post(person, "/user/change-mobile", {
      newMobile: mobile,
      password: person.person.password,
    });
    const otp = await latestSmsOtpFor(context, mobile);
    const before = await readUser(person.userId);
    const wrong = await post(person, "/user/verify-mobile-otp", { otp: wrongOtp(otp) });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, OTP_INVALID]);
    await expireCodes(person.userId);
    const expired = await post(person, "/user/verify-mobile-otp", { otp });
    expect([expired.statusCode, expired.json().message]).toEqual([400, OTP_EXPIRED]);
    expect(await readUser(person.userId)).toEqual(before);
  });

  test("a number verified by another person meanwhile is refused at the code", async () => {
    const person = await signUpAndVerify();
    const other = await signUpAndVerify();
    const mobile = newMobile();
    await post(person, "/user/change-mobile", {
      newMobile: mobile,
      password: person.person.password,
    });
    const otp = await latestSmsOtpFor(context, mobile);
    await post(other, "/user/change-mobile", {
      newMobile: mobile,
      password: other.person.password,
    });
    const otherOtp = await latestSmsOtpFor(context, mobile);
    expect((await post(other, "/user/verify-mobile-otp", { otp: otherOtp })).statusCode).toBe(200);

    const before = await readUser(person.userId);
    const late = await post(person, "/user/verify-mobile-otp", { otp });
    expect([late.statusCode, late.json().message]).toEqual([409, USER_MESSAGES.mobileTaken]);
    expect(await readUser(person.userId)).toEqual(before);
  });

  test("two people verifying one number at the same moment: one wins, the other gets 409", async () => {
    const [first, second] = [await signUpAndVerify(), await signUpAndVerify()];
    const mobile = newMobile();
    const otps: string[] = [];
    for (const person of [first, second]) {
      await post(person, "/user/change-mobile", {
        newMobile: mobile,
        password: person.person.password,
      });
      otps.push(await latestSmsOtpFor(context, mobile));
    }
    const answers = await Promise.all([
      post(first, "/user/verify-mobile-otp", { otp: otps[0] }),
      post(second, "/user/verify-mobile-otp", { otp: otps[1] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const owners = await db()
      .selectFrom("users")
      .select("id")
      .where("mobile", "=", mobile)
      .where("mobile_verified", "=", 1)
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe("adding a mobile number", () => {
  test("a person without a verified number adds one; the OTP may come as a number", async () => {
    const person = await signUpAndVerify();
    const mobile = newMobile();
    const start = await post(person, "/user/add-mobile", { mobile });
    expect(start.json()).toEqual({ success: true, message: USER_MESSAGES.smsCodeSent });
    const otp = await latestSmsOtpFor(context, mobile);
    const verify = await post(person, "/user/verify-add-mobile-otp", {
      mobile: Number(mobile),
      otp: Number(otp),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      success: true,
      message: USER_MESSAGES.mobileVerified,
      user: { mobileNumber: mobile, mobileVerified: true },
    });
  });

  test("a person with a verified number is sent to change-mobile", async () => {
    const person = await signUpAndVerify();
    await verifyCurrentMobile(person);
    const response = await post(person, "/user/add-mobile", { mobile: newMobile() });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      USER_MESSAGES.hasVerifiedMobile,
    ]);
  });

  test("a number another person has verified is refused with 409", async () => {
    const owner = await signUpAndVerify();
    await verifyCurrentMobile(owner);
    const person = await signUpAndVerify();
    const response = await post(person, "/user/add-mobile", {
      mobile: owner.person.mobileNumber,
    });
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      USER_MESSAGES.mobileTaken,
    ]);
  });

  test("the code must be for the number given; wrong and missing codes change nothing", async () => {
    const person = await signUpAndVerify();
    const none = await post(person, "/user/verify-add-mobile-otp", {
      mobile: newMobile(),
      otp: "123456",
    });
    expect([none.statusCode, none.json().message]).toEqual([400, OTP_NONE]);

    const mobile = newMobile();
    await post(person, "/user/add-mobile", { mobile });
    const otp = await latestSmsOtpFor(context, mobile);
    const before = await readUser(person.userId);
    const otherNumber = await post(person, "/user/verify-add-mobile-otp", {
      mobile: newMobile(),
      otp,
    });
    expect([otherNumber.statusCode, otherNumber.json().message]).toEqual([
      400,
      USER_MESSAGES.otherMobile,
    ]);
    const wrong = await post(person, "/user/verify-add-mobile-otp", {
      mobile,
      otp: wrongOtp(otp),
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, OTP_INVALID]);
    const badNumber = await post(person, "/user/add-mobile", { mobile: "98765" });
    expect(badNumber.json().errors).toContainEqual({
      path: "mobile",
      message: "Mobile number must be exactly 10 digits.",
    });
    expect(await readUser(person.userId)).toEqual(before);
    // The right code still works: the refusals above did not spend it.
    expect((await post(person, "/user/verify-add-mobile-otp", { mobile, otp })).statusCode).toBe(
      200,
    );
  });

  test("a second add within 30 seconds is refused", async () => {
    const person = await signUpAndVerify();
    await post(person, "/user/add-mobile", { mobile: newMobile() });
    const again = await post(person, "/user/add-mobile", { mobile: newMobile() });
    expect([again.statusCode, again.json().message]).toEqual([429, CODE_MESSAGES.wait]);
  });
});

describe("verifying the current mobile number", () => {
  test("a code to the current number verifies it through verify-mobile-otp", async () => {
    const person = await signUpAndVerify();
    const send = await post(person, "/user/send-mobile-verification-otp");
    expect(send.json()).toEqual({ success: true, message: USER_MESSAGES.smsCodeSent });
    const otp = await latestSmsOtpFor(context, person.person.mobileNumber);
    const verify = await post(person, "/user/verify-mobile-otp", { otp });
    expect(verify.json()).toMatchObject({
      success: true,
      message: USER_MESSAGES.mobileVerified,
      user: { mobileNumber: person.person.mobileNumber, mobileVerified: true },
    });
    const again = await post(person, "/user/send-mobile-verification-otp");
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      USER_MESSAGES.mobileAlreadyVerified,
    ]);
  });

  test("resend is throttled to one per 30 seconds", async () => {
    const person = await signUpAndVerify();
    await post(person, "/user/send-mobile-verification-otp");
    const tooSoon = await post(person, "/user/resend-mobile-verification-otp");
    expect([tooSoon.statusCode, tooSoon.json().message]).toEqual([429, CODE_MESSAGES.wait]);
    await ageCodes(person.userId);
    const resend = await post(person, "/user/resend-mobile-verification-otp");
    expect(resend.statusCode).toBe(200);
    expect(await smsFor(context, person.person.mobileNumber)).toHaveLength(2);
  });

  test("a person without a number is asked to add one", async () => {
    const person = await signUpAndVerify();
    await db().updateTable("users").set({ mobile: null }).where("id", "=", person.userId).execute();
    const response = await post(person, "/user/send-mobile-verification-otp");
    expect([response.statusCode, response.json().message]).toEqual([400, USER_MESSAGES.noMobile]);
  });

  test("a number another person verified first is refused with 409", async () => {
    const owner = await signUpAndVerify();
    await verifyCurrentMobile(owner);
    // Sign-up does not check numbers: an unverified one may repeat.
    const person = await signUpAndVerify({
      ...newPerson(),
      mobileNumber: owner.person.mobileNumber,
    });
    const response = await post(person, "/user/send-mobile-verification-otp");
    expect([response.statusCode, response.json().message]).toEqual([
      409,
      USER_MESSAGES.mobileTaken,
    ]);
  });

  test("with a change and a verification both pending, each code applies its own", async () => {
    const person = await signUpAndVerify();
    const mobile = newMobile();
    await post(person, "/user/change-mobile", {
      newMobile: mobile,
      password: person.person.password,
    });
    const changeOtp = await latestSmsOtpFor(context, mobile);
    await ageCodes(person.userId);
    await post(person, "/user/send-mobile-verification-otp");
    const verifyOtp = await latestSmsOtpFor(context, person.person.mobileNumber);

    // The newest pending code (the verification) is the one checked first.
    const verified = await post(person, "/user/verify-mobile-otp", { otp: verifyOtp });
    expect(verified.json()).toMatchObject({
      message: USER_MESSAGES.mobileVerified,
      user: { mobileNumber: person.person.mobileNumber, mobileVerified: true },
    });
    const changed = await post(person, "/user/verify-mobile-otp", { otp: changeOtp });
    expect(changed.json()).toMatchObject({
      message: USER_MESSAGES.mobileChanged,
      user: { mobileNumber: mobile, mobileVerified: true },
    });
  });
});

describe("passwords", () => {
  test("setPassword sets the first password only", async () => {
    const person = await signUpAndVerify();
    const refused = await post(person, "/user/setPassword", { setPassword: "another secret" });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      USER_MESSAGES.passwordAlreadySet,
    ]);

    await db()
      .updateTable("users")
      .set({ password_hash: null })
      .where("id", "=", person.userId)
      .execute();
    const short = await post(person, "/user/setPassword", { setPassword: "short" });
    expect(short.json().errors).toContainEqual({
      path: "setPassword",
      message: "Password must be at least 8 characters.",
    });
    expect((await readUser(person.userId)).password_hash).toBeNull();

    const set = await post(person, "/user/setPassword", { setPassword: "my first secret" });
    expect(set.json()).toEqual({ success: true, message: USER_MESSAGES.passwordSet });
    expect((await call(person, "GET", "/user/getUserHashStatus")()).json()).toEqual({
      hasPassword: true,
    });
    const signIn = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: person.person.email, password: "my first secret" },
    });
    expect(signIn.json().success).toBe(true);
  });

  test("resetPassword without a password set is refused", async () => {
    const person = await signUpAndVerify();
    await db()
      .updateTable("users")
      .set({ password_hash: null })
      .where("id", "=", person.userId)
      .execute();
    const response = await post(person, "/user/resetPassword", {
      currentPassword: "whatever",
      newPassword: "a new secret",
    });
    expect([response.statusCode, response.json().message]).toEqual([
      400,
      USER_MESSAGES.noPasswordYet,
    ]);
  });

  test.each([
    [
      { currentPassword: "wrong password", newPassword: "a new secret" },
      USER_MESSAGES.wrongPassword,
    ],
    [
      { currentPassword: "correct horse 42", newPassword: "correct horse 42" },
      USER_MESSAGES.samePassword,
    ],
    [
      { currentPassword: "correct horse 42", newPassword: "short" },
      "Password must be at least 8 characters.",
    ],
    [{ newPassword: "a new secret" }, "Password is required."],
  ])("resetPassword refuses %o and changes nothing", async (payload, message) => {
    const person = await signUpAndVerify();
    const before = await readUser(person.userId);
    const response = await post(person, "/user/resetPassword", payload);
    expect([response.statusCode, response.json().message]).toEqual([400, message]);
    expect(await readUser(person.userId)).toEqual(before);
    expect((await call(person, "GET", "/user/")()).statusCode).toBe(200);
  });

  test("resetPassword keeps this session and ends the others", async () => {
    const person = await signUpAndVerify();
    const login = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: person.person.email, password: person.person.password },
    });
    const otherDevice = { cookies: cookieHeader(login) };
    expect((await call(otherDevice, "GET", "/user/")()).statusCode).toBe(200);

    const change = await post(person, "/user/resetPassword", {
      currentPassword: person.person.password,
      newPassword: "a much newer secret",
    });
    expect(change.json()).toEqual({ success: true, message: USER_MESSAGES.passwordChanged });

    expect((await call(person, "GET", "/user/")()).statusCode).toBe(200);
    const ended = await call(otherDevice, "GET", "/user/")();
    expect([ended.statusCode, ended.json().message]).toEqual([401, SESSION_MESSAGES.invalidToken]);

    const oldPassword = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: person.person.email, password: person.person.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: person.person.email, password: "a much newer secret" },
    });
    expect(newPassword.json().success).toBe(true);
  });
});
