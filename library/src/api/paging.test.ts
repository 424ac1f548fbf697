import { AxiosHeaders } from "axios";
import { pagingFromHeaders } from "./paging";

describe("pagingFromHeaders", () => {
  it("reads every x-app-page header", () => {
    const headers = new AxiosHeaders({
      "X-App-Page-Current": "2",
      "X-App-Page-Limit": "30",
      "X-App-Page-Result-Count": "95",
      "X-App-Page-Next-Url": "/api/v2/discussions?page=3",
      "X-App-Page-Prev-Url": "/api/v2/discussions?page=1",
    });
    expect(pagingFromHeaders(headers)).toEqual({
      currentPage: 2,
      limit: 30,
      total: 95,
      nextURL: "/api/v2/discussions?page=3",
      prevURL: "/api/v2/discussions?page=1",
    });
  });

  it("defaults when headers are missing and reads plain objects", () => {
    expect(pagingFromHeaders(undefined)).toEqual({ currentPage: 1, limit: 0 });
    expect(pagingFromHeaders({ "x-app-page-current": "4", "x-app-page-limit": "10" })).toEqual({
      currentPage: 4,
      limit: 10,
    });
  });
});
