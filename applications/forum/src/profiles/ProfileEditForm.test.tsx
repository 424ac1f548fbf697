import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ProfileEditForm, type ProfileEditFormProps } from "./ProfileEditForm";
import { publicUser } from "./profileCardTestFixtures";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function props(overrides: Partial<ProfileEditFormProps> = {}): ProfileEditFormProps {
  return {
    userID: 5,
    name: "Bob",
    email: "bob@example.com",
    photo: "",
    title: "",
    about: "",
    signature: "",
    private: false,
    hasPassword: true,
    ...overrides,
  };
}

function answer(reply: (body: unknown) => MockReply) {
  api = mockApi((request) => reply(request.data));
  return api;
}

describe("ProfileEditForm", () => {
  it("starts from the member's values", () => {
    renderWithStore(
      <ProfileEditForm {...props({ title: "Tester", signature: "I **test**", private: true })} />,
    );
    expect(screen.getByRole("textbox", { name: /Username/ })).toHaveValue("Bob");
    expect(screen.getByRole("textbox", { name: /Email/ })).toHaveValue("bob@example.com");
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Tester");
    expect(screen.getByRole("textbox", { name: "Signature" })).toHaveValue("I **test**");
    expect(screen.getByRole("textbox", { name: "Signature" })).toHaveAttribute("maxLength", "500");
    expect(screen.getByRole("checkbox", { name: "Make my profile private" })).toBeChecked();
    expect(screen.queryByLabelText(/Current Password/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Profile" })).toHaveAttribute("href", "/profile/Bob");
  });

  it("applies the server's name rule before sending anything", async () => {
    const mock = answer(() => ({ data: publicUser() }));
    renderWithStore(<ProfileEditForm {...props()} />);
    const name = screen.getByRole("textbox", { name: /Username/ });
    await userEvent.clear(name);
    await userEvent.type(name, "Bob/Smith");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Names may contain letters, numbers, spaces, dots, dashes and underscores."),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(mock.requests).toHaveLength(0);
  });

  it("asks for the current password when the email changes, and sends it along", async () => {
    const mock = answer(() => ({ data: publicUser({ email: "new@example.com" }) }));
    renderWithStore(<ProfileEditForm {...props()} />);
    const email = screen.getByRole("textbox", { name: /Email/ });
    await userEvent.clear(email);
    await userEvent.type(email, "new@example.com");
    const password = screen.getByLabelText(/Current Password/);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("Enter your current password to change your email or password."),
    ).toBeInTheDocument();
    expect(mock.requests).toHaveLength(0);
    await userEvent.type(password, "correct horse");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your changes have been saved.");
    expect(mock.requests).toEqual([
      {
        method: "PATCH",
        url: "users/5",
        params: undefined,
        data: { email: "new@example.com", passwordConfirmation: "correct horse" },
      },
    ]);
    expect(screen.queryByLabelText(/Current Password/)).not.toBeInTheDocument();
  });

  it("does not ask for a password when the account has none", async () => {
    answer(() => ({ data: publicUser() }));
    renderWithStore(<ProfileEditForm {...props({ hasPassword: false })} />);
    await userEvent.type(screen.getByRole("textbox", { name: /Email/ }), "x");
    expect(screen.queryByLabelText(/Current Password/)).not.toBeInTheDocument();
  });

  it("sends only the changed fields, clearing an emptied photo", async () => {
    const mock = answer(() => ({ data: publicUser() }));
    renderWithStore(<ProfileEditForm {...props({ photo: "https://images.example.com/old.png" })} />);
    await userEvent.clear(screen.getByRole("textbox", { name: "Photo URL" }));
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "Resident tester");
    await userEvent.click(screen.getByRole("checkbox", { name: "Make my profile private" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("status");
    expect(mock.requests[0]?.data).toEqual({ photo: null, title: "Resident tester", private: true });
  });

  it("sends the signature as typed, and null when it is emptied", async () => {
    const mock = answer(() => ({ data: publicUser() }));
    renderWithStore(<ProfileEditForm {...props()} />);
    const signature = screen.getByRole("textbox", { name: "Signature" });
    await userEvent.type(signature, "  Cheers, **Bob**  ");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("status");
    expect(mock.requests[0]?.data).toEqual({ signature: "Cheers, **Bob**" });
    await userEvent.clear(signature);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(mock.requests).toHaveLength(2));
    expect(mock.requests[1]?.data).toEqual({ signature: null });
  });

  it("shows the server's signature error under the field", async () => {
    answer(() => ({
      status: 422,
      data: {
        message: "Validation failed.",
        status: 422,
        errors: [
          { field: "signature", code: "maxLength", message: "signature must be at most 500 characters." },
        ],
      },
    }));
    renderWithStore(<ProfileEditForm {...props()} />);
    const signature = screen.getByRole("textbox", { name: "Signature" });
    await userEvent.type(signature, "Too long");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("signature must be at most 500 characters.")).toBeInTheDocument();
    expect(signature).toHaveAttribute("aria-invalid", "true");
  });

  it("lists the server's validation errors under their fields", async () => {
    answer(() => ({
      status: 422,
      data: {
        message: "Validation failed.",
        status: 422,
        errors: [
          {
            field: "name",
            code: "unique",
            message: "The name you entered is already in use by another member.",
          },
        ],
      },
    }));
    renderWithStore(<ProfileEditForm {...props()} />);
    await userEvent.type(screen.getByRole("textbox", { name: /Username/ }), "by");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const errors = await screen.findByRole("alert");
    expect(
      within(errors).getByText("The name you entered is already in use by another member."),
    ).toBeInTheDocument();
  });

  it("shows a failure without field errors as a message", async () => {
    answer(() => ({ status: 403, data: { message: "Permission Problem", status: 403 } }));
    renderWithStore(<ProfileEditForm {...props()} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "x");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
  });

  it("saves the About text, trimmed, and clears it with an empty box", async () => {
    const api = answer((body) => ({
      data: { userID: 5, name: "Bob", email: "bob@example.com", ...(body as object) },
    }));
    const user = userEvent.setup();
    renderWithStore(<ProfileEditForm {...props({ about: "Old words" })} />);
    const about = screen.getByRole("textbox", { name: "About" });
    expect(about).toHaveValue("Old words");
    await user.clear(about);
    await user.type(about, "  I grow tomatoes.  ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({
      method: "PATCH",
      url: "users/5",
      data: { about: "I grow tomatoes." },
    });
    await user.clear(about);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]).toMatchObject({ data: { about: null } });
  });
});
