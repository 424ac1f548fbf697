import { ConnectionBalancer } from "./connectionBalancer";

function chooseTimes(balancer: ConnectionBalancer<string>, times: number): (string | undefined)[] {
  return Array.from({ length: times }, () => balancer.choose());
}

describe("ConnectionBalancer", () => {
  it("chooses no process before one is ready", () => {
    expect(new ConnectionBalancer<string>().choose()).toBeUndefined();
  });

  it("hands a burst of connections evenly, whatever order they arrive in", () => {
    const balancer = new ConnectionBalancer<string>();
    balancer.ready("a");
    balancer.ready("b");
    const chosen = chooseTimes(balancer, 50);
    expect(chosen.filter((id) => id === "a")).toHaveLength(25);
    expect(chosen.filter((id) => id === "b")).toHaveLength(25);
  });

  it("gives the next connection to the process holding the fewest", () => {
    const balancer = new ConnectionBalancer<string>();
    balancer.ready("a");
    balancer.ready("b");
    chooseTimes(balancer, 6);
    for (let index = 0; index < 3; index += 1) balancer.closed("b");
    // b holds none now, a three: the next three go to b.
    expect(chooseTimes(balancer, 3)).toEqual(["b", "b", "b"]);
    expect(balancer.openConnections("a")).toBe(3);
    expect(balancer.openConnections("b")).toBe(3);
  });

  it("lets processes holding as many take turns (short connections one after the other)", () => {
    const balancer = new ConnectionBalancer<string>();
    for (const id of ["a", "b", "c"]) balancer.ready(id);
    const chosen = Array.from({ length: 6 }, () => {
      const id = balancer.choose();
      if (id !== undefined) balancer.closed(id);
      return id;
    });
    expect(chosen).toEqual(["a", "b", "c", "a", "b", "c"]);
  });

  it("leaves out a process that is gone, and starts a new one at none", () => {
    const balancer = new ConnectionBalancer<string>();
    balancer.ready("a");
    balancer.ready("b");
    chooseTimes(balancer, 4);
    balancer.gone("a");
    expect(chooseTimes(balancer, 2)).toEqual(["b", "b"]);
    balancer.ready("c");
    expect(chooseTimes(balancer, 4)).toEqual(["c", "c", "c", "c"]);
    expect(balancer.openConnections("a")).toBe(0);
    // Ready now: b and c, however many times a process became ready before.
    balancer.ready("c");
    expect(balancer.readyCount).toBe(2);
  });

  it("never counts below none (a close told twice, or of a process it forgot)", () => {
    const balancer = new ConnectionBalancer<string>();
    balancer.ready("a");
    balancer.closed("a");
    balancer.closed("z");
    expect(balancer.openConnections("a")).toBe(0);
    expect(balancer.choose()).toBe("a");
    expect(balancer.openConnections("a")).toBe(1);
  });

  it("tells the surplus over an even share of the processes holding more (a process that started later)", () => {
    const balancer = new ConnectionBalancer<string>();
    balancer.ready("a");
    chooseTimes(balancer, 50);
    expect(balancer.surplus()).toEqual([]);
    balancer.ready("b");
    expect(balancer.surplus()).toEqual([["a", 25]]);
    for (let index = 0; index < 25; index += 1) balancer.closed("a");
    expect(chooseTimes(balancer, 25).every((id) => id === "b")).toBe(true);
    expect(balancer.surplus()).toEqual([]);
    balancer.ready("c");
    // 50 over three: a share of 17, so 8 move from each.
    expect(balancer.surplus()).toEqual([
      ["a", 8],
      ["b", 8],
    ]);
  });
});
