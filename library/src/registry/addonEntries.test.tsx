import { act, screen } from "@testing-library/react";
import { resetStore } from "@library/src/redux/store";
import { installBootstrap, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { loadAddonEntries, registerAddonEntry } from "./addonEntries";
import { registerComponent } from "./componentRegistry";
import { mountLegacyWidgets } from "./mountLegacyWidgets";
import { resetRegistry } from "./registryStore";

describe("add-on entries", () => {
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    resetRegistry();
    resetStore();
    installBootstrap({});
  });
  afterEach(() => {
    error.mockRestore();
    removeBootstrap();
    document.body.innerHTML = "";
  });

  it("loads only the enabled add-ons, and their widgets mount on a server-rendered page", async () => {
    const disabledLoader = jest.fn();
    registerAddonEntry("greetings", async () => {
      // An entry fetches its code first: registration happens after an await.
      await Promise.resolve();
      registerComponent("GreetingWidget", ({ text }: { text: string }) => <p>{text}</p>);
    });
    registerAddonEntry("disabled", disabledLoader);
    registerAddonEntry("broken", () => {
      throw new Error("chunk failed");
    });
    document.body.innerHTML = `<div data-react="GreetingWidget" data-props='{"text":"Hello from an add-on"}'></div>`;

    await loadAddonEntries(["greetings", "broken"]);
    act(() => {
      mountLegacyWidgets();
    });

    expect(screen.getByText("Hello from an add-on")).toBeInTheDocument();
    expect(disabledLoader).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith("The broken add-on failed to load in the browser.", expect.any(Error));
  });

  it("would leave an add-on widget unmounted if mounting did not wait (why the entries load first)", () => {
    registerAddonEntry("greetings", async () => {
      await Promise.resolve();
      registerComponent("GreetingWidget", () => <p>late</p>);
    });
    document.body.innerHTML = `<div data-react="GreetingWidget"></div>`;
    void loadAddonEntries(["greetings"]);
    let count = 0;
    act(() => {
      count = mountLegacyWidgets();
    });
    expect(count).toBe(0);
    expect(error).toHaveBeenCalledWith('Could not mount "GreetingWidget"', expect.any(Error));
  });
});

describe("add-on entries registered after the page started", () => {
  afterEach(() => resetRegistry());

  it("still load: the page starts loading only after every entry module of the bundle has run", async () => {
    const loaded = loadAddonEntries(["late"]);
    const loader = jest.fn();
    registerAddonEntry("late", loader);
    await loaded;
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
