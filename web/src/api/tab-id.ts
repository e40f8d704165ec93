// This browser tab's id, sent on every API call (header X-Bahi-Tab) and written by the server on
// the change events a save makes, so the change feed can tell this tab's own saves from others'
// (server/src/http/request-tab.ts). A page load is a tab's lifetime: a reload loads afresh anyway.

export const TAB_HEADER = "x-bahi-tab";

function makeTabId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `tab-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

export const TAB_ID = makeTabId();
