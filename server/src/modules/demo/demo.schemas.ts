import { EmailAddress, MobileNumber, Otp } from "@bahi/domain";
import { z } from "zod";

// spec/api.md §7 "Demo". The tracking fields match sign-up's limits.
export const DemoSendOtpInput = z.object({
  email: EmailAddress,
  mobile: MobileNumber,
  source1: z.string().max(200).optional(),
  source2: z.string().max(200).optional(),
  gclid: z.string().max(500).optional(),
  fbclid: z.string().max(500).optional(),
});
export type DemoSendOtpInput = z.infer<typeof DemoSendOtpInput>;

export const DemoVerifyOtpInput = z.object({ otp: Otp, email: EmailAddress });
export type DemoVerifyOtpInput = z.infer<typeof DemoVerifyOtpInput>;
