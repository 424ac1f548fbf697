import { createAppStore } from "@library/src/redux/store";
import { LoadStatus } from "@library/src/loadable/loadable";
import type { DiscussionListPage } from "@applications/forum/src/layouts/discussionListApi";
import {
  fetchDiscussionList,
  selectDiscussionList,
} from "@applications/forum/src/layouts/discussionListSlice";
import { makeDiscussion } from "@applications/forum/src/layouts/testing/layoutFixtures";

const params = { limit: 2, sort: "-dateLastComment", page: 2 };

function page(name: string): DiscussionListPage {
  return { discussions: [makeDiscussion({ name })], paging: { currentPage: 2, limit: 2 } };
}

describe("discussionListSlice", () => {
  it("keys lists by query hash, whatever the order of the parameters", () => {
    const store = createAppStore();
    store.dispatch(fetchDiscussionList.pending("r1", params));
    store.dispatch(fetchDiscussionList.fulfilled(page("Fresh"), "r1", params));
    const reordered = { page: 2, sort: "-dateLastComment", limit: 2 };
    expect(selectDiscussionList(store.getState(), reordered)).toEqual({
      status: LoadStatus.SUCCESS,
      data: page("Fresh"),
    });
    expect(selectDiscussionList(store.getState(), { ...params, page: 3 }).status).toBe(LoadStatus.PENDING);
  });

  it("ignores an answer from a request that is no longer the latest for its key", () => {
    const store = createAppStore();
    store.dispatch(fetchDiscussionList.pending("old", params));
    store.dispatch(fetchDiscussionList.pending("new", params));
    store.dispatch(fetchDiscussionList.fulfilled(page("Newest"), "new", params));
    store.dispatch(fetchDiscussionList.fulfilled(page("Stale"), "old", params));
    store.dispatch(
      fetchDiscussionList.rejected(null, "old", params, { message: "Late failure", status: 500, errors: {} }),
    );
    expect(selectDiscussionList(store.getState(), params)).toEqual({
      status: LoadStatus.SUCCESS,
      data: page("Newest"),
    });
  });

  it("keeps the error of a failed request", () => {
    const store = createAppStore();
    store.dispatch(fetchDiscussionList.pending("r1", params));
    store.dispatch(
      fetchDiscussionList.rejected(null, "r1", params, { message: "Nope", status: 500, errors: {} }),
    );
    expect(selectDiscussionList(store.getState(), params)).toEqual({
      status: LoadStatus.ERROR,
      error: { message: "Nope", status: 500, errors: {} },
    });
  });
});
