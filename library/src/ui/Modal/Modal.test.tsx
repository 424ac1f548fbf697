import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Modal } from "./Modal";
import { openModalCount } from "./modalStack";

function Harness({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal isVisible={open} onClose={() => setOpen(false)} title="Unsaved Changes" size="small">
        <p>You have unsaved changes</p>
        <button>Continue</button>
        {nested && <button onClick={() => setInner(true)}>More</button>}
        <Modal isVisible={inner} onClose={() => setInner(false)} title="Discard Draft">
          <button>Discard</button>
        </Modal>
      </Modal>
    </>
  );
}

describe("Modal", () => {
  let page: HTMLElement;
  beforeEach(() => {
    page = document.createElement("div");
    page.id = "page";
    document.body.appendChild(page);
  });
  afterEach(() => page.remove());

  it("is a labelled dialog that hides the page, traps focus, closes on Escape and returns focus", async () => {
    const user = userEvent.setup();
    render(<Harness />, { container: page });
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);

    const dialog = screen.getByRole("dialog", { name: "Unsaved Changes" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveClass("modal--small");
    expect(page).toHaveAttribute("aria-hidden", "true");
    expect(page).toHaveAttribute("inert");

    const close = screen.getByRole("button", { name: "Close" });
    const cont = screen.getByRole("button", { name: "Continue" });
    expect(cont).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(cont).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(page).not.toHaveAttribute("aria-hidden");
    expect(page).not.toHaveAttribute("inert");
    expect(opener).toHaveFocus();
  });

  it("stacks: Escape closes only the top modal and the page stays hidden until the last closes", async () => {
    const user = userEvent.setup();
    render(<Harness nested />, { container: page });
    await user.click(screen.getByRole("button", { name: "Open" }));
    const more = screen.getByRole("button", { name: "More" });
    await user.click(more);
    expect(screen.getByRole("dialog", { name: "Discard Draft" })).toBeInTheDocument();
    expect(openModalCount()).toBe(2);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Discard Draft" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Unsaved Changes" })).toBeInTheDocument();
    expect(page).toHaveAttribute("aria-hidden", "true");
    expect(more).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(page).not.toHaveAttribute("aria-hidden");
    expect(openModalCount()).toBe(0);
  });
});
