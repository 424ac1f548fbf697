import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Checkbox } from "./Checkbox";
import { InputField } from "./InputField";
import { PasswordField } from "./PasswordField";

describe("form fields", () => {
  it("labels the input, marks it required and lists errors under it", () => {
    render(
      <InputField
        label="Username"
        name="name"
        required
        errors={[{ field: "name", message: "Name is required." }, "Name is too short."]}
      />,
    );
    const input = screen.getByRole("textbox", { name: /Username/ });
    expect(input).toBeRequired();
    expect(screen.getByText("*")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Name is required.Name is too short.");
    expect(input).toHaveAttribute("aria-describedby", alert.id);
    expect(input).toHaveAccessibleDescription("Name is required. Name is too short.");
  });

  it("has no error state without errors and keeps a description", () => {
    render(<InputField label="Email" description="We never share it." />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("We never share it.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText("*")).not.toBeInTheDocument();
  });

  it("shows and hides a password", async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show Password" }));
    expect(input).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide Password" }));
    expect(input).toHaveAttribute("type", "password");
  });

  it("toggles a checkbox by its label and shows its errors", async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Keep me signed in" errors={["Must agree."]} />);
    const box = screen.getByRole("checkbox", { name: "Keep me signed in" });
    await user.click(screen.getByText("Keep me signed in"));
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription("Must agree.");
  });
});
