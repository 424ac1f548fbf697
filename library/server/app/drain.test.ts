import net from "node:net";
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

/** One request on a kept-alive connection: the answer's head, and whether the server then closed it. */
async function askOn(socket: net.Socket, port: number): Promise<{ head: string; closed: boolean }> {
  const closed = new Promise<boolean>((resolve) => {
    socket.once("end", () => resolve(true));
    setTimeout(() => resolve(false), 300);
  });
  const head = await new Promise<string>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("data", (chunk: Buffer) => resolve(chunk.toString().split("\r\n\r\n")[0] ?? ""));
    socket.write(`GET /api/v2/ping HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  });
  return { head, closed: await closed };
}

/** Moving clients to a process that started later: a few connections close after their next answer. */
describe("shedding connections", () => {
  it("closes as many connections as asked, each after an answer given in full, and no others", async () => {
    const database = openSqlite(":memory:");
    const built = await buildApp({ config: testConfig(), database, applications: [pingApplication] });
    await built.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = built.app.server.address() as net.AddressInfo;
    const sockets = Array.from({ length: 3 }, () => net.connect(port, "127.0.0.1"));
    try {
      built.shed(2);
      const answers = [];
      for (const socket of sockets) answers.push(await askOn(socket, port));
      expect(answers.map(({ head }) => head.split("\r\n")[0])).toEqual(Array(3).fill("HTTP/1.1 200 OK"));
      expect(answers.map(({ head }) => /^connection: close$/im.test(head))).toEqual([true, true, false]);
      expect(answers.map(({ closed }) => closed)).toEqual([true, true, false]);
      // The connection left open goes on serving, and is not closed later.
      const again = await askOn(sockets[2] as net.Socket, port);
      expect(again.head.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
      expect(again.closed).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      await built.app.close();
      await database.destroy();
    }
  });
});
