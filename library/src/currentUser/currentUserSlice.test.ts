import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { LoadStatus } from "@library/src/loadable/loadable";
import { createAppStore } from "@library/src/redux/store";
import { selectCurrentUser, selectIsSignedIn } from "./currentUserSlice";
import { fetchCurrentUser } from "./currentUserThunks";

describe("currentUser", () => {
  afterEach(() => removeBootstrap());

  it("is preloaded from the bootstrap and not re-fetched", async () => {
    installBootstrap({ currentUser: makeMe({ name: "Bea" }) });
    const api = mockApi(() => ({ data: makeMe() }));
    const store = createAppStore();
    expect(selectCurrentUser(store.getState()).name).toBe("Bea");
    expect(selectIsSignedIn(store.getState())).toBe(true);
    await store.dispatch(fetchCurrentUser());
    expect(api.requests).toHaveLength(0);
    api.restore();
  });

  it("fetches GET /users/me once while pending, even when dispatched twice", async () => {
    removeBootstrap();
    const api = mockApi(() => ({ data: makeMe({ name: "Carl" }) }));
    const store = createAppStore();
    expect(store.getState().currentUser.current.status).toBe(LoadStatus.PENDING);
    expect(selectCurrentUser(store.getState()).name).toBe("Guest");
    await Promise.all([store.dispatch(fetchCurrentUser()), store.dispatch(fetchCurrentUser())]);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET users/me"]);
    expect(selectCurrentUser(store.getState()).name).toBe("Carl");
    api.restore();
  });

  it("keeps a normalised error and allows a retry", async () => {
    const api = mockApi(() => ({ status: 500, data: { message: "Database down", status: 500 } }));
    const store = createAppStore();
    await store.dispatch(fetchCurrentUser());
    const current = store.getState().currentUser.current;
    expect(current).toEqual({
      status: LoadStatus.ERROR,
      error: { message: "Database down", status: 500, errors: {} },
    });
    expect(selectIsSignedIn(store.getState())).toBe(false);
    await store.dispatch(fetchCurrentUser());
    expect(api.requests).toHaveLength(2);
    api.restore();
  });
});
