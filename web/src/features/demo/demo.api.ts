import { apiRequest } from "../../api/http.ts";
import type { SessionAnswer } from "../auth/auth.api.ts";
import type { OrganisationSummary } from "../organisations/organisations.api.ts";

export function sendDemoCode(email: string, mobile: string) {
  return apiRequest<{ success: true; message: string }>("POST", "/demo/send-otp", {
    body: { email, mobile },
  });
}

export function verifyDemoCode(otp: string, email: string) {
  return apiRequest<SessionAnswer>("POST", "/demo/verify-otp", { body: { otp, email } });
}

export function fetchDemoOrganisation() {
  return apiRequest<{ organisation: OrganisationSummary | null }>("GET", "/demo/demoorgdetails", {
    errorTitle: "Could not load Organisation Details",
  });
}
