import { safeExternalTarget, safeTarget } from "./safeTarget";

describe("safeTarget", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeTarget("/discussions")).toBe("/discussions");
    expect(safeTarget("/discussion/1/a-b?page=2#Comment_3")).toBe("/discussion/1/a-b?page=2#Comment_3");
    expect(safeTarget("/")).toBe("/");
    expect(safeTarget("/categories/%2Fx")).toBe("/categories/%2Fx");
  });

  it("gives the path in its normal form, always a valid Location header", () => {
    expect(safeTarget("/profile/中文")).toBe("/profile/%E4%B8%AD%E6%96%87");
    expect(safeTarget("/a b")).toBe("/a%20b");
    expect(safeTarget("/a/../b")).toBe("/b");
  });

  it("never leads to another site, a script or a header of its own", () => {
    for (const target of [
      "//evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "\\/evil.example",
      "/\t/evil.example",
      "\t//evil.example",
      "/\n/evil.example",
      "/x\r\nSet-Cookie: a=b",
      "/\r\n",
      "/x\u0000",
      "/\u007f/evil.example",
      "https://evil.example",
      "http:evil.example",
      "HTTPS://evil.example/x",
      "javascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/./\\evil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "/%5Cevil.example",
      "/%5c%5Cevil.example",
      "evil.example",
      "",
      `/${"a".repeat(3000)}`,
    ])
      expect({ target, safe: safeTarget(target) }).toEqual({ target, safe: "/" });
  });

  it("gives the fallback for anything that is not text", () => {
    for (const target of [undefined, null, 1, ["/x"], { path: "/x" }])
      expect(safeTarget(target, "/discussions")).toBe("/discussions");
  });
});

describe("safeExternalTarget", () => {
  it("offers http and https addresses as they will be followed", () => {
    expect(safeExternalTarget("https://example.org/a?b=1")).toBe("https://example.org/a?b=1");
    expect(safeExternalTarget("HTTP://Example.org")).toBe("http://example.org/");
  });

  it("refuses scripts, control characters and a name in front of the host", () => {
    for (const target of [
      "javascript:alert(1)",
      "data:text/html,x",
      "/local",
      "//example.org",
      "https://exa\tmple.org",
      "https://example.org/\r\nx",
      "https://site.example@evil.example/",
      "https://user:pass@example.org/",
      "not a url",
      7,
    ])
      expect({ target, safe: safeExternalTarget(target) }).toEqual({ target, safe: null });
  });
});
