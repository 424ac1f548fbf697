import { act, screen } from "@testing-library/react";
import { LoadStatus } from "@library/src/loadable/loadable";
import { useAppSelector } from "@library/src/redux/hooks";
import { resetStore } from "@library/src/redux/store";
import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { registerComponent } from "./componentRegistry";
import { mountLegacyWidgets } from "./mountLegacyWidgets";
import { resetRegistry } from "./registryStore";

function Greeting({ greeting }: { greeting: string }) {
  const name = useAppSelector((state) =>
    state.currentUser.current.status === LoadStatus.SUCCESS ? state.currentUser.current.data.name : "?",
  );
  return <p>{`${greeting}, ${name}`}</p>;
}

function Broken(): never {
  throw new Error("render failed");
}

describe("mountLegacyWidgets", () => {
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    resetRegistry();
    resetStore();
    registerComponent("Greeting", Greeting);
    registerComponent("Broken", Broken);
  });
  afterEach(() => {
    error.mockRestore();
    removeBootstrap();
    document.body.innerHTML = "";
  });

  it("mounts valid widgets with props and the shared store, skipping bad ones", () => {
    installBootstrap({ currentUser: makeMe({ name: "Dana" }) });
    document.body.innerHTML = `
      <div data-react="Greeting" data-props='{"greeting":"Hello"}' data-unhide hidden id="one"></div>
      <div data-react="Greeting" data-props='{bad json'></div>
      <div data-react="Missing"></div>
      <div data-react="Greeting" data-props='{"greeting":"Hi"}'></div>`;
    let count = 0;
    act(() => {
      count = mountLegacyWidgets();
    });
    expect(count).toBe(2);
    expect(screen.getByText("Hello, Dana")).toBeVisible();
    expect(document.getElementById("one")).not.toHaveAttribute("hidden");
    expect(screen.getByText("Hi, Dana")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Could not mount "Greeting"', expect.any(SyntaxError));
    expect(error).toHaveBeenCalledWith('Could not mount "Missing"', expect.any(Error));
    expect(screen.queryByText(/There was a problem loading/)).not.toBeInTheDocument();

    // A second pass mounts nothing twice.
    act(() => {
      count = mountLegacyWidgets();
    });
    expect(count).toBe(0);
    expect(screen.getAllByText("Hello, Dana")).toHaveLength(1);
  });

  it("shows the load failure message in debug mode", () => {
    installBootstrap({ debug: true });
    const root = document.createElement("section");
    root.innerHTML = `<div data-react="Missing"></div><div data-react="Broken"></div>`;
    document.body.appendChild(root);
    act(() => {
      mountLegacyWidgets(root);
    });
    expect(screen.getByText('There was a problem loading "Missing"')).toBeInTheDocument();
    expect(screen.getByText('There was a problem loading "Broken"')).toBeInTheDocument();
  });
});
