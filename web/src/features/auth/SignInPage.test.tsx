import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { authStore } from "../../app/session-store.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { SESSION_ENDED_NOTE, SignInPage } from "./SignInPage.tsx";

const fetchMock = vi.fn();
beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  authStore.dispatch({ type: "logout" });
});

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByRole("textbox", { name: "Email or mobile number" }), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: "input" }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in page", () => {
  test("offers the password reset, sign-up and demo pages", () => {
    renderPage(<SignInPage />, { at: "/signin" });
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      "/forgetPassword",
    );
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/signup",
    );
    expect(screen.queryByText(SESSION_ENDED_NOTE)).toBeNull();
  });

  test("after a forced logout it says the session ended", () => {
    renderPage(<SignInPage />, { at: "/signin?forceLogout=true", path: "/signin" });
    expect(screen.getByRole("status").textContent).toBe(SESSION_ENDED_NOTE);
  });

  test("empty fields are refused before sending", async () => {
    renderPage(<SignInPage />, { at: "/signin" });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Email or mobile number is required.")).toBeTruthy();
    expect(screen.getByText("Password is required.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("an unverified account goes to the OTP page the server mailed a code for", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        success: false,
        verificationRequired: true,
        userId: "u-7",
        email: "ravi@example.in",
      }),
    );
    const { router } = renderPage(<SignInPage />, { at: "/signin" });
    signIn("ravi@example.in", "secret-pass");
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe("/verify/signup/otp/u-7/ravi%40example.in"),
    );
    expect(authStore.getState().isAuthenticated).toBe(false);
  });

  test("a success marks the session signed in with the PRESENT marker only", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, token: "PRESENT" }));
    renderPage(<SignInPage />, { at: "/signin" });
    signIn("ravi@example.in", "secret-pass");
    await vi.waitFor(() => expect(authStore.getState().isAuthenticated).toBe(true));
    expect(authStore.getState().token).toBe("PRESENT");
  });

  test("a refusal shows the server's message", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: "Incorrect email or password." }));
    renderPage(<SignInPage />, { at: "/signin" });
    signIn("ravi@example.in", "wrong-pass");
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect email or password.");
  });
});
