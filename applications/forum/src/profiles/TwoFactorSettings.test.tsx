import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { groupSecret, TwoFactorSettings } from "./TwoFactorSettings";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("TwoFactorSettings", () => {
  it("groups the key in fours", () => {
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("turns on with a QR code and a code, shows the recovery codes once, then says it is on", async () => {
    const user = userEvent.setup();
    let enabled = false;
    api = mockApi((request) => {
      if (request.method === "GET")
        return { data: { enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 } };
      if (request.url === "users/me/two-factor/setup")
        return { data: { secret: SECRET, otpauthUrl: `otpauth://totp/Community:ada?secret=${SECRET}` } };
      if ((request.data as { code: string }).code !== "123456")
        return {
          status: 422,
          data: {
            message: "Validation Failed",
            status: 422,
            errors: [{ field: "code", code: "invalid", message: "That code is not right." }],
          },
        };
      enabled = true;
      return { data: { recoveryCodes: ["aaaaa-bbbbb", "ccccc-ddddd"] } };
    });
    renderWithStore(<TwoFactorSettings />);
    await user.click(await screen.findByRole("button", { name: "Turn On" }));
    expect(
      await screen.findByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeInTheDocument();
    expect(screen.getByText(groupSecret(SECRET))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open in an authenticator app" })).toHaveAttribute(
      "href",
      `otpauth://totp/Community:ada?secret=${SECRET}`,
    );
    const code = screen.getByLabelText(/Code from the app/);
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Turn On" }));
    expect(await screen.findByText("That code is not right.")).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Turn On" }));
    expect(await screen.findByText("aaaaa-bbbbb")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "I have saved these codes" }));
    await waitFor(() => expect(screen.getByText("10 recovery codes left.")).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Turn Off" })).toBeInTheDocument();
  });

  it("tells an administrator the site requires it", async () => {
    api = mockApi(() => ({ data: { enabled: false, required: true, recoveryCodesLeft: 0 } }));
    renderWithStore(<TwoFactorSettings />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This site requires administrators to turn on two-factor authentication.",
    );
  });
});
