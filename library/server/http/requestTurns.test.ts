import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { registerDrainingAndRouteList } from "../app/requestHooks";
import { RequestTurns } from "./requestTurns";

/** Resolves after `count` turns of the event loop (each a check phase: an immediate queued in one runs in the next). */
async function loopTurns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe("RequestTurns", () => {
  it("starts waiting requests first come, first served, one per turn of the event loop", async () => {
    const turns = new RequestTurns();
    const started: string[] = [];
    for (const name of ["first", "second", "third"]) turns.wait(() => started.push(name));
    expect(started).toEqual([]);
    expect(turns.length).toBe(3);
    await loopTurns(1);
    expect(started).toEqual(["first"]);
    await loopTurns(1);
    expect(started).toEqual(["first", "second"]);
    turns.wait(() => started.push("fourth"));
    await loopTurns(2);
    expect(started).toEqual(["first", "second", "third", "fourth"]);
    expect(turns.length).toBe(0);
    // An idle queue starts the next request at the next turn.
    turns.wait(() => started.push("fifth"));
    await loopTurns(1);
    expect(started.at(-1)).toBe("fifth");
  });
});

/** GET `path` on a connection of its own (a new visitor): the body once answered. */
function getOnNewConnection(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve(body));
    });
    request.on("error", reject);
  });
}

describe("a server kept busy by its open connections", () => {
  it("still accepts a new visitor's connection within a few answers", async () => {
    const app = Fastify();
    registerDrainingAndRouteList(app);
    let served = 0;
    // A page that takes 3 ms of CPU to render.
    app.get("/busy", async () => {
      const until = performance.now() + 3;
      while (performance.now() < until);
      served += 1;
      return "page";
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const readers = Array.from({ length: 16 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    let running = true;
    const read = (agent: http.Agent): Promise<void> =>
      new Promise((resolve, reject) => {
        const request = http.get({ host: "127.0.0.1", port, path: "/busy", agent }, (response) => {
          response.resume();
          response.on("end", () => resolve());
        });
        request.on("error", reject);
      });
    // Sixteen members reading page after page, each on their keep-alive connection.
    const members = readers.map(async (agent) => {
      while (running) await read(agent);
    });
    try {
      while (served < 64) await new Promise((resolve) => setTimeout(resolve, 5));
      // Then twelve visitors arrive at once, each on a new connection: how many pages the members got while each
      // visitor waited for their first answer.
      const waits = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const before = served;
          expect(await getOnNewConnection(port, "/busy")).toBe("page");
          return served - before;
        }),
      );
      // libuv accepts one connection per loop iteration. Answering every waiting request in the iteration that read
      // it, each visitor waited about 9 pages more than the one before (the last through 124 pages here); started one
      // per turn, about 2 more (the last through 39).
      expect(Math.max(...waits)).toBeLessThan(60);
    } finally {
      running = false;
      await Promise.all(members);
      for (const agent of readers) agent.destroy();
      await app.close();
    }
  });
});
