import { base32Decode, base32Encode, matchTotp, otpauthUrl, totpCode, totpStep } from "./totp";

/** RFC 6238 appendix B test vectors (SHA-1, the ASCII key "12345678901234567890"), last 6 digits. */
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));
const RFC_VECTORS: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    for (const [seconds, code] of RFC_VECTORS)
      expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it("round-trips base32", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
  });

  it("accepts a code one step off, once, and refuses anything else", () => {
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), 0, now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), 0, now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), 0, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), step, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, "12345", 0, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, "abcdef", 0, now)).toBeNull();
  });

  it("builds the address an authenticator app reads", () => {
    expect(otpauthUrl("Community", "ada@example.com", "ABC")).toBe(
      "otpauth://totp/Community%3Aada%40example.com?secret=ABC&issuer=Community&algorithm=SHA1&digits=6&period=30",
    );
  });
});
