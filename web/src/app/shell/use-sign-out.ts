import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, FORCED_SIGN_IN_PATH, SIGN_IN_PATH } from "../../api/http.ts";
import { notify } from "../notify.tsx";
import { resetClientSession } from "../session.tsx";

// spec/api.md §8 success message, verbatim.
export const SIGNED_OUT_MESSAGE = "You have been successfully logged out.";

/** User menu "Sign out": POST /auth/logout, forget the session, go to /signin and say so. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const loggedOut = await api.logout();
    // spec/api.md §8: a failed logout goes to /signin?forceLogout=true.
    const signInPath = loggedOut ? SIGN_IN_PATH : FORCED_SIGN_IN_PATH;
    resetClientSession(queryClient, signInPath);
    await navigate(signInPath, { replace: true });
    if (loggedOut) notify({ type: "success", title: SIGNED_OUT_MESSAGE });
  };
}
