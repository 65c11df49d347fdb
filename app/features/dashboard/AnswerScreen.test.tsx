import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../router";
import { ForgotPasswordScreen } from "../../routes/dashboard/ForgotPasswordScreen";
import { ResetPasswordScreen } from "../../routes/dashboard/ResetPasswordScreen";
import { VerifyEmailScreen } from "../../routes/dashboard/VerifyEmailScreen";
import { renderWithApp } from "../../test/renderWithApp";
import { dashboardApi } from "./api/dashboardApi";

// The account pages outside the dashboard answer in place of their controls, in a live region
// mounted beforehand that takes the focus when the answer comes.

afterEach(() => {
  vi.restoreAllMocks();
});

/** The page's live region, once it holds `text` and has the focus. */
async function answerFocused(text: string) {
  const status = screen.getByRole("status");
  await waitFor(() => expect(status.textContent).toContain(text));
  await waitFor(() => expect(document.activeElement).toBe(status));
  return status;
}

describe("the forgot-password page", () => {
  it("says the link is on its way where the form was, focus on the answer", async () => {
    const request = vi
      .spyOn(dashboardApi, "requestPasswordReset")
      .mockResolvedValue({ message: "If an account uses this email, a link is on its way." });
    await renderWithApp(<ForgotPasswordScreen />);
    expect(screen.getByRole("status").textContent).toBe("");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: " ada@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Send link" }));
    await answerFocused("a link to reset its password is on its way");
    expect(request).toHaveBeenCalledWith("ada@example.com");
    expect(screen.queryByRole("button", { name: "Send link" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to sign in" })).toBeTruthy();
  });
});

describe("the reset-password page", () => {
  it("asks for the mailed link without a token", async () => {
    navigate("/dashboard/reset-password");
    await renderWithApp(<ResetPasswordScreen />);
    screen.getByText("This page needs the link from the reset mail.");
    expect(screen.queryByRole("button", { name: "Set new password" })).toBeNull();
  });

  it("sets the password with the link's token and offers to sign in, focus on the answer", async () => {
    const reset = vi.spyOn(dashboardApi, "resetPassword").mockResolvedValue(undefined);
    navigate("/dashboard/reset-password?token=t0ken");
    await renderWithApp(<ResetPasswordScreen />);
    fireEvent.change(screen.getByLabelText("New password"), {
      target: { value: "a long password" },
    });
    fireEvent.change(screen.getByLabelText("New password again"), {
      target: { value: "a long password" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    const status = await answerFocused("Your password is changed.");
    expect(reset).toHaveBeenCalledWith("t0ken", "a long password");
    expect(status.querySelector("a")?.textContent).toBe("Sign in");
    expect(screen.queryByRole("link", { name: "Ask for a new link" })).toBeNull();
  });
});

describe("a mailed link's page (verify email)", () => {
  it("acts on the click, not on load, and says so in place of the button, focus on the answer", async () => {
    const verify = vi.spyOn(dashboardApi, "verifyEmail").mockResolvedValue(undefined);
    navigate("/dashboard/verify-email?token=v3rify");
    await renderWithApp(<VerifyEmailScreen />);
    expect(verify).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Verify email address" }));
    const status = await answerFocused("Your email address is verified.");
    expect(verify).toHaveBeenCalledWith("v3rify");
    expect(status.querySelector("a")?.textContent).toBe("Go to the dashboard");
    expect(screen.queryByRole("button", { name: "Verify email address" })).toBeNull();
  });
});
