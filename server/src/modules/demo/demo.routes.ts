import { TOKEN_PRESENT_MARKER } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { setSessionCookies } from "../auth/auth.cookies.ts";
import { signedInUserOf } from "../auth/auth.guard.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { DemoSendOtpInput, DemoVerifyOtpInput } from "./demo.schemas.ts";
import { DEMO_MESSAGES, sendDemoCode, verifyDemoCode } from "./demo.service.ts";

// spec/api.md §7 "Demo": public sign-in by an emailed code, limited like the auth calls.
export const demoRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const limited = {
    rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: "1 minute" },
  };

  app.post(
    "/demo/send-otp",
    { config: limited, schema: { body: DemoSendOtpInput } },
    async (request) => {
      await sendDemoCode(deps, request.body);
      return { success: true, message: DEMO_MESSAGES.codeSent };
    },
  );

  app.post(
    "/demo/verify-otp",
    { config: limited, schema: { body: DemoVerifyOtpInput } },
    async (request, reply) => {
      const { user, tokens } = await verifyDemoCode(deps, request.body, {
        userAgent: request.headers["user-agent"],
        ip: request.ip,
      });
      setSessionCookies(request, reply, tokens);
      return { success: true, token: TOKEN_PRESENT_MARKER, user };
    },
  );

  app.get(
    "/demo/demoorgdetails",
    { onRequest: deps.authenticator.requireCaller },
    async (request) => {
      signedInUserOf(request);
      // The demo organisation is a copy of a sample company with its vouchers; it arrives with the
      // voucher engine. Until then there is none, and the client offers to add an organisation.
      return { organisation: null };
    },
  );
};
