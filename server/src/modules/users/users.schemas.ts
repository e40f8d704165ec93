import { EmailAddress, MobileNumber, NewPassword, Otp, PASSWORD_MAX_LENGTH } from "@bahi/domain";
import { z } from "zod";

// Payloads of spec/api.md §7 "User" not yet in domain; built from domain's auth building blocks so
// the rules match sign-up's. Move to domain when the web app needs them.

/** A password being checked, not chosen: any non-empty text, so old passwords still work. */
const CurrentPassword = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const ChangeNameInput = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(100, "Name is too long."),
});
export type ChangeNameInput = z.infer<typeof ChangeNameInput>;

export const ChangeEmailInput = z.object({ newEmail: EmailAddress, password: CurrentPassword });
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>;

export const VerifyOtpInput = z.object({ otp: Otp });
export type VerifyOtpInput = z.infer<typeof VerifyOtpInput>;

export const ChangeMobileInput = z.object({ newMobile: MobileNumber, password: CurrentPassword });
export type ChangeMobileInput = z.infer<typeof ChangeMobileInput>;

export const AddMobileInput = z.object({ mobile: MobileNumber });
export type AddMobileInput = z.infer<typeof AddMobileInput>;

/** spec/api.md §5: "The mobile verification OTP is sent as a number"; Otp takes both. */
export const VerifyAddMobileOtpInput = z.object({ mobile: MobileNumber, otp: Otp });
export type VerifyAddMobileOtpInput = z.infer<typeof VerifyAddMobileOtpInput>;

export const SetPasswordInput = z.object({ setPassword: NewPassword });
export type SetPasswordInput = z.infer<typeof SetPasswordInput>;

export const ResetPasswordInput = z.object({
  currentPassword: CurrentPassword,
  newPassword: NewPassword,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
