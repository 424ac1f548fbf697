import { fireEvent, render, screen } from "@testing-library/react";
import { UserPhoto } from "./UserPhoto";

describe("UserPhoto", () => {
  it("shows the photo at the given size", () => {
    render(<UserPhoto photoUrl="/uploads/alice.png" size={70} alt="Alice" />);
    const photo = screen.getByRole("img", { name: "Alice" });
    expect(photo).toHaveAttribute("src", "/uploads/alice.png");
    expect(photo).toHaveAttribute("width", "70");
  });

  it("falls back to the generic avatar without a photo url", () => {
    render(<UserPhoto photoUrl="" size={28} alt="Alice" />);
    expect(screen.getByRole("img", { name: "Alice" }).tagName.toLowerCase()).toBe("svg");
  });

  it("falls back to the generic avatar when the photo fails to load", () => {
    render(<UserPhoto photoUrl="/uploads/missing.png" size={28} />);
    const photo = document.querySelector("img.userPhoto");
    expect(photo).not.toBeNull();
    fireEvent.error(photo!);
    expect(document.querySelector("img.userPhoto")).toBeNull();
    expect(screen.getByTestId("generic-avatar")).toHaveAttribute("aria-hidden", "true");
  });
});
