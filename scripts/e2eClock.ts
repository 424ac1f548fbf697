// The browser-test server's clock: real time plus an offset a test can move forward, so a test of something due
// minutes from now (a scheduled post) needs not wait for it. Only the e2e server installs it.
import http from "node:http";

const RealDate = Date;
let offsetMs = 0;

/**
 * `Date` as the real one, `offsetMs` later: what `new Date()`, `Date()` and `Date.now()` read everywhere in the
 * process. Every other use (`new Date(x)`, `Date.parse`, `instanceof Date`) is the real `Date`'s.
 */
const ShiftedDate = new Proxy(RealDate, {
  construct(target, args: unknown[], newTarget: DateConstructor) {
    const values: unknown[] = args.length === 0 ? [RealDate.now() + offsetMs] : args;
    return Reflect.construct(target, values, newTarget) as Date;
  },
  apply() {
    return new RealDate(RealDate.now() + offsetMs).toString();
  },
  get(target, property, receiver) {
    if (property === "now") return () => RealDate.now() + offsetMs;
    return Reflect.get(target, property, receiver) as unknown;
  },
});

/**
 * Replaces the process's `Date` with the shifted one and listens on 127.0.0.1:`port` for
 * `POST /clock/advance?ms=N`, which moves this server's clock N milliseconds forward (never back: sessions,
 * leases and edit windows only ever see time pass, a little faster). Answers the new offset.
 */
export function installShiftableClock(port: number): http.Server {
  globalThis.Date = ShiftedDate;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const ms = Number(url.searchParams.get("ms"));
    if (request.method !== "POST" || url.pathname !== "/clock/advance" || !Number.isInteger(ms) || ms < 0) {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ message: "POST /clock/advance?ms=<a whole number of milliseconds ≥ 0>" }),
      );
      return;
    }
    offsetMs += ms;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ offsetMs }));
  });
  server.listen(port, "127.0.0.1");
  server.unref();
  return server;
}
