import { testConfig } from "../config/config";
import { openSqlite } from "../db/database";
import { buildApp, SHUTTING_DOWN_MESSAGE } from "./buildApp";
import type { ServerApplication } from "./serverApplication";

const pingApplication: ServerApplication = {
  key: "ping",
  name: "Ping",
  registerApi(api) {
    api.get("/ping", async () => ({ pong: true }));
  },
};

/** A stopping server answers what still arrives with 503, never with a reset connection. */
describe("shutdown drain", () => {
  it("answers 503 with Connection: close once draining, before the connections close", async () => {
    const database = openSqlite(":memory:");
    const built = await buildApp({ config: testConfig(), database, applications: [pingApplication] });
    await built.app.ready();
    try {
      expect((await built.app.inject({ url: "/api/v2/ping" })).statusCode).toBe(200);
      built.drain();
      for (const url of ["/api/v2/ping", "/", "/api/v2/users/me"]) {
        const response = await built.app.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.headers.connection).toBe("close");
        expect(response.headers["retry-after"]).toBe("1");
        expect(response.json()).toEqual({ message: SHUTTING_DOWN_MESSAGE, status: 503 });
      }
    } finally {
      await built.app.close();
      await database.destroy();
    }
  });
});
