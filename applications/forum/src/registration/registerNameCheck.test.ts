import { act, screen } from "@testing-library/react";
import { installRegisterNameCheck, NAME_CHECK_DELAY_MS, NAME_TAKEN_MESSAGE } from "./registerNameCheck";

function registerForm(serverError?: string): HTMLInputElement {
  document.body.innerHTML = `<form method="post" action="/entry/register">
    <div class="formGroup">
      <label for="entry-name">Username</label>
      <input class="inputText" id="entry-name" name="name" value="" />
      ${serverError ? `<ul class="formGroup-errors" role="alert"><li>${serverError}</li></ul>` : ""}
    </div>
  </form>`;
  return document.getElementById("entry-name") as HTMLInputElement;
}

async function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  await act(async () => {
    jest.advanceTimersByTime(NAME_CHECK_DELAY_MS);
    await Promise.resolve();
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = "";
});

describe("the registration form's name check", () => {
  it("says a name is taken as it is typed, and takes it back for a free name", async () => {
    const input = registerForm();
    const lookup = jest.fn((name: string) => Promise.resolve(name.toLowerCase() === "ana"));
    installRegisterNameCheck(document, lookup);

    await type(input, "Ana");
    expect(screen.getByRole("alert")).toHaveTextContent(NAME_TAKEN_MESSAGE);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(NAME_TAKEN_MESSAGE);

    await type(input, "Ana Maria");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(lookup).toHaveBeenLastCalledWith("Ana Maria");
  });

  it("looks up once typing pauses, and drops the server's message about the name sent before", async () => {
    const input = registerForm(NAME_TAKEN_MESSAGE);
    const lookup = jest.fn(() => Promise.resolve(false));
    installRegisterNameCheck(document, lookup);
    expect(screen.getByRole("alert")).toHaveTextContent(NAME_TAKEN_MESSAGE);
    input.value = "b";
    input.dispatchEvent(new Event("input"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    input.value = "bo";
    input.dispatchEvent(new Event("input"));
    await act(async () => {
      jest.advanceTimersByTime(NAME_CHECK_DELAY_MS);
      await Promise.resolve();
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith("bo");
  });

  it("does nothing on a page without the registration form", () => {
    document.body.innerHTML = `<form action="/entry/signin"><input name="name" /></form>`;
    const lookup = jest.fn(() => Promise.resolve(true));
    installRegisterNameCheck(document, lookup)();
    expect(lookup).not.toHaveBeenCalled();
  });
});
