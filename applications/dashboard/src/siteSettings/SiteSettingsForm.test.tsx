import type { SiteSettingsGroup } from "@forum/api/siteSettings";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { EmailSettingsSection } from "./siteSettingsSections";
import { SiteSettingsForm } from "./SiteSettingsForm";

const GENERAL: SiteSettingsGroup = {
  key: "general",
  label: "General",
  fields: [
    {
      key: "garden.title",
      type: "string",
      label: "Site title",
      description: "The name of the site.",
      default: "Community",
      required: true,
      maxLength: 100,
    },
    { key: "garden.description", type: "text", label: "Site description", default: "", required: false },
    {
      key: "registration.method",
      type: "enum",
      label: "Registration method",
      default: "basic",
      required: true,
      options: [
        { value: "basic", label: "Basic" },
        { value: "approval", label: "Approval" },
      ],
    },
    {
      key: "forum.disabled",
      type: "boolean",
      label: "Take the forum offline",
      default: false,
      required: false,
    },
    { key: "branding.logo", type: "string", label: "Logo", default: "", required: false, upload: true },
  ],
};

const EMAIL: SiteSettingsGroup = {
  key: "email",
  label: "Email",
  fields: [
    { key: "email.smtp.host", type: "string", label: "SMTP host", default: "", required: false },
    {
      key: "email.smtp.password",
      type: "string",
      label: "SMTP password",
      default: "",
      required: false,
      secret: true,
    },
  ],
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("SiteSettingsForm", () => {
  it("renders the declared fields with their stored values and saves only what changed", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.url === "dashboard/settings/general") return { data: GENERAL };
      if (request.method === "GET")
        return { data: { "garden.title": "Gardeners", "registration.method": "basic" } };
      return { status: 204 };
    });
    renderWithStore(<SiteSettingsForm groupKey="general" />);
    const title = await screen.findByLabelText(/Site title/);
    expect(title).toHaveValue("Gardeners");
    expect(title).toHaveAttribute("maxlength", "100");
    expect(title).toBeRequired();
    expect(screen.getByText("The name of the site.")).toBeInTheDocument();
    expect(screen.getByLabelText("Site description")).toHaveValue("");
    expect(screen.getByLabelText(/Registration method/)).toHaveValue("basic");
    expect(screen.getByLabelText("Take the forum offline")).not.toBeChecked();
    expect(api.requests[1]).toMatchObject({
      url: "config",
      params: { select: "garden.title,garden.description,registration.method,forum.disabled,branding.logo" },
    });
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    expect(screen.queryByText("You have unsaved changes")).not.toBeInTheDocument();

    await user.clear(title);
    await user.type(title, "Growers");
    await user.selectOptions(screen.getByLabelText(/Registration method/), "approval");
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByText("You have unsaved changes")).not.toBeInTheDocument());
    expect(api.requests.at(-1)).toEqual({
      method: "PATCH",
      url: "config",
      params: undefined,
      data: { "garden.title": "Growers", "registration.method": "approval" },
    });
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("puts each error under its field first and only other errors above the form (SPEC 5)", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.url === "dashboard/settings/general") return { data: GENERAL };
      if (request.method === "GET") return { data: { "garden.title": "Gardeners" } };
      return {
        status: 422,
        data: {
          message: "Validation Failed",
          status: 422,
          errors: [
            { field: "garden.title", code: "invalid", message: "The site needs a title." },
            { field: "garden.locale", code: "invalid", message: "That locale is not installed." },
          ],
        },
      };
    });
    renderWithStore(<SiteSettingsForm groupKey="general" />);
    const title = await screen.findByLabelText(/Site title/);
    await user.clear(title);
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("The site needs a title.")).toBeInTheDocument();
    expect(title).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(title).toHaveFocus());
    const alerts = screen.getAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      "That locale is not installed.",
      "The site needs a title.",
    ]);
    expect(screen.queryByText("Validation Failed")).not.toBeInTheDocument();
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
  });

  it("shows a general error when the server gives no field (a missing permission)", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.url === "dashboard/settings/general") return { data: GENERAL };
      if (request.method === "GET") return { data: {} };
      return {
        status: 403,
        data: {
          message: "Permission Problem",
          status: 403,
          description: "You need the site.manage permission.",
        },
      };
    });
    renderWithStore(<SiteSettingsForm groupKey="general" />);
    await user.click(await screen.findByLabelText("Take the forum offline"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Permission Problem You need the site.manage permission.",
    );
  });

  it("uploads an image into an image setting and saves its address", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.url === "dashboard/settings/general") return { data: GENERAL };
      if (request.url === "media")
        return {
          status: 201,
          data: { mediaID: 3, url: "/uploads/logo.png", name: "logo.png", type: "image/png" },
        };
      if (request.method === "GET") return { data: { "garden.title": "Gardeners" } };
      return { status: 204 };
    });
    renderWithStore(<SiteSettingsForm groupKey="general" />);
    const logo = await screen.findByRole("textbox", { name: "Logo" });
    await user.upload(
      screen.getByLabelText("Upload Logo"),
      new File(["png"], "logo.png", { type: "image/png" }),
    );
    await waitFor(() => expect(logo).toHaveValue("/uploads/logo.png"));
    expect(screen.getByRole("img", { name: "Current Logo" })).toHaveAttribute("src", "/uploads/logo.png");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api?.requests.at(-1)).toMatchObject({
        method: "PATCH",
        data: { "branding.logo": "/uploads/logo.png" },
      }),
    );
  });

  it("never reads a secret back, sends it only when typed, and sends a test email", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.url === "dashboard/settings/email") return { data: EMAIL };
      if (request.url === "config" && request.method === "GET") return { data: { "email.smtp.host": "" } };
      if (request.url === "dashboard/settings/test-email")
        return { status: 201, data: { mailID: 7, to: "admin@example.test", delivery: "outbox" } };
      return { status: 204 };
    });
    renderWithStore(
      <MemoryRouter>
        <EmailSettingsSection />
      </MemoryRouter>,
    );
    const password = await screen.findByLabelText("SMTP password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveValue("");
    expect(api.requests[1]).toMatchObject({ params: { select: "email.smtp.host" } });

    await user.type(screen.getByLabelText("SMTP host"), "smtp.example.test");
    await user.type(password, "s3cret");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(password).toHaveValue(""));
    expect(api.requests.at(-1)).toMatchObject({
      method: "PATCH",
      data: { "email.smtp.host": "smtp.example.test", "email.smtp.password": "s3cret" },
    });
    expect(screen.queryByText("You have unsaved changes")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Send test email" }));
    expect(
      await screen.findByText(/A test email to admin@example.test is in the outbox \(no SMTP host is set\)./),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the mail outbox" })).toHaveAttribute(
      "href",
      "/dashboard/mail",
    );
    expect(api.requests.at(-1)).toMatchObject({
      method: "POST",
      url: "dashboard/settings/test-email",
      data: {},
    });
  });
});
