import { parseQueryString, QUERY_ERROR, splitCsvArrays } from "./queryString";

describe("parseQueryString (API.md 1.5)", () => {
  it("reads indexed brackets, empty brackets and nested objects", () => {
    expect(parseQueryString("expand[0]=a&expand[1]=b")).toEqual({ expand: ["a", "b"] });
    expect(parseQueryString("expand[]=all")).toEqual({ expand: ["all"] });
    expect(parseQueryString("params[locale]=en&params[siteSectionID]=0")).toEqual({
      params: { locale: "en", siteSectionID: "0" },
    });
  });

  it("treats array indexes above 20 as object keys", () => {
    expect(parseQueryString("a[21]=x")).toEqual({ a: { "21": "x" } });
  });

  it("marks more than 1000 parameters and nesting deeper than 5 as errors", () => {
    const many = Array.from({ length: 1001 }, (_, index) => `k${index}=1`).join("&");
    expect(parseQueryString(many)[QUERY_ERROR]).toMatch(/1000/);
    expect(parseQueryString("a[b][c][d][e][f][g]=1")[QUERY_ERROR]).toMatch(/5/);
    expect(parseQueryString("a[b][c][d][e]=1")[QUERY_ERROR]).toBeUndefined();
  });
});

describe("splitCsvArrays", () => {
  const schema = { properties: { expand: { type: "array" }, name: { type: "string" } } };

  it("splits CSV values only for array parameters", () => {
    const query: Record<string, unknown> = { expand: "a,b", name: "x,y" };
    splitCsvArrays(query, schema);
    expect(query).toEqual({ expand: ["a", "b"], name: "x,y" });
  });

  it("splits each item of a repeated key", () => {
    const query: Record<string, unknown> = { expand: ["a,b", "c"] };
    splitCsvArrays(query, schema);
    expect(query.expand).toEqual(["a", "b", "c"]);
  });
});
