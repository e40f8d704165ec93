import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { SignUpPage } from "./SignUpPage.tsx";

const fetchMock = vi.fn();
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

// Password inputs have no textbox role in the DOM testing library: found by label instead.
const field = (name: string) =>
  (name === "Password"
    ? screen.getByLabelText(/^Password/, { selector: "input" })
    : screen.getByRole("textbox", { name })) as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create account" }));

describe("sign-up form: the server's SignUpInput rules, checked before sending", () => {
  test("empty fields show each field's message and send nothing", async () => {
    renderPage(<SignUpPage />, { at: "/signup" });
    submit();
    expect(await screen.findByText("Name is required.")).toBeTruthy();
    expect(screen.getByText("Email is required.")).toBeTruthy();
    expect(screen.getByText("Mobile number must be exactly 10 digits.")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("a malformed email and a short mobile", async () => {
    renderPage(<SignUpPage />, { at: "/signup" });
    fill("Email", "asha@");
    fill("Mobile number", "98765");
    submit();
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Mobile number must be exactly 10 digits.")).toBeTruthy();
  });

  test("valid details are sent, then the OTP page opens", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, userId: "u-1", email: "asha@example.in" }),
    );
    const { router } = renderPage(<SignUpPage />, { at: "/signup" });
    fill("Name", "Asha Verma");
    fill("Email", " Asha@Example.in ");
    fill("Mobile number", "098765 43210");
    fill("Password", "long enough");
    submit();
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe("/verify/signup/otp/u-1/asha%40example.in"),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/auth/signup");
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Asha Verma",
      email: "asha@example.in",
      password: "long enough",
      mobileNumber: "9876543210",
      version: "v3",
    });
  });

  test("the server's refusal is shown", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, { message: "An account with this email already exists. Please sign in." }),
    );
    renderPage(<SignUpPage />, { at: "/signup" });
    fill("Name", "Asha");
    fill("Email", "asha@example.in");
    fill("Mobile number", "9876543210");
    fill("Password", "long enough");
    submit();
    expect(
      await screen.findByText("An account with this email already exists. Please sign in."),
    ).toBeTruthy();
  });
});
