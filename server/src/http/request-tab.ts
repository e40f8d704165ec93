import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

// The browser tab a request comes from (header X-Bahi-Tab, a random id each tab makes once). Saves
// write it on their change events, so the change feed can tell the tab that saved (which knows
// already) from every other tab, the same person's included (spec 2.7 "Page Refresh Required").
// Kept in async context rather than passed through every service: it is a fact of the request,
// like its id, and only the change-event writers read it.

export const TAB_HEADER = "x-bahi-tab";

const tabs = new AsyncLocalStorage<{ tabId: string | null }>();

export function registerRequestTab(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const given = request.headers[TAB_HEADER];
    const tabId = typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : null;
    tabs.run({ tabId }, done);
  });
}

/** The tab of the request being served, or null (no header, a script, a background job). */
export function currentTabId(): string | null {
  return tabs.getStore()?.tabId ?? null;
}
