import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { api } from "../api/http.ts";
import { NOTIFICATION_TIMEOUT_MS, notify } from "./notify.tsx";
import { createAppRouter } from "./router.tsx";
import { resetClientSession, SessionProvider } from "./session.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000, retry: false } },
});
const router = createAppRouter();

// spec/api.md §8: an ended session forgets the person and opens the sign-in page; failed calls
// with a title show it in a danger toast.
api.configure({
  onSessionEnded: (signInPath) => {
    resetClientSession(queryClient, signInPath);
    void router.navigate(signInPath, { replace: true });
  },
  currentPath: () => router.state.location.pathname,
  notifyError: (title, message) => notify({ type: "danger", title, message }),
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* spec 4 "Notifications": auto-dismiss after 5 seconds. Bottom right, so that they never
          cover the top bar's user menu and switchers. */}
      <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
