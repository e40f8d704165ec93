import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUserOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import {
  AddMobileInput,
  ChangeEmailInput,
  ChangeMobileInput,
  ChangeNameInput,
  ResetPasswordInput,
  SetPasswordInput,
  VerifyAddMobileOtpInput,
  VerifyOtpInput,
} from "./users.schemas.ts";
import {
  changeName,
  changePassword,
  confirmEmailChange,
  confirmMobileAddition,
  confirmMobileCode,
  getOwnUser,
  hasPassword,
  requestEmailChange,
  requestMobileAddition,
  requestMobileChange,
  requestMobileVerification,
  resendEmailChangeCode,
  resendMobileChangeCode,
  setPassword,
  USER_MESSAGES,
} from "./users.service.ts";

// spec/api.md §7 "User", the signed-in person's own record. The organisation-scoped user calls
// (list, rights, active/inactive) belong with memberships in modules/organisations.
export const usersRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  // Every call here is the person's own: no session, no payload check (401 before 400).
  app.addHook("onRequest", deps.authenticator.requireCaller);
  // Calls that check a password or an OTP, or send one, are limited like sign-in.
  const limited = {
    rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: "1 minute" },
  };

  const ownUser = async (request: FastifyRequest) => ({
    user: await getOwnUser(deps, signedInUserOf(request).userId),
  });
  // The spec writes GET /user/; the bare path answers too, so neither spelling meets a 404.
  app.get("/user/", ownUser);
  app.get("/user", { schema: { hide: true } }, ownUser);

  app.get("/user/getUserHashStatus", async (request) => ({
    hasPassword: await hasPassword(deps, signedInUserOf(request).userId),
  }));

  app.patch("/user/changename", { schema: { body: ChangeNameInput } }, async (request) => {
    const user = await changeName(deps, signedInUserOf(request).userId, request.body.name);
    return { success: true, user };
  });

  app.post(
    "/user/change-email",
    { config: limited, schema: { body: ChangeEmailInput } },
    async (request) => {
      await requestEmailChange(deps, signedInUserOf(request).userId, request.body);
      return { success: true, message: USER_MESSAGES.emailCodeSent };
    },
  );

  app.post("/user/change-email/resend-otp", { config: limited }, async (request) => {
    await resendEmailChangeCode(deps, signedInUserOf(request).userId);
    return { success: true, message: USER_MESSAGES.emailCodeSent };
  });

  app.post(
    "/user/verify-otp",
    { config: limited, schema: { body: VerifyOtpInput } },
    async (request) => {
      const user = await confirmEmailChange(deps, signedInUserOf(request).userId, request.body.otp);
      return { success: true, message: USER_MESSAGES.emailChanged, user };
    },
  );

  app.post(
    "/user/change-mobile",
    { config: limited, schema: { body: ChangeMobileInput } },
    async (request) => {
      await requestMobileChange(deps, signedInUserOf(request).userId, request.body);
      return { success: true, message: USER_MESSAGES.smsCodeSent };
    },
  );

  app.post("/user/change-mobile/resend-otp", { config: limited }, async (request) => {
    await resendMobileChangeCode(deps, signedInUserOf(request).userId);
    return { success: true, message: USER_MESSAGES.smsCodeSent };
  });

  app.post(
    "/user/verify-mobile-otp",
    { config: limited, schema: { body: VerifyOtpInput } },
    async (request) => {
      const result = await confirmMobileCode(
        deps,
        signedInUserOf(request).userId,
        request.body.otp,
      );
      const message =
        result.purpose === "change_mobile"
          ? USER_MESSAGES.mobileChanged
          : USER_MESSAGES.mobileVerified;
      return { success: true, message, user: result.user };
    },
  );

  app.post(
    "/user/add-mobile",
    { config: limited, schema: { body: AddMobileInput } },
    async (request) => {
      await requestMobileAddition(deps, signedInUserOf(request).userId, request.body);
      return { success: true, message: USER_MESSAGES.smsCodeSent };
    },
  );

  app.post(
    "/user/verify-add-mobile-otp",
    { config: limited, schema: { body: VerifyAddMobileOtpInput } },
    async (request) => {
      const user = await confirmMobileAddition(deps, signedInUserOf(request).userId, request.body);
      return { success: true, message: USER_MESSAGES.mobileVerified, user };
    },
  );

  for (const url of [
    "/user/send-mobile-verification-otp",
    "/user/resend-mobile-verification-otp",
  ]) {
    app.post(url, { config: limited }, async (request) => {
      await requestMobileVerification(deps, signedInUserOf(request).userId);
      return { success: true, message: USER_MESSAGES.smsCodeSent };
    });
  }

  app.post(
    "/user/setPassword",
    { config: limited, schema: { body: SetPasswordInput } },
    async (request) => {
      await setPassword(deps, signedInUserOf(request).userId, request.body.setPassword);
      return { success: true, message: USER_MESSAGES.passwordSet };
    },
  );

  app.post(
    "/user/resetPassword",
    { config: limited, schema: { body: ResetPasswordInput } },
    async (request) => {
      await changePassword(deps, signedInUserOf(request), request.body);
      return { success: true, message: USER_MESSAGES.passwordChanged };
    },
  );
};
