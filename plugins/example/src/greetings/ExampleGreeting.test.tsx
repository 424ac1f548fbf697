import { render, screen } from "@testing-library/react";
import { node } from "@forum/api/layoutNode";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { resetRegistry } from "@library/src/registry/registryStore";
import { registerExampleWidgets } from "./registerExampleWidgets";

afterEach(() => resetRegistry());

describe("ExampleGreeting", () => {
  it("renders its slot node in a layout once the add-on's entry has registered it", () => {
    registerExampleWidgets();
    render(<LayoutRenderer nodes={[node("ExampleGreeting", { greeting: "Welcome to the discussion!" })]} />);
    expect(screen.getByText("Welcome to the discussion!")).toHaveClass("exampleGreeting");
  });
});
