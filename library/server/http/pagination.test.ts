import type { FastifyRequest } from "fastify";
import qs from "qs";
import { pagingHeaders } from "./pagination";

const declared = { discussionID: {}, limit: {}, page: {}, expand: {}, sort: {}, q: {} };

function requestFor(url: string, properties: Record<string, unknown> | null = declared): FastifyRequest {
  return {
    url,
    routeOptions: { schema: properties ? { querystring: { properties } } : {} },
    siteOrigin: "https://forum.example",
    protocol: "https",
    host: "forum.example",
  } as unknown as FastifyRequest;
}

/** The links as the query parser writes them: every query parsed, its declared names kept, written back. */
function parserLinks(url: string, page: number, lastPage: number): Record<string, string> {
  const [path = "/", search = ""] = url.split("?");
  const query = Object.fromEntries(
    Object.entries(qs.parse(search)).filter(([key]) => key !== "page" && key in declared),
  );
  const link = (to: number) => {
    const rebuilt = qs.stringify(to > 1 ? { ...query, page: String(to) } : query, {
      encode: true,
      arrayFormat: "indices",
    });
    return `https://forum.example${path}${rebuilt ? `?${rebuilt}` : ""}`;
  };
  return {
    first: link(1),
    ...(page > 1 ? { prev: link(page - 1) } : {}),
    last: link(lastPage),
    ...(page < lastPage ? { next: link(page + 1) } : {}),
  };
}

describe("paging links", () => {
  it.each([
    "/api/v2/comments?discussionID=7&limit=30",
    "/api/v2/comments?discussionID=7&limit=30&page=2",
    "/api/v2/comments?page=2&discussionID=7",
    "/api/v2/comments",
    "/api/v2/comments?undeclared=1&limit=5&page=3",
    "/api/v2/comments?limit=5&limit=6&page=2",
    "/api/v2/comments?expand[]=insertUser&expand[]=raw&page=2",
    "/api/v2/comments?expand=insertUser,raw&page=2",
    "/api/v2/comments?q=caf%C3%A9%20cr%C3%A8me&page=2",
    "/api/v2/comments?q=a+b&sort=-dateInserted&page=2",
    "/api/v2/comments?limit=5&&page=2",
    "/api/v2/comments?__proto__=x&limit=5&page=2",
    "/api/v2/comments?limit=&page=2",
  ])("writes %s's links as the query parser would", (url) => {
    const headers = pagingHeaders(requestFor(url), { page: 2, limit: 10, total: 50 }, null);
    const links = parserLinks(url, 2, 5);
    for (const [rel, link] of Object.entries(links)) expect(headers[`x-app-page-${rel}-url`]).toBe(link);
    expect(headers.Link).toBe(
      Object.entries(links)
        .map(([rel, link]) => `<${link}>; rel="${rel}"`)
        .join(", "),
    );
  });

  it("keeps every parameter of a route that declares none", () => {
    const headers = pagingHeaders(
      requestFor("/api/v2/things?a=1&b=2", null),
      { page: 1, limit: 2, count: 2 },
      null,
    );
    expect(headers["x-app-page-next-url"]).toBe("https://forum.example/api/v2/things?a=1&b=2&page=2");
  });
});
