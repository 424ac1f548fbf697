import { abbreviateNumber, formatBytes, formatCount, formatFullNumber } from "./numbers";

describe("number formatting", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1k"],
    [1540, "1.5k"],
    [12_345, "12.3k"],
    [999_949, "999.9k"],
    [999_950, "1m"],
    [1_000_000, "1m"],
    [2_560_000, "2.6m"],
    [1e9, "1b"],
    [3.25e12, "3.3t"],
    [-1500, "-1.5k"],
  ])("abbreviates %d as %s", (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it("writes full values with commas", () => {
    expect(formatFullNumber(1234567)).toBe("1,234,567");
  });

  it("writes whole and fractional numbers as English Intl does", () => {
    const english = new Intl.NumberFormat("en-US");
    const values = [0, 7, -7, 999, 1000, -1000, 12345, 100000, 999999, 1000000, 123456789, -987654321];
    values.push(Number.MAX_SAFE_INTEGER, 2 ** 60, 1234.5, -0.125, 1e21);
    for (const value of values) expect(formatFullNumber(value)).toBe(english.format(value));
  });

  it.each([
    [0, "0 B"],
    [512, "512 B"],
    [1536, "1.50 KB"],
    [3 * 1024 ** 2, "3.00 MB"],
    [1.25 * 1024 ** 3, "1.25 GB"],
    [2 * 1024 ** 4, "2.00 TB"],
    [4096 * 1024 ** 4, "4096.00 TB"],
  ])("formats %d bytes as %s", (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it("caps counts at 99+", () => {
    expect(formatCount(99)).toBe("99");
    expect(formatCount(100)).toBe("99+");
  });
});
