import { NotFoundPage } from "../../features/not-found/NotFoundPage.tsx";

/** sessionStorage flag that makes the crash-test page throw (e2e/shell/error-screen.spec.ts). */
export const CRASH_TEST_FLAG = "bahi.crash-test";

/**
 * /{organisationId}/{year}/crash-test: throws while rendering when the test flag is set, so the
 * error screen and its report can be tried on the real app; without the flag, the not-found page.
 */
export function CrashTestPage() {
  if (sessionStorage.getItem(CRASH_TEST_FLAG) === "1") {
    throw new Error("Crash test: this page throws on purpose while the test flag is set.");
  }
  return <NotFoundPage />;
}
