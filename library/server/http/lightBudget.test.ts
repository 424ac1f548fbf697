import Fastify from "fastify";
import { registerErrorHandler } from "../errors/errorHandler";
import { AddressBudgets, MAX_BUDGET_ADDRESSES } from "./lightBudget";
import { skipHooksOnLightRoutes } from "./lightRoutes";

describe("light route budgets", () => {
  it("lets an address spend its minute's budget, then says how long to wait, refilling as time passes", () => {
    const budgets = new AddressBudgets();
    const start = 1_000_000;
    for (let event = 0; event < 60; event++) expect(budgets.spend("10.0.0.1", 1, 60, start)).toBe(0);
    expect(budgets.spend("10.0.0.1", 1, 60, start)).toBe(1);
    // Another address has its own budget; a batch spends one per event, and more than a minute's never fits.
    expect(budgets.spend("10.0.0.2", 50, 60, start)).toBe(0);
    expect(budgets.spend("10.0.0.2", 20, 60, start)).toBe(10);
    expect(budgets.spend("10.0.0.3", 500, 60, start)).toBe(60);
    // One second later, one more event fits (60 a minute).
    expect(budgets.spend("10.0.0.1", 1, 60, start + 1000)).toBe(0);
    expect(budgets.spend("10.0.0.1", 1, 60, start + 1000)).toBe(1);
  });

  it("remembers a bounded number of addresses under a spray of invented ones, the active ones kept", () => {
    const budgets = new AddressBudgets();
    const start = 2_000_000;
    for (let event = 0; event < 10; event++) budgets.spend("192.0.2.1", 1, 10, start);
    for (let index = 0; index < 100_000; index++) {
      budgets.spend(`2001:db8::${index.toString(16)}`, 1, 10, start);
      // The flooding address keeps sending meanwhile: it stays remembered, and refused.
      if (index % 1000 === 0) {
        expect(budgets.spend("192.0.2.1", 1, 10, start)).toBeGreaterThan(0);
        expect(budgets.size).toBeLessThanOrEqual(MAX_BUDGET_ADDRESSES);
      }
    }
    expect(budgets.size).toBeGreaterThan(MAX_BUDGET_ADDRESSES / 2);
    expect(budgets.spend("192.0.2.1", 1, 10, start)).toBeGreaterThan(0);
  });

  it("spends a light route's budget by the events of its batch, per address as the trust-proxy setting resolves it", async () => {
    const app = Fastify({ trustProxy: true });
    registerErrorHandler(app, false);
    skipHooksOnLightRoutes(app);
    let handled = 0;
    app.post<{ Body: { events: unknown[] } }>(
      "/beacon",
      {
        config: {
          light: true,
          lightBudget: {
            perMinute: () => 5,
            events: (request) => (request.body as { events: unknown[] }).events.length,
          },
        },
      },
      async (_request, reply) => {
        handled += 1;
        return reply.code(201).send({ ok: true });
      },
    );
    const send = (forwardedFor: string, events: number) =>
      app.inject({
        method: "POST",
        url: "/beacon",
        headers: { "x-forwarded-for": forwardedFor },
        payload: { events: Array.from({ length: events }, () => ({})) },
      });
    expect((await send("198.51.100.4", 3)).statusCode).toBe(201);
    expect((await send("198.51.100.4", 2)).statusCode).toBe(201);
    const refused = await send("198.51.100.4", 1);
    expect(refused.statusCode).toBe(429);
    // One event at 5 a minute: 12 seconds (11 if the machine took a second between the two requests).
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(11);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(12);
    expect(refused.json()).toMatchObject({ status: 429 });
    expect((await send("198.51.100.5", 5)).statusCode).toBe(201);
    expect((await send("198.51.100.6", 6)).headers["retry-after"]).toBe("60");
    expect(handled).toBe(3);
    await app.close();
  });
});
