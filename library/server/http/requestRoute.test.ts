import type { FastifyRequest } from "fastify";
import { isApiRequest, isPlainPath, isUnderPrefix, routePath } from "./requestRoute";

/** A request as the hooks see it: its raw address and the pattern of the route it matched (if any). */
function routed(url: string, pattern?: string): Pick<FastifyRequest, "url" | "routeOptions"> {
  return { url, routeOptions: { url: pattern } } as Pick<FastifyRequest, "url" | "routeOptions">;
}

describe("isPlainPath", () => {
  it("takes the addresses the site writes, escapes of other characters included", () => {
    for (const url of [
      "/",
      "/api/v2/users",
      "/api/v2/users/",
      "/api/v2/users?Target=%2F%2Fevil&x=%61",
      "/profile/Ana%20Bo",
      "/profile/caf%C3%A9",
      "/profile/a.b",
      "/profile/50%25off",
      "/profile/a%7Eb",
      "/api/v2/users/by-names/a%2Fb",
      "/discussion/1/...",
    ])
      expect({ url, plain: isPlainPath(url) }).toEqual({ url, plain: true });
  });

  it("refuses escaped letters, digits and dots, dot segments and control characters", () => {
    for (const url of [
      "/%61pi/v2/users",
      "/API/v%32/users",
      "/api/v2/%75sers",
      "/api/v2/users%2e",
      "/api/v2/users/%2E%2E/config",
      "/api/v2/users/%5F",
      "/api/v2/users/%2d1",
      "/static/../api/v2/users",
      "/api/v2/./users",
      "/api/v2/users/..",
      "/discussion/1/a%0Ab",
      "/discussion/1/a%0d%0aSet-Cookie:x",
      "/discussion/1/a%09b",
      "/discussion/1/a%00",
      "/discussion/1/a%7F",
      "/discussion/1/a\tb",
    ])
      expect({ url, plain: isPlainPath(url) }).toEqual({ url, plain: false });
  });
});

describe("routePath and isApiRequest", () => {
  it("decide on the matched route, however the address was spelt", () => {
    const escaped = routed("/%61pi/v2/users", "/api/v2/users");
    expect(routePath(escaped)).toBe("/api/v2/users");
    expect(isApiRequest(escaped)).toBe(true);
    expect(isApiRequest(routed("/api/v2/users/%31", "/api/v2/users/:userID"))).toBe(true);
    expect(isApiRequest(routed("/api/v2", "/api/v2"))).toBe(true);
    expect(isApiRequest(routed("/discussions", "/discussions"))).toBe(false);
    // A page whose address merely starts like the API's is not an API call.
    expect(isApiRequest(routed("/api/v2x", "/api/v2x"))).toBe(false);
  });

  it("read an unmatched address as the router does: unreserved escapes decoded, others kept", () => {
    expect(routePath(routed("/%61pi/v2/nope?x=1"))).toBe("/api/v2/nope");
    expect(isApiRequest(routed("/%61pi/v2/nope"))).toBe(true);
    expect(isApiRequest(routed("/api%2Fv2/nope"))).toBe(false);
    expect(isApiRequest(routed("/API/v2/users"))).toBe(false);
    expect(isApiRequest(routed("//api/v2/users"))).toBe(false);
  });

  it("match prefixes on the route, so a static route is known by its pattern", () => {
    expect(isUnderPrefix(routed("/%73tatic/app.css", "/static/*"), ["/static/"])).toBe(true);
    expect(isUnderPrefix(routed("/static-page", "/static-page"), ["/static/"])).toBe(false);
    expect(isUnderPrefix(routed("/dist/missing.js"), ["/dist/"])).toBe(true);
  });
});
