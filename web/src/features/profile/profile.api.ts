import { apiRequest } from "../../api/http.ts";
import type { OwnUser } from "./own-user.api.ts";

type Answer = { success: true; message: string };

export function changeName(name: string) {
  return apiRequest<{ user: OwnUser }>("PATCH", "/user/changename", { body: { name } });
}

export function requestEmailChange(newEmail: string, password: string) {
  return apiRequest<Answer>("POST", "/user/change-email", { body: { newEmail, password } });
}

export function resendEmailChangeCode() {
  return apiRequest<Answer>("POST", "/user/change-email/resend-otp");
}

export function confirmEmailChange(otp: string) {
  return apiRequest<Answer & { user: OwnUser }>("POST", "/user/verify-otp", { body: { otp } });
}

export function requestMobileChange(newMobile: string, password: string) {
  return apiRequest<Answer>("POST", "/user/change-mobile", { body: { newMobile, password } });
}

export function resendMobileChangeCode() {
  return apiRequest<Answer>("POST", "/user/change-mobile/resend-otp");
}

/** spec/api.md §5: the mobile verification OTP is sent as a number. */
export function confirmMobileChange(otp: string) {
  return apiRequest<Answer & { user: OwnUser }>("POST", "/user/verify-mobile-otp", {
    body: { otp: Number(otp) },
  });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return apiRequest<Answer>("POST", "/user/resetPassword", {
    body: { currentPassword, newPassword },
  });
}

export function setFirstPassword(password: string) {
  return apiRequest<Answer>("POST", "/user/setPassword", { body: { setPassword: password } });
}
