import { act, screen } from "@testing-library/react";
import { getComponent } from "@library/src/registry/componentRegistry";
import { resetRegistry } from "@library/src/registry/registryStore";
import { getStore, resetStore } from "@library/src/redux/store";
import { TitleBar } from "@library/src/titleBar/TitleBar";
import { addToast } from "@library/src/ui/Toast/useToast";
import { TOAST_ROOT_ID, markPageReady, mountToastContainer, registerTitleBar } from "./mountPageChrome";

describe("page chrome", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    document.body.className = "";
    resetRegistry();
    resetStore();
  });

  it("registers the TitleBar under its own name", () => {
    registerTitleBar();
    expect(getComponent("TitleBar")).toBe(TitleBar);
  });

  it("renders one toast container in #modals, on the shared store", async () => {
    const modals = document.createElement("div");
    modals.id = "modals";
    document.body.appendChild(modals);
    let node: HTMLElement | undefined;
    await act(async () => {
      node = mountToastContainer();
      await Promise.resolve();
    });
    expect(node?.parentElement).toBe(modals);
    expect(mountToastContainer()).toBe(node);
    expect(document.querySelectorAll(`#${TOAST_ROOT_ID}`)).toHaveLength(1);
    act(() => {
      addToast(getStore().dispatch, { message: "Link copied to clipboard." });
    });
    expect(await screen.findByText("Link copied to clipboard.")).toBeInTheDocument();
  });

  it("removes the isLoading class", () => {
    document.body.classList.add("isLoading");
    markPageReady();
    expect(document.body).not.toHaveClass("isLoading");
  });
});
