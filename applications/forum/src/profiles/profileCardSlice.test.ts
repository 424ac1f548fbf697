import { LoadStatus } from "@library/src/loadable/loadable";
import { createAppStore } from "@library/src/redux/store";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { fetchProfileCardUser, selectProfileCardUser } from "./profileCardSlice";
import { publicUser } from "./profileCardTestFixtures";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("profileCardSlice", () => {
  it("keeps one Loadable per user and skips users already loading or loaded", async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    api = mockApi(() => new Promise<MockReply>((resolve) => (answer = resolve)));
    const store = createAppStore();
    expect(selectProfileCardUser(store.getState(), 5).status).toBe(LoadStatus.PENDING);
    const first = store.dispatch(fetchProfileCardUser(5));
    expect(selectProfileCardUser(store.getState(), 5).status).toBe(LoadStatus.LOADING);
    await store.dispatch(fetchProfileCardUser(5));
    while (api.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    answer({ data: publicUser() });
    await first;
    expect(api.requests).toHaveLength(1);
    expect(selectProfileCardUser(store.getState(), 5)).toEqual({
      status: LoadStatus.SUCCESS,
      data: publicUser(),
    });
    await store.dispatch(fetchProfileCardUser(5));
    expect(api.requests).toHaveLength(1);
    expect(selectProfileCardUser(store.getState(), 6).status).toBe(LoadStatus.PENDING);
  });

  it("stores the normalised error, keeping its status for the card's 404 and 410 views", async () => {
    api = mockApi(() => ({ status: 410, data: { message: "This user has been deleted.", status: 410 } }));
    const store = createAppStore();
    await store.dispatch(fetchProfileCardUser(9));
    const loadable = selectProfileCardUser(store.getState(), 9);
    expect(loadable.status).toBe(LoadStatus.ERROR);
    expect(loadable.status === LoadStatus.ERROR && loadable.error).toMatchObject({
      status: 410,
      message: "This user has been deleted.",
    });
  });
});
