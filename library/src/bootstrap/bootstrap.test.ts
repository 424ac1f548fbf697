import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import {
  BOOTSTRAP_ELEMENT_ID,
  getBootstrap,
  getConfig,
  hasBootstrap,
  resetBootstrap,
  siteUrl,
} from "./bootstrap";

describe("bootstrap", () => {
  afterEach(() => removeBootstrap());

  it("defaults to a guest when the page has no bootstrap", () => {
    expect(hasBootstrap()).toBe(false);
    const bootstrap = getBootstrap();
    expect(bootstrap.currentUser).toMatchObject({ userID: 0, name: "Guest", email: null });
    expect(bootstrap.basePath).toBe("");
    expect(bootstrap.debug).toBe(false);
    expect(siteUrl("/entry/signin")).toBe("/entry/signin");
  });

  it("reads the embedded JSON and prefixes the base path", () => {
    installBootstrap({
      basePath: "/forum/",
      currentUser: makeMe(),
      config: { "ui.editContentTimeout": 3600 },
    });
    expect(hasBootstrap()).toBe(true);
    expect(getBootstrap().currentUser.name).toBe("Alice");
    expect(siteUrl("/discussions")).toBe("/forum/discussions");
    expect(siteUrl("categories")).toBe("/forum/categories");
    // A link the server already wrote in the base path (a site section's page) is not prefixed twice.
    expect(siteUrl("/forum/categories/x")).toBe("/forum/categories/x");
    expect(siteUrl("/forum")).toBe("/forum");
    expect(siteUrl("/forumers")).toBe("/forum/forumers");
    expect(siteUrl("https://example.com/x")).toBe("https://example.com/x");
    expect(getConfig("ui.editContentTimeout", -1)).toBe(3600);
    expect(getConfig("missing", "fallback")).toBe("fallback");
  });

  it("falls back on invalid JSON and logs", () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const script = document.createElement("script");
    script.id = BOOTSTRAP_ELEMENT_ID;
    script.type = "application/json";
    script.textContent = "{not json";
    document.head.appendChild(script);
    resetBootstrap();
    expect(getBootstrap().currentUser.userID).toBe(0);
    expect(hasBootstrap()).toBe(false);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
