import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/http.ts";

/** The signed-in person's own record (GET /user/; spec 3: name and userSupportId among others). */
export interface OwnUser {
  _id: string;
  name: string;
  email: string;
  mobileNumber: string | null;
  userSupportId: string;
  emailVerified: boolean;
  mobileVerified: boolean;
  hasPassword: boolean;
}

export const OWN_USER_QUERY_KEY = ["own-user"] as const;

export async function fetchOwnUser(): Promise<OwnUser> {
  const answer = await apiRequest<{ user: OwnUser }>("GET", "/user/", {
    errorTitle: "Could not load your details",
  });
  return answer.user;
}

export function useOwnUser() {
  return useQuery({ queryKey: OWN_USER_QUERY_KEY, queryFn: fetchOwnUser, retry: false });
}
