import type { InjectOptions } from "fastify";
import { cookieHeader, latestOtpFor, type TestContext } from "./test-app.ts";

export interface Person {
  userId: string;
  name: string;
  email: string;
  /** The Cookie header of the person's session. */
  cookies: string;
}

let counter = 0;

/** Signs a new person up through the real auth routes and verifies the emailed code. */
export async function signUpPerson(
  context: TestContext,
  overrides: { name?: string; email?: string } = {},
): Promise<Person> {
  counter += 1;
  const unique = `${process.pid}${counter}`;
  const details = {
    name: overrides.name ?? `Person ${unique}`,
    email: overrides.email ?? `person${unique}@example.in`,
    password: "correct horse 42",
    mobileNumber: `9${unique.padStart(9, "0").slice(-9)}`,
  };
  const signUp = await context.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: details,
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  // The sign-up answer carries a challenge id (issue 26); the person's id comes with the session.
  const { userId: challengeId } = signUp.json();
  const otp = await latestOtpFor(context, details.email);
  const verify = await context.app.inject({
    method: "POST",
    url: "/api/auth/verify/signup/otp",
    payload: { userId: challengeId, otp },
  });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  const userId: string = verify.json().user._id;
  return { userId, name: details.name, email: details.email, cookies: cookieHeader(verify) };
}

export interface CreatedOrganisation {
  organisationId: string;
  name: string;
}

/** Adds an organisation as this person (its owner); overrides change the payload. */
export async function createOrganisation(
  context: TestContext,
  cookies: string,
  overrides: Record<string, unknown> = {},
): Promise<CreatedOrganisation> {
  counter += 1;
  const payload = {
    name: `Shree Traders ${counter}`,
    startingYear: "2024-25",
    gstRegistered: false,
    manageInventory: true,
    ...overrides,
  };
  const response = await context.app.inject({
    method: "POST",
    url: "/api/organisation/add",
    headers: { cookie: cookies },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`organisation/add failed: ${response.body}`);
  const body = response.json();
  return { organisationId: body.organisationId, name: body.organisation.name };
}

/** A request made as this person. */
export function requestAs(
  context: TestContext,
  person: { cookies: string },
  options: InjectOptions,
) {
  return context.app.inject({
    ...options,
    headers: { ...(options.headers as Record<string, string> | undefined), cookie: person.cookies },
  });
}

/**
 * Invites someone into an organisation and accepts as them: the real way people join.
 * Returns the accepted invitation's id.
 */
export async function addMember(
  context: TestContext,
  inviter: Person,
  organisationId: string,
  invitee: Person,
  role: "admin" | "accountant" | "viewer",
  transactionPermissions: unknown[] = [],
): Promise<string> {
  const invite = await requestAs(context, inviter, {
    method: "POST",
    url: "/api/organisation/adduser",
    payload: { organisationId, email: invitee.email, role, transactionPermissions },
  });
  if (invite.statusCode !== 200) throw new Error(`adduser failed: ${invite.body}`);
  const invitationId = invite.json().invitation.invitationId as string;
  const accept = await requestAs(context, invitee, {
    method: "POST",
    url: "/api/organisation/acceptinvitation",
    payload: { invitationId },
  });
  if (accept.statusCode !== 200) throw new Error(`acceptinvitation failed: ${accept.body}`);
  return invitationId;
}
