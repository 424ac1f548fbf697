import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { needsEmailConfirmationToast } from "@library/src/titleBar/emailConfirmationToast";
import { renderTitleBar, setWindowWidth } from "@library/src/titleBar/titleBarTestUtils";

const MESSAGE = "Your email address is not confirmed.";
const unconfirmed = makeMe({ emailConfirmed: false });

describe("email-confirmation toast", () => {
  beforeEach(() => setWindowWidth(1280));
  afterEach(() => removeBootstrap());

  it("applies only to signed-in users with an unconfirmed email when confirmation is required", () => {
    expect(needsEmailConfirmationToast(unconfirmed, true)).toBe(true);
    expect(needsEmailConfirmationToast(unconfirmed, false)).toBe(false);
    expect(needsEmailConfirmationToast(makeMe({ emailConfirmed: true }), true)).toBe(false);
    expect(needsEmailConfirmationToast({ ...GUEST_USER, emailConfirmed: false }, true)).toBe(false);
  });

  it("shows a persistent toast with the resend link when all three conditions hold, and can be dismissed", async () => {
    const user = userEvent.setup();
    renderTitleBar({ user: unconfirmed, config: { isConfirmEmailRequired: true } });
    expect(screen.getByText(MESSAGE)).toBeVisible();
    expect(screen.getByRole("link", { name: "Resend confirmation email" })).toHaveAttribute(
      "href",
      "/entry/emailconfirmrequest",
    );
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(MESSAGE)).not.toBeVisible();
  });

  it.each([
    ["a guest", { ...GUEST_USER }, true],
    ["a confirmed member", makeMe({ emailConfirmed: true }), true],
    ["a site not requiring confirmation", unconfirmed, false],
  ])("is not shown for %s", (_case, me, required) => {
    renderTitleBar({ user: me, config: { isConfirmEmailRequired: required } });
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });
});
