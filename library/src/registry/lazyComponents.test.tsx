import { act, render, screen } from "@testing-library/react";
import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { resetStore } from "@library/src/redux/store";
import {
  componentNamesIn,
  getComponent,
  loadComponents,
  registerComponent,
  registerLazyComponent,
} from "./componentRegistry";
import { loadAndMountLegacyWidgets } from "./mountLegacyWidgets";
import { resetRegistry } from "./registryStore";

function Greeting({ greeting }: { greeting: string }) {
  return <p>{greeting}</p>;
}

/** A loader that resolves when the test says so, counting its calls. */
function deferredLoader() {
  let resolve: () => void = () => undefined;
  const arrived = new Promise<void>((done) => (resolve = done));
  const load = jest.fn(async () => {
    await arrived;
    return Greeting;
  });
  return { load, arrive: () => resolve() };
}

describe("lazily registered components", () => {
  beforeEach(() => {
    resetRegistry();
    resetStore();
  });
  afterEach(() => {
    removeBootstrap();
    document.body.innerHTML = "";
  });

  it("are not fetched until a page needs them, then fetched once and registered as themselves", async () => {
    const greeting = deferredLoader();
    registerLazyComponent("Greeting", greeting.load);
    expect(greeting.load).not.toHaveBeenCalled();

    const loading = Promise.all([loadComponents(["Greeting"]), loadComponents(["Greeting", "Unknown"])]);
    greeting.arrive();
    await loading;
    expect(greeting.load).toHaveBeenCalledTimes(1);
    expect(getComponent("Greeting")).toBe(Greeting);
  });

  it("render through a stand-in behind Suspense where a caller gets one before the code arrived", async () => {
    const greeting = deferredLoader();
    registerLazyComponent("Greeting", greeting.load);
    const StandIn = getComponent("Greeting");
    expect(StandIn).toBeDefined();
    expect(StandIn).not.toBe(Greeting);
    if (!StandIn) return;
    render(<StandIn greeting="Hello" />);
    expect(screen.queryByText("Hello")).not.toBeInTheDocument();
    await act(async () => greeting.arrive());
    expect(await screen.findByText("Hello")).toBeInTheDocument();
  });

  it("give way to a later eager registration of the same name", async () => {
    registerLazyComponent("Greeting", async () => () => <p>lazy</p>);
    registerComponent("Greeting", Greeting);
    await loadComponents(["Greeting"]);
    expect(getComponent("Greeting")).toBe(Greeting);
  });

  it("on a server-rendered page, load only the widgets the page has and mount them with their content", async () => {
    installBootstrap({ currentUser: makeMe() });
    const greeting = deferredLoader();
    const absent = jest.fn(async () => Greeting);
    registerLazyComponent("Greeting", greeting.load);
    registerLazyComponent("NotOnThisPage", absent);
    document.body.innerHTML = `<div data-react="Greeting" data-props='{"greeting":"Hi there"}'></div>`;

    let mounted: Promise<number> = Promise.resolve(0);
    act(() => {
      mounted = loadAndMountLegacyWidgets();
    });
    greeting.arrive();
    await act(async () => {
      expect(await mounted).toBe(1);
    });
    expect(screen.getByText("Hi there")).toBeInTheDocument();
    expect(absent).not.toHaveBeenCalled();
  });

  it("finds the widget names of a page tree, nested in props", () => {
    const tree = [
      {
        $reactComponent: "SectionOneColumn",
        $reactProps: { children: [{ $reactComponent: "PostActions", $reactProps: { recordID: 1 } }] },
      },
    ];
    expect([...componentNamesIn(tree)]).toEqual(["SectionOneColumn", "PostActions"]);
  });
});
