import { describe, expect, test } from "vitest";
import { buildUpiPaymentLink } from "./upi-link.ts";

describe("buildUpiPaymentLink", () => {
  test("adds the note, currency and the pending amount as a 2-decimal string", () => {
    expect(
      buildUpiPaymentLink("upi://pay?pa=shop@okhdfc&pn=Gupta Traders", "INV/24-25/7", 1180_50),
    ).toBe("upi://pay?pa=shop%40okhdfc&pn=Gupta%20Traders&tn=INV%2F24-25%2F7&cu=INR&am=1180.50");
  });

  test("leaves the amount out above ₹1,00,000 and when nothing is pending", () => {
    expect(buildUpiPaymentLink("upi://pay?pa=a@b&pn=A", "1", 1_00_000_01)).toBe(
      "upi://pay?pa=a%40b&pn=A&tn=1&cu=INR",
    );
    expect(buildUpiPaymentLink("upi://pay?pa=a@b&pn=A", "1", 1_00_000_00)).toContain(
      "am=100000.00",
    );
    expect(buildUpiPaymentLink("upi://pay?pa=a@b&pn=A", "1", 0)).not.toContain("am=");
  });

  test("replaces an amount or note already in the text", () => {
    expect(buildUpiPaymentLink("upi://pay?pa=a@b&am=5&tn=old", "9", 200)).toBe(
      "upi://pay?pa=a%40b&tn=9&cu=INR&am=2.00",
    );
  });

  test("is null without a payee address or for text that is not a UPI link", () => {
    expect(buildUpiPaymentLink("", "1", 100)).toBeNull();
    expect(buildUpiPaymentLink("https://example.com", "1", 100)).toBeNull();
    expect(buildUpiPaymentLink("upi://pay?pn=A", "1", 100)).toBeNull();
  });
});
