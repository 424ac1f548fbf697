import { fullDate, shortDate } from "./fragments";

describe("page dates", () => {
  it("writes short and full dates in UTC", () => {
    const date = new Date("2026-11-22T13:09:00Z");
    expect(shortDate(date)).toBe("Nov 22, 2026");
    expect(fullDate(date)).toBe("Sunday, November 22, 2026 at 1:09 PM UTC");
    expect(fullDate(new Date("2026-01-01T00:05:00Z"))).toBe("Thursday, January 1, 2026 at 12:05 AM UTC");
    expect(fullDate(new Date("2026-01-01T12:30:00Z"))).toBe("Thursday, January 1, 2026 at 12:30 PM UTC");
  });
});
