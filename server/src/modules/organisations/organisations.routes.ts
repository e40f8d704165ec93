import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleDeps } from "../module-deps.ts";

export const organisationsRoutes: FastifyPluginAsyncZod<{ deps: ModuleDeps }> = async () => {};
