import { isExternalUrl, normalizeLinkInput, safeImageUrl, safeUrl } from "./safeUrl";

describe("safeUrl", () => {
  it.each([
    "https://example.com/a?b=c#d",
    "http://example.com",
    "mailto:someone@example.com",
    "tel:+15551234",
    "/discussion/1/hello",
    "#comment_5",
    "?page=2",
    "../up",
    "//cdn.example.com/x.png",
  ])("keeps the safe link %s unchanged", (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it("trims surrounding whitespace", () => {
    expect(safeUrl("  https://example.com  ")).toBe("https://example.com");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "  javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\rscript:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "&#X6a;avascript:alert(1)",
    "&#0000106avascript:alert(1)",
    "javascript&colon;alert(1)",
    "jav&#x09;ascript:alert(1)",
    "jav&Tab;ascript:alert(1)",
    "&amp;#106;avascript:alert(1)",
    "%6Aavascript:alert(1)",
    "java\u200bscript:alert(1)",
    "/redirect?to=javascript:alert(1)",
  ])("turns %j into /", (url) => {
    expect(safeUrl(url)).toBe("/");
  });

  it.each([
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com",
    "chrome://settings",
    "localhost:3000",
  ])("drops the unsafe scheme of %j", (url) => {
    expect(safeUrl(url)).toBeNull();
  });
});

describe("safeImageUrl", () => {
  it("allows http, https and relative sources only", () => {
    expect(safeImageUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(safeImageUrl("/uploads/a.png")).toBe("/uploads/a.png");
    expect(safeImageUrl("mailto:a@example.com")).toBeNull();
    expect(safeImageUrl("data:image/svg+xml,<svg onload=alert(1)>")).toBeNull();
    expect(safeImageUrl("javascript:alert(1)")).toBeNull();
    expect(safeImageUrl("")).toBeNull();
  });
});

describe("isExternalUrl", () => {
  it("is true for URLs with a scheme or a protocol-relative host", () => {
    expect(isExternalUrl("https://example.com")).toBe(true);
    expect(isExternalUrl("//example.com")).toBe(true);
    expect(isExternalUrl("/\\example.com")).toBe(true);
    expect(isExternalUrl("/discussions")).toBe(false);
    expect(isExternalUrl("#top")).toBe(false);
  });
});

describe("normalizeLinkInput", () => {
  it("prepends http:// when there is no scheme", () => {
    expect(normalizeLinkInput("example.com/page")).toBe("http://example.com/page");
    expect(normalizeLinkInput(" www.example.com ")).toBe("http://www.example.com");
    expect(normalizeLinkInput("localhost:3000/a")).toBe("http://localhost:3000/a");
    expect(normalizeLinkInput("//example.com")).toBe("http://example.com");
  });

  it("keeps http and https URLs", () => {
    expect(normalizeLinkInput("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(normalizeLinkInput("HTTP://Example.com")).toBe("HTTP://Example.com");
  });

  it("rejects other schemes, javascript: and non-URLs", () => {
    expect(normalizeLinkInput("javascript:alert(1)")).toBeNull();
    expect(normalizeLinkInput("jav\tascript:alert(1)")).toBeNull();
    expect(normalizeLinkInput("mailto:a@example.com")).toBeNull();
    expect(normalizeLinkInput("data:text/html,x")).toBeNull();
    expect(normalizeLinkInput("ftp://example.com")).toBeNull();
    expect(normalizeLinkInput("not a url")).toBeNull();
    expect(normalizeLinkInput("")).toBeNull();
  });
});
