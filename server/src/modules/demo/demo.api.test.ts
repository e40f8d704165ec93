import { SESSION_MESSAGES } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  cookieHeader,
  createTestApp,
  latestOtpFor,
  readOutboxMail,
  type TestContext,
} from "../../../test/test-app.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "../auth/auth.cookies.ts";
import { CODE_MESSAGES } from "../users/contact-codes.ts";
import { DEMO_MESSAGES, nameFromEmail } from "./demo.service.ts";

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const inject = (options: InjectOptions) => context.app.inject(options);
const db = () => context.testDatabase.database.db;

let counter = 0;
function newVisitor() {
  counter += 1;
  return {
    email: `meera.shah${counter}@example.in`,
    mobile: `70000${String(counter).padStart(5, "0")}`,
  };
}

const sendOtp = (payload: object) => inject({ method: "POST", url: "/api/demo/send-otp", payload });
const verifyOtp = (payload: object) =>
  inject({ method: "POST", url: "/api/demo/verify-otp", payload });

function usersWithEmail(email: string) {
  return db().selectFrom("users").selectAll().where("email", "=", email).execute();
}

/** Moves every code back past the 30-second resend wait. */
async function ageAllCodes() {
  const codes = await db().selectFrom("verification_codes").select(["id", "created_at"]).execute();
  for (const code of codes) {
    await db()
      .updateTable("verification_codes")
      .set({ created_at: new Date(Date.parse(code.created_at) - 31_000).toISOString() })
      .where("id", "=", code.id)
      .execute();
  }
}

async function signInToDemo(visitor: { email: string; mobile: string }) {
  const send = await sendOtp({ ...visitor, source1: "google", gclid: "abc123" });
  expect(send.statusCode).toBe(200);
  const otp = await latestOtpFor(context, visitor.email);
  const verify = await verifyOtp({ otp, email: visitor.email });
  expect(verify.statusCode).toBe(200);
  return verify;
}

describe("demo sign-in", () => {
  test("a new visitor gets a person without a password and is signed in by the emailed code", async () => {
    const visitor = newVisitor();
    const send = await sendOtp({ ...visitor, source1: "google", gclid: "abc123" });
    expect(send.json()).toEqual({ success: true, message: DEMO_MESSAGES.codeSent });
    const [created] = await usersWithEmail(visitor.email);
    expect(created).toMatchObject({
      name: nameFromEmail(visitor.email),
      password_hash: null,
      email_verified: 0,
      mobile: visitor.mobile,
      mobile_verified: 0,
      source: "google abc123",
    });

    const otp = await latestOtpFor(context, visitor.email);
    const verify = await verifyOtp({ otp: Number(otp), email: visitor.email.toUpperCase() });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({
      success: true,
      token: "PRESENT",
      user: {
        _id: created?.id,
        name: `Meera Shah${counter}`,
        email: visitor.email,
        mobileNumber: visitor.mobile,
        userSupportId: expect.stringMatching(/^BH[2-9A-HJ-NP-Z]{8}$/),
        emailVerified: true,
        mobileVerified: false,
        hasPassword: false,
      },
    });
    const names = verify.cookies.map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining([ACCESS_COOKIE, REFRESH_COOKIE]));

    const cookie = cookieHeader(verify);
    const me = await inject({ method: "GET", url: "/api/user/", headers: { cookie } });
    expect(me.json().user.email).toBe(visitor.email);
    const status = await inject({
      method: "GET",
      url: "/api/user/getUserHashStatus",
      headers: { cookie },
    });
    expect(status.json()).toEqual({ hasPassword: false });
    const organisation = await inject({
      method: "GET",
      url: "/api/demo/demoorgdetails",
      headers: { cookie },
    });
    expect(organisation.json()).toEqual({ organisation: null });
    // The code is spent.
    const again = await verifyOtp({ otp, email: visitor.email });
    expect(again.statusCode).toBe(400);
  });

  test("a returning visitor is the same person, signed in again", async () => {
    const visitor = newVisitor();
    const first = await signInToDemo(visitor);
    await inject({
      method: "PATCH",
      url: "/api/user/changename",
      headers: { cookie: cookieHeader(first) },
      payload: { name: "Meera S." },
    });
    await ageAllCodes();
    const second = await signInToDemo({ ...visitor, mobile: "7999999999" });
    expect(second.json().user).toMatchObject({
      _id: first.json().user._id,
      name: "Meera S.",
      mobileNumber: visitor.mobile,
    });
    expect(await usersWithEmail(visitor.email)).toHaveLength(1);
    // Both sessions stand.
    for (const response of [first, second]) {
      const me = await inject({
        method: "GET",
        url: "/api/user/",
        headers: { cookie: cookieHeader(response) },
      });
      expect(me.statusCode).toBe(200);
    }
  });

  test("a person who signed up with a password can open the demo by code too", async () => {
    const person = {
      name: "Kiran Rao",
      email: "kiran.rao@example.in",
      password: "correct horse 42",
      mobileNumber: "9000000001",
    };
    const signUp = await inject({ method: "POST", url: "/api/auth/signup", payload: person });
    expect(signUp.statusCode).toBe(200);
    await ageAllCodes();
    const verify = await signInToDemo({ email: person.email, mobile: "9000000002" });
    expect(verify.json().user).toMatchObject({
      _id: signUp.json().userId,
      name: "Kiran Rao",
      mobileNumber: "9000000001",
      emailVerified: true,
      hasPassword: true,
    });
  });

  test("a wrong code is refused without a session; 5 wrong lock the code", async () => {
    const visitor = newVisitor();
    await sendOtp(visitor);
    const otp = await latestOtpFor(context, visitor.email);
    const wrong = otp === "000000" ? "111111" : "000000";
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await verifyOtp({ otp: wrong, email: visitor.email });
      expect(response.cookies).toHaveLength(0);
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const right = await verifyOtp({ otp, email: visitor.email });
    expect(right.json().message).toBe("Too many wrong attempts. Please request a new OTP.");
    const [stored] = await usersWithEmail(visitor.email);
    expect(stored?.email_verified).toBe(0);
  });

  test("an unknown email gets the same answer as a known one without a code", async () => {
    const unknown = await verifyOtp({ otp: "123456", email: "nobody@example.in" });
    const visitor = newVisitor();
    await signInToDemo(visitor);
    const spent = await verifyOtp({ otp: "123456", email: visitor.email });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(spent.json());
    expect(unknown.json().message).toBe("No OTP is pending. Please request a new one.");
  });

  test("a second code within 30 seconds is refused, and no mail goes out", async () => {
    const visitor = newVisitor();
    await sendOtp(visitor);
    const again = await sendOtp(visitor);
    expect([again.statusCode, again.json().message]).toEqual([429, CODE_MESSAGES.wait]);
    const mails = (await readOutboxMail(context)).filter((mail) =>
      mail.includes(`To: ${visitor.email}`),
    );
    expect(mails).toHaveLength(1);
  });

  test.each([
    [
      { email: "not-an-email", mobile: "9876543210" },
      "email",
      "Please enter a valid email address",
    ],
    [
      { email: "a@example.in", mobile: "98765" },
      "mobile",
      "Mobile number must be exactly 10 digits.",
    ],
    [{ mobile: "9876543210" }, "email", "Email is required."],
  ])("send-otp refuses %o with a clear message", async (payload, path, message) => {
    const response = await sendOtp(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path, message });
  });

  test("verify-otp refuses a malformed code", async () => {
    const response = await verifyOtp({ otp: "12ab56", email: "a@example.in" });
    expect(response.json().errors).toContainEqual({
      path: "otp",
      message: "OTP must be 6 digits.",
    });
  });

  test("demoorgdetails needs a session", async () => {
    const response = await inject({ method: "GET", url: "/api/demo/demoorgdetails" });
    expect([response.statusCode, response.json().message]).toEqual([401, SESSION_MESSAGES.noToken]);
  });

  test.each([
    ["asha.verma@example.in", "Asha Verma"],
    ["ravi_k+bahi@example.in", "Ravi K Bahi"],
    ["x@example.in", "X"],
    ["...@example.in", "..."],
  ])("the name of %s is %s", (email, name) => {
    expect(nameFromEmail(email)).toBe(name);
  });
});

describe("rate limits", () => {
  test("send-otp is limited per client address", async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({
          method: "POST",
          url: "/api/demo/send-otp",
          payload: newVisitor(),
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
