import { readFileSync } from "node:fs";
import { join } from "node:path";
import { applyThemeVariables, themeVariables } from "./themeVariables";

describe("theme variables", () => {
  it("match the :root defaults in global.css", () => {
    const css = readFileSync(join(__dirname, "global.css"), "utf8");
    const root = /:root \{([^}]*)\}/.exec(css)?.[1] ?? "";
    const declared = Object.fromEntries([...root.matchAll(/(--[\w-]+): ([^;]+);/g)].map((m) => [m[1], m[2]]));
    expect(declared).toEqual(themeVariables);
  });

  it("carry the SPEC 9 constants", () => {
    expect(themeVariables["--z-index-title-bar"]).toBe("1050");
    expect(themeVariables["--z-index-overlay"]).toBe("1060");
    expect(themeVariables["--title-bar-height"]).toBe("48px");
    expect(themeVariables["--title-bar-height-mobile"]).toBe("44px");
    expect(themeVariables["--toast-width"]).toBe("280px");
    expect(themeVariables["--toast-width-wide"]).toBe("380px");
    expect(themeVariables["--modal-xl"]).toBe("1022px");
    expect(themeVariables["--font-family"]).toMatch(/^"Open Sans"/);
  });

  it("applies overrides as custom properties", () => {
    applyThemeVariables({ "--color-primary": "#a00" });
    expect(document.documentElement.style.getPropertyValue("--color-primary")).toBe("#a00");
  });

  it("imports Open Sans 400, 600 and 700 from the npm package", () => {
    const css = readFileSync(join(__dirname, "fonts.css"), "utf8");
    for (const weight of [400, 600, 700]) {
      const file = `@fontsource/open-sans/${weight}.css`;
      expect(css).toContain(`@import "${file}"`);
      expect(() => require.resolve(file)).not.toThrow();
    }
  });
});
