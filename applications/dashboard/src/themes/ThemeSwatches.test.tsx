import type { Theme } from "@forum/api/themes";
import { render, screen } from "@testing-library/react";
import { loadTranslations, resetTranslations } from "@library/src/i18n/translate";
import { ThemeCardInfo } from "./ThemeCardInfo";
import { ThemeSwatches } from "./ThemeSwatches";

function theme(preview: Theme["preview"]): Theme {
  return {
    themeID: 4,
    type: "themeDB",
    name: "Postcard",
    version: "1.0.0",
    current: false,
    active: true,
    revisionID: 9,
    ...(preview ? { preview } : {}),
  };
}

beforeEach(() => loadTranslations({}));
afterEach(() => resetTranslations());

describe("theme card preview", () => {
  it("draws the theme's title bar, page, text and button colours over its background image", () => {
    const { container } = render(
      <ThemeSwatches
        theme={theme({
          preset: "dark",
          globalPrimary: "#ff8800",
          globalBg: "#161b22",
          globalFg: "#e6edf3",
          titleBarBg: "#101820",
          titleBarFg: "#fefefe",
          backgroundImage: "/uploads/themes/waves.png",
        })}
      />,
    );
    const page = container.querySelector<HTMLElement>(".themeSwatches")!;
    expect(page).toHaveAttribute("aria-hidden", "true");
    expect(page.style.backgroundColor).toBe("rgb(22, 27, 34)");
    expect(page.style.backgroundImage).toBe('url("/uploads/themes/waves.png")');
    expect(container.querySelector<HTMLElement>(".themeSwatches-titleBar")!.style.background).toBe(
      "rgb(16, 24, 32)",
    );
    expect(container.querySelector<HTMLElement>(".themeSwatches-titleBarText")!.style.background).toBe(
      "rgb(254, 254, 254)",
    );
    expect(container.querySelector<HTMLElement>(".themeSwatches-button")!.style.background).toBe(
      "rgb(255, 136, 0)",
    );
  });

  it("shows the theme's own picture when it names one, and the defaults when it names nothing", () => {
    const { container, rerender } = render(
      <ThemeSwatches theme={theme({ imageUrl: "/uploads/themes/postcard.png" })} />,
    );
    expect(container.querySelector("img.themeSwatches-image")).toHaveAttribute(
      "src",
      "/uploads/themes/postcard.png",
    );
    rerender(<ThemeSwatches theme={theme(undefined)} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector<HTMLElement>(".themeSwatches-titleBar")!.style.background).toBe(
      "rgb(8, 102, 194)",
    );
  });

  it("lists when the theme was made and its template, in the reader's language", () => {
    loadTranslations({ Created: "Créé", Template: "Modèle" }, "fr");
    render(
      <ThemeCardInfo
        theme={theme({
          info: {
            Created: { type: "date", value: "2026-03-14T09:26:00Z" },
            Template: { type: "string", value: "Dark" },
            Other: { type: "string", value: "left out" },
          },
        })}
      />,
    );
    expect(screen.getByText("Créé")).toBeInTheDocument();
    expect(screen.getByText("Modèle")).toBeInTheDocument();
    expect(screen.getByText("Dark")).toBeInTheDocument();
    expect(screen.getByText(/14 mars 2026/)).toHaveAttribute("datetime", "2026-03-14T09:26:00Z");
    expect(screen.queryByText("left out")).toBeNull();
  });
});
