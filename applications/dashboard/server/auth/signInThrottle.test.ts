import { createTestUser, TEST_PASSWORD, type TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";
import {
  accountThrottledMessage,
  addressKey,
  addressThrottledMessage,
  MAX_FAILED_SIGN_INS,
  MAX_FAILED_SIGN_INS_PER_ACCOUNT,
  MAX_FAILED_SIGN_INS_PER_ADDRESS,
  SIGN_IN_WINDOW_SECONDS,
} from "./signInThrottle";

const WINDOW_MINUTES = SIGN_IN_WINDOW_SECONDS / 60;

describe("the counting key of an address", () => {
  it("is an IPv4 address as it is, and an IPv6 address by its /64", () => {
    expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("2001:db8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8:1:3::5")).not.toBe(addressKey("2001:db8:1:2::5"));
  });
});

describe.each(testDialects)("sign-in throttle on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
  });
  afterAll(() => testApp.close());

  /** A JSON sign-in from a client address. */
  const signIn = async (address: string, username: string, password: string) => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/v2/authenticate/password",
      remoteAddress: address,
      headers: { "x-requested-with": "vanilla", referer: "http://localhost:80/", host: "localhost:80" },
      payload: { username, password },
    });
    return { status: response.statusCode, body: response.json<{ message: string }>() };
  };

  const failTimes = async (count: number, address: string, username: (index: number) => string) => {
    for (let index = 0; index < count; index += 1)
      expect((await signIn(address, username(index), "wrong password")).status).toBe(401);
  };

  it("counts one account once, typed by name or by email, and answers the next try with 429 and the wait", async () => {
    const owner = await createTestUser(testApp.context, { name: "Typed Twice" });
    await failTimes(MAX_FAILED_SIGN_INS, "203.0.113.5", (index) =>
      index % 2 === 0 ? owner.name : owner.email.toUpperCase(),
    );
    for (const username of [owner.name, owner.email, ` ${owner.name.toLowerCase()} `]) {
      const blocked = await signIn("203.0.113.5", username, TEST_PASSWORD);
      expect(blocked).toEqual({
        status: 429,
        body: { message: accountThrottledMessage(WINDOW_MINUTES), status: 429 },
      });
    }
  });

  it("lets the owner in from their own address while an attacker elsewhere is throttled", async () => {
    const owner = await createTestUser(testApp.context, { name: "Home Owner" });
    await failTimes(MAX_FAILED_SIGN_INS, "203.0.113.6", () => owner.name);
    expect((await signIn("203.0.113.6", owner.name, TEST_PASSWORD)).status).toBe(429);
    expect((await signIn("198.51.100.7", owner.name, TEST_PASSWORD)).status).toBe(201);
    expect((await signIn("198.51.100.7", owner.email, TEST_PASSWORD)).status).toBe(201);
  });

  it("throttles an address that tries many accounts, and only that address", async () => {
    const sprayed = await createTestUser(testApp.context, { name: "Sprayed" });
    for (let batch = 0; batch < MAX_FAILED_SIGN_INS_PER_ADDRESS; batch += 10)
      await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          const response = await signIn("203.0.113.9", `nobody ${batch + index}`, "Summer2024!");
          expect(response.status).toBe(401);
        }),
      );
    const blocked = await signIn("203.0.113.9", sprayed.name, TEST_PASSWORD);
    expect(blocked).toEqual({
      status: 429,
      body: { message: addressThrottledMessage(WINDOW_MINUTES), status: 429 },
    });
    expect((await signIn("203.0.113.10", sprayed.name, TEST_PASSWORD)).status).toBe(201);
  });

  it("holds back an account guessed at from many addresses, except where its owner signed in before", async () => {
    const owner: TestUser = await createTestUser(testApp.context, { name: "Much Wanted" });
    expect((await signIn("198.51.100.20", owner.name, TEST_PASSWORD)).status).toBe(201);
    const addresses = MAX_FAILED_SIGN_INS_PER_ACCOUNT / MAX_FAILED_SIGN_INS;
    await Promise.all(
      Array.from({ length: addresses }, (_, index) =>
        failTimes(MAX_FAILED_SIGN_INS, `192.0.2.${index + 1}`, () => owner.name),
      ),
    );
    expect(await signIn("192.0.2.200", owner.name, TEST_PASSWORD)).toEqual({
      status: 429,
      body: { message: accountThrottledMessage(WINDOW_MINUTES), status: 429 },
    });
    expect((await signIn("198.51.100.20", owner.name, TEST_PASSWORD)).status).toBe(201);
  });

  it("gives requests sent all at once no more guesses than one at a time", async () => {
    const owner = await createTestUser(testApp.context, { name: "All At Once" });
    const responses = await Promise.all(
      Array.from({ length: MAX_FAILED_SIGN_INS + 6 }, () => signIn("203.0.113.77", owner.name, "guess")),
    );
    const guesses = responses.filter((response) => response.status === 401).length;
    expect(guesses).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS);
    expect(responses.every((response) => [401, 429].includes(response.status))).toBe(true);
  });
});
