import { isSafeStoredUrl, normalizeImageUrl, normalizeLinkUrl, pastedUrl } from "@library/src/editor/urls";

describe("link and image addresses", () => {
  it("prepends http:// to scheme-less input", () => {
    expect(normalizeLinkUrl("example.com")).toBe("http://example.com");
    expect(normalizeLinkUrl(" localhost:3000/x ")).toBe("http://localhost:3000/x");
  });

  it("accepts http, https, mailto and tel links only", () => {
    expect(normalizeLinkUrl("https://a.example/b?c=1")).toBe("https://a.example/b?c=1");
    expect(normalizeLinkUrl("mailto:a@example.com")).toBe("mailto:a@example.com");
    expect(normalizeLinkUrl("tel:+123")).toBe("tel:+123");
    expect(normalizeLinkUrl("javascript:alert(1)")).toBeNull();
    expect(normalizeLinkUrl("JavaScript:alert(1)")).toBeNull();
    expect(normalizeLinkUrl("data:text/html,x")).toBeNull();
    expect(normalizeLinkUrl("")).toBeNull();
    expect(normalizeLinkUrl("two words")).toBeNull();
  });

  it("accepts http and https images only", () => {
    expect(normalizeImageUrl("example.com/a.png")).toBe("http://example.com/a.png");
    expect(normalizeImageUrl("mailto:a@example.com")).toBeNull();
  });

  it("recognises stored safe links and pasted addresses", () => {
    expect(isSafeStoredUrl("/discussion/1")).toBe(true);
    expect(isSafeStoredUrl("#top")).toBe(true);
    expect(isSafeStoredUrl("vbscript:x")).toBe(false);
    expect(pastedUrl("https://example.com")).toBe("https://example.com");
    expect(pastedUrl("www.example.com")).toBe("http://www.example.com");
    expect(pastedUrl("hello world")).toBeNull();
  });
});
