import { fullDate, relativePhrase } from "./relativeTime";

const now = new Date("2025-03-14T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("relativePhrase", () => {
  it.each([
    [0, "just now"],
    [5 * S, "just now"],
    [6 * S, "a few seconds ago"],
    [44 * S, "a few seconds ago"],
    [45 * S, "a minute ago"],
    [89 * S, "a minute ago"],
    [90 * S, "2 minutes ago"],
    [44 * M, "44 minutes ago"],
    [45 * M, "an hour ago"],
    [89 * M, "an hour ago"],
    [90 * M, "2 hours ago"],
    [21 * H, "21 hours ago"],
    [22 * H, "a day ago"],
    [35 * H, "a day ago"],
    [36 * H, "2 days ago"],
    [25 * D, "25 days ago"],
    [26 * D, "a month ago"],
    [45 * D, "2 months ago"],
    [319 * D, "10 months ago"],
    [320 * D, "a year ago"],
    [548 * D, "a year ago"],
    [549 * D, "2 years ago"],
    [5 * 365 * D, "5 years ago"],
  ])("%i ms ago reads %s", (ms, expected) => {
    expect(relativePhrase(ago(ms), now)).toBe(expected);
  });

  it("handles the future", () => {
    expect(relativePhrase(new Date(now.getTime() + 3 * H), now)).toBe("in 3 hours");
    expect(relativePhrase(new Date(now.getTime() + 2 * S), now)).toBe("in a few seconds");
  });

  it("formats the full date and falls back to the epoch for invalid dates", () => {
    expect(fullDate("2025-03-14T09:26:00")).toBe("March 14, 2025, 9:26 AM");
    expect(fullDate("not a date")).toBe(fullDate(0));
    expect(fullDate("2025-12-01T00:05:00")).toBe("December 1, 2025, 12:05 AM");
    expect(fullDate("2025-07-04T12:30:00")).toBe("July 4, 2025, 12:30 PM");
    expect(fullDate("2025-07-04T23:59:00")).toBe("July 4, 2025, 11:59 PM");
    expect(fullDate("2025-03-14")).toBe("March 14, 2025, 12:00 AM");
    expect(fullDate(new Date(2025, 0, 2, 7, 3))).toBe("January 2, 2025, 7:03 AM");
  });

  it("reads ISO strings with an offset, epoch milliseconds and dates as the same instant", () => {
    const iso = "2025-03-14T11:00:00+00:00";
    expect(relativePhrase(iso, now)).toBe("an hour ago");
    expect(relativePhrase(Date.parse(iso), now)).toBe("an hour ago");
    expect(relativePhrase(new Date(iso), now.getTime())).toBe("an hour ago");
  });
});
