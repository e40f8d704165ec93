import {
  ForgotPasswordInput,
  ResetPasswordWithOtpInput,
  ResetPasswordWithTokenInput,
  SignInInput,
  SignUpInput,
  TOKEN_PRESENT_MARKER,
  UpdateUserSourceInput,
  VerifySignUpOtpInput,
  VerifyTokenInput,
} from "@bahi/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowIso } from "../../lib/clock.ts";
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from "./auth.cookies.ts";
import type { Authenticator } from "./auth.guard.ts";
import { signedInUserOf } from "./auth.guard.ts";
import { findUserById, updateUser } from "./auth.repository.ts";
import {
  AUTH_MESSAGES,
  type AuthDeps,
  presentUser,
  refreshSession,
  requestPasswordReset,
  resetPasswordWithOtp,
  resetPasswordWithToken,
  signIn,
  signOut,
  signUp,
  verifySignUpWithOtp,
  verifySignUpWithToken,
} from "./auth.service.ts";

export interface AuthRouteOptions {
  deps: AuthDeps;
  authenticator: Authenticator;
  /** Requests per minute per client address on sign-in, sign-up, OTP and reset calls. */
  sensitiveRateLimit: number;
}

const meta = (request: FastifyRequest) => ({
  userAgent: request.headers["user-agent"],
  ip: request.ip,
});

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { deps, authenticator } = options;
  const limited = { rateLimit: { max: options.sensitiveRateLimit, timeWindow: "1 minute" } };

  app.post("/auth/signup", { config: limited, schema: { body: SignUpInput } }, async (request) => {
    const result = await signUp(deps, request.body, meta(request));
    return {
      success: true,
      userId: result.userId,
      email: result.email,
      message: "We have sent a 6-digit code to your email address.",
    };
  });

  app.post(
    "/auth/verify/signup/otp",
    { config: limited, schema: { body: VerifySignUpOtpInput } },
    async (request, reply) => {
      const { user, tokens } = await verifySignUpWithOtp(deps, request.body, meta(request));
      setSessionCookies(request, reply, tokens);
      return { success: true, token: TOKEN_PRESENT_MARKER, user: presentUser(user) };
    },
  );

  app.post(
    "/auth/verify/signup/token",
    { config: limited, schema: { body: VerifyTokenInput } },
    async (request, reply) => {
      const { user, tokens } = await verifySignUpWithToken(deps, request.body.token, meta(request));
      setSessionCookies(request, reply, tokens);
      return { success: true, token: TOKEN_PRESENT_MARKER, user: presentUser(user) };
    },
  );

  app.post(
    "/auth/login",
    { config: limited, schema: { body: SignInInput } },
    async (request, reply) => {
      const result = await signIn(deps, request.body, meta(request));
      if (result.kind === "verificationRequired") {
        return {
          success: false,
          verificationRequired: true,
          userId: result.userId,
          email: result.email,
          message: result.sent
            ? "Please verify your email address. We have sent you a new code."
            : "Please verify your email address with the code we have just sent you.",
        };
      }
      setSessionCookies(request, reply, result.tokens);
      return { success: true, token: TOKEN_PRESENT_MARKER, user: presentUser(result.user) };
    },
  );

  app.post("/auth/refreshToken", { config: limited }, async (request, reply) => {
    const tokens = await refreshSession(deps, request.cookies[REFRESH_COOKIE]);
    setSessionCookies(request, reply, tokens);
    return { success: true, token: TOKEN_PRESENT_MARKER };
  });

  app.get("/auth/checkToken", { preHandler: authenticator.requireCaller }, async (request) => {
    const { userId } = signedInUserOf(request);
    const user = await findUserById(deps.db, userId);
    return { success: true, token: TOKEN_PRESENT_MARKER, user: user ? presentUser(user) : null };
  });

  // Signing out always succeeds for the browser: cookies are cleared even if the token has expired.
  app.post("/auth/logout", async (request, reply) => {
    try {
      await authenticator.requireCaller(request, reply);
      const caller = request.caller;
      if (caller?.kind === "user") await signOut(deps, caller.sessionId);
    } catch {
      // Nothing to revoke: the session had already ended.
    }
    clearSessionCookies(reply);
    return { success: true, message: AUTH_MESSAGES.signedOut };
  });

  app.post(
    "/auth/forgotPassword",
    { config: limited, schema: { body: ForgotPasswordInput } },
    async (request) => {
      const { userId } = await requestPasswordReset(deps, request.body.email, request.ip);
      return { success: true, userId, message: AUTH_MESSAGES.resetSent };
    },
  );

  app.post(
    "/auth/verify/reset/otp",
    { config: limited, schema: { body: ResetPasswordWithOtpInput } },
    async (request, reply) => {
      await resetPasswordWithOtp(deps, request.body);
      clearSessionCookies(reply);
      return { success: true, message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.post(
    "/auth/verify/reset/token",
    { config: limited, schema: { body: ResetPasswordWithTokenInput } },
    async (request, reply) => {
      await resetPasswordWithToken(deps, request.body);
      clearSessionCookies(reply);
      return { success: true, message: AUTH_MESSAGES.passwordChanged };
    },
  );

  app.post(
    "/auth/updateuser",
    { preHandler: authenticator.requireCaller, schema: { body: UpdateUserSourceInput } },
    async (request) => {
      const { userId } = signedInUserOf(request);
      const source = [request.body.source, request.body.clickId]
        .filter(Boolean)
        .join(" ")
        .slice(0, 500);
      if (source) await updateUser(deps.db, userId, { source, updated_at: nowIso() });
      return { success: true };
    },
  );
};
