import { formatText, registerTranslations, translatorFor } from "./translate";

describe("server t()", () => {
  it("returns the English key when no pack has the string", () => {
    expect(translatorFor("en")("Sign In")).toBe("Sign In");
    expect(translatorFor("en")("Jump to page", "Go to page")).toBe("Go to page");
  });

  it("uses the registered pack of the locale", () => {
    registerTranslations("fr", { "Sign In": "Connexion" });
    expect(translatorFor("fr")("Sign In")).toBe("Connexion");
    expect(translatorFor("fr")("Register")).toBe("Register");
  });

  it("fills placeholders", () => {
    expect(formatText("You are previewing the {theme} theme.", { theme: "Dark" })).toBe(
      "You are previewing the Dark theme.",
    );
  });
});
