import fs from "node:fs";
import path from "node:path";
import { REPOSITORY_ROOT } from "../app/repositoryRoot";
import { productSourceFiles } from "./stringCatalog";
import { untranslatedHtmlOf, untranslatedTextOf, type UntranslatedText } from "./untranslatedText";

function where(found: UntranslatedText[]): string[] {
  return found.map((item) => `${path.relative(REPOSITORY_ROOT, item.file)}:${item.line} ${item.text}`);
}

describe("every visible string goes through t()", () => {
  it("finds literal JSX text and read attributes, not translated ones, symbols or code", () => {
    const source = `
      export function Example({ count }: { count: number }) {
        return (
          <section aria-label="Latest posts" title={t("Title")}>
            <h2>Recent Discussions</h2>
            <p>{t("No results found.")} {count} / 10 · —</p>
            <input placeholder="https://" aria-label={t("Image URL")} />
            <img alt="" src="/a.png" />
            <code>npm run forum -- restore FILE</code>
            <Button label="Save" />
          </section>
        );
      }`;
    expect(untranslatedTextOf("Example.tsx", source).map((item) => item.text)).toEqual([
      'aria-label="Latest posts"',
      "Recent Discussions",
      'label="Save"',
    ]);
  });

  it("finds literal prose in server HTML templates, not attribute pieces or translated text", () => {
    const source = [
      'const a = html`<p class="note">${t("Saved.")}</p>`;',
      "const b = html`<p>Your password has been changed.</p>`;",
      'const c = html` aria-current="page"`;',
      'const d = html`<input ${required ? html`required aria-required="true"` : ""} />`;',
      'const e = html`<button title="Close menu">×</button>`;',
      "const f = html`<span>${first} - ${last} of ${total}</span>`;",
      "const g = html`<pre>npm run forum</pre>`;",
    ].join("\n");
    expect(untranslatedHtmlOf("example.ts", source).map((item) => item.text)).toEqual([
      "Your password has been changed.",
      'title="Close menu"',
      "${…} - ${…} of ${…}",
    ]);
  });

  it("holds for the product's components and pages", () => {
    const files = productSourceFiles();
    const found = files.flatMap((file) =>
      file.endsWith(".tsx")
        ? untranslatedTextOf(file, fs.readFileSync(file, "utf8"))
        : untranslatedHtmlOf(file, fs.readFileSync(file, "utf8")),
    );
    expect(where(found)).toEqual([]);
  });
});
