import type { User } from "@forum/api/users";
import { parseManifest } from "@library/server/addons/addonManifest";
import { defineAddon } from "@library/server/addons/defineAddon";
import { createTestUser, sessionClient, type TestUser } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { memberSearch } from "@library/server/users/memberSearch";
import { dashboardApplication } from "../dashboardApplication";

/** What the add-on's member search answers; each test sets it. */
let answer: (text: string) => Promise<number[]> = async () => [];

/** A member search of its own (what the search add-on does with its index), owned by an add-on that can be turned off. */
const finderAddon = defineAddon({
  key: "memberfinder",
  register(registrar) {
    registrar.extend((context, owner) =>
      memberSearch(context).add({ matchingUserIDs: (text) => answer(text) }, owner),
    );
  },
});

describe.each(testDialects)("the member list's query with and without a member search (%s)", (dialect) => {
  let testApp: TestApp;
  let member: TestClient;
  let gardener: TestUser;

  const names = async (query: string) => {
    const response = await member.get<User[]>(`/api/v2/users?sort=name&query=${query}`);
    expect(response.status).toBe(200);
    return response.body.map((user) => user.name);
  };

  beforeAll(async () => {
    testApp = await createTestApp(
      dialect,
      [dashboardApplication],
      {},
      {
        addons: [
          {
            manifest: parseManifest({ key: "memberfinder", name: "Member finder", defaultEnabled: true }),
            load: () => finderAddon,
          },
        ],
      },
    );
    member = (await sessionClient(testApp, { name: "Reader" })).client;
    await createTestUser(testApp.context, { name: "Alpha" });
    gardener = await createTestUser(testApp.context, { name: "Greta" });
  });
  afterAll(() => testApp.close());

  it("takes the members the running search finds, and those whose name starts with the text, not substrings", async () => {
    answer = async (text) => (text === "roses" ? [gardener.userID] : []);
    expect(await names("roses")).toEqual(["Greta"]);
    expect(await names("alp")).toEqual(["Alpha"]);
    expect(await names("lph")).toEqual([]);
  });

  it("matches substrings as before while the add-on that provides the search is off", async () => {
    await testApp.context.addons.setEnabled("memberfinder", false, null);
    try {
      expect(await names("lph")).toEqual(["Alpha"]);
      expect(await names("roses")).toEqual([]);
    } finally {
      await testApp.context.addons.setEnabled("memberfinder", true, null);
    }
  });

  it("answers by substring and logs a warning when the search throws", async () => {
    answer = () => Promise.reject(new Error("The index is unavailable."));
    const warn = jest.spyOn(testApp.context.log, "warn");
    try {
      expect(await names("lph")).toEqual(["Alpha"]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.objectContaining({ message: "The index is unavailable." }) }),
        expect.stringContaining("Member search failed"),
      );
    } finally {
      warn.mockRestore();
    }
  });
});
