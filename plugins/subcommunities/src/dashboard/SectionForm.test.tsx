import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import type { SiteSectionPost } from "../../api/subcommunitiesApi";
import { SectionForm } from "./SectionForm";

const LOCALES = [
  { localeKey: "en", name: "English" },
  { localeKey: "fr", name: "Français" },
];
const CATEGORIES = [
  { categoryID: 3, name: "Communauté", depth: 1 },
  { categoryID: 4, name: "Jardinage", depth: 2 },
];

describe("SectionForm", () => {
  it("sends the section's fields and shows the server's field errors under their fields", async () => {
    const user = userEvent.setup();
    const sent: SiteSectionPost[] = [];
    // The first answer is an API error as the client normalises it (toApiError keeps it as it is).
    const refusal = Object.assign(new Error("Validation Failed"), {
      status: 422,
      errors: {
        slug: [{ field: "slug", message: "Another subcommunity has this slug.", code: "duplicate" }],
      },
    });
    const onSubmit = jest.fn((body: SiteSectionPost) => {
      sent.push(body);
      return sent.length === 1 ? Promise.reject(refusal) : Promise.resolve();
    });
    renderWithStore(
      <SectionForm
        locales={LOCALES}
        categories={CATEGORIES}
        themes={[{ themeKey: "theme-dark", name: "Dark" }]}
        onSubmit={onSubmit}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.getByRole("form", { name: "New subcommunity" })).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Communauté");
    await user.type(screen.getByRole("textbox", { name: /Slug/ }), "FR");
    await user.selectOptions(screen.getByRole("combobox", { name: /Language/ }), "fr");
    await user.selectOptions(screen.getByRole("combobox", { name: /Root category/ }), "3");
    await user.selectOptions(screen.getByRole("combobox", { name: /Theme/ }), "theme-dark");
    await user.type(screen.getByRole("textbox", { name: /Description/ }), "Bienvenue");
    await user.type(screen.getByRole("textbox", { name: /Navigation/ }), "Aide | /fr/categories");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(sent[0]).toEqual({
      name: "Communauté",
      slug: "fr",
      locale: "fr",
      rootCategoryID: 3,
      description: "Bienvenue",
      themeKey: "theme-dark",
      navigation: [{ name: "Aide", url: "/fr/categories" }],
    });
    const slug = screen.getByRole("textbox", { name: /Slug/ });
    expect(await screen.findByText("Another subcommunity has this slug.")).toBeInTheDocument();
    expect(slug).toHaveAttribute("aria-invalid", "true");
    await user.clear(slug);
    await user.type(slug, "communaute");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(sent[1]).toMatchObject({ slug: "communaute" });
    expect(screen.queryByText("Another subcommunity has this slug.")).not.toBeInTheDocument();
  });

  it("edits a section from its stored values", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async () => undefined);
    const onCancel = jest.fn();
    renderWithStore(
      <SectionForm
        section={{
          siteSectionID: 5,
          name: "France",
          slug: "fr",
          url: "/fr/",
          locale: "fr",
          rootCategoryID: 4,
          description: "",
          themeKey: null,
          navigation: [{ name: "Aide", url: "/fr/categories" }],
          dateInserted: "2026-11-28T00:00:00Z",
          dateUpdated: "2026-11-28T00:00:00Z",
        }}
        locales={LOCALES}
        categories={CATEGORIES}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole("form", { name: "Edit subcommunity" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /Root category/ })).toHaveValue("4");
    expect(screen.getByRole("textbox", { name: /Navigation/ })).toHaveValue("Aide | /fr/categories");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: "France", rootCategoryID: 4 }));
  });
});
