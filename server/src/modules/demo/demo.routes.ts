import { TOKEN_PRESENT_MARKER } from "@bahi/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { setSessionCookies } from "../auth/auth.cookies.ts";
import { signedInUserOf } from "../auth/auth.guard.ts";
import { hasConsumedCode } from "../auth/verification.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { DemoSendOtpInput, DemoVerifyOtpInput } from "./demo.schemas.ts";
import { DEMO_MESSAGES, sendDemoCode, verifyDemoCode } from "./demo.service.ts";
import { createDemoOrganisations } from "./demo-organisation.ts";

// spec/api.md §7 "Demo": public sign-in by an emailed code, limited like the auth calls.
export const demoRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const demo = createDemoOrganisations(deps.db, app.log);
  // A copy being made when the server stops is finished first, not left half-filled.
  app.addHook("onClose", () => demo.idle());
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
      const { userId, sessionId } = signedInUserOf(request);
      // Only a person who signed in through the demo gets a sample company (issue 25): an
      // ordinary account that opens /demo-login-completed is given nothing unasked.
      if (!(await hasConsumedCode(deps.db, userId, "demo"))) return { organisation: null };
      // The first call copies the sample company for this person (about a second); later calls
      // answer with that copy.
      return { organisation: await demo.ensure({ kind: "user", userId, sessionId }) };
    },
  );
};
