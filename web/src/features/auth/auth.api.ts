import { apiRequest } from "../../api/http.ts";
import type { OwnUser } from "../profile/own-user.api.ts";

/** spec/api.md §9: the auth version sent by default. */
export const AUTH_VERSION = "v3";

export interface SessionAnswer {
  success: true;
  token: string;
  user: OwnUser;
}

export type SignInAnswer =
  | SessionAnswer
  | { success: false; verificationRequired: true; userId: string; email: string; message: string };

export function signIn(username: string, password: string) {
  return apiRequest<SignInAnswer>("POST", "/auth/login", {
    body: { username, password, version: AUTH_VERSION },
  });
}

export interface SignUpDetails {
  name: string;
  email: string;
  password: string;
  mobileNumber: string;
}

export function signUp(details: SignUpDetails) {
  return apiRequest<{ success: true; userId: string; email: string; message: string }>(
    "POST",
    "/auth/signup",
    { body: { ...details, version: AUTH_VERSION } },
  );
}

export function verifySignUpOtp(userId: string, otp: string) {
  return apiRequest<SessionAnswer>("POST", "/auth/verify/signup/otp", { body: { userId, otp } });
}

export function verifySignUpToken(token: string) {
  return apiRequest<SessionAnswer>("POST", "/auth/verify/signup/token", { body: { token } });
}

export function requestPasswordReset(email: string) {
  return apiRequest<{ success: true; userId: string; message: string }>(
    "POST",
    "/auth/forgotPassword",
    { body: { email, version: AUTH_VERSION } },
  );
}

export function resetPasswordWithOtp(userId: string, otp: string, password: string) {
  return apiRequest<{ success: true; message: string }>("POST", "/auth/verify/reset/otp", {
    body: { userId, otp, password },
  });
}

export function resetPasswordWithToken(token: string, password: string) {
  return apiRequest<{ success: true; message: string }>("POST", "/auth/verify/reset/token", {
    body: { token, password },
  });
}

/** The path of the sign-up OTP page (spec 2.1: /verify/signup/otp/{id}/{email}). */
export function signUpOtpPath(userId: string, email: string): string {
  return `/verify/signup/otp/${encodeURIComponent(userId)}/${encodeURIComponent(email)}`;
}
