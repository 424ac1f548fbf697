import { render, screen } from "@testing-library/react";
import { CountBadge } from "@library/src/ui/CountBadge/CountBadge";
import { NumberFormatted } from "./NumberFormatted";

describe("NumberFormatted and CountBadge", () => {
  it("abbreviates with the full value in the title", () => {
    render(<NumberFormatted value={1_234_567} />);
    expect(screen.getByText("1.2m")).toHaveAttribute("title", "1,234,567");
  });

  it("caps the badge at 99+ and hides zero", () => {
    const { rerender, container } = render(<CountBadge count={120} label="Notifications" />);
    expect(screen.getByText("99+")).toHaveAttribute("aria-label", "Notifications: 99+");
    rerender(<CountBadge count={7} />);
    expect(screen.getByText("7")).toBeInTheDocument();
    rerender(<CountBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
