import { ContentDigest, contentDigest } from "./contentDigest";

describe("contentDigest", () => {
  const page = Buffer.from(`<main>${"<p>A comment with its reactions and actions.</p>".repeat(200)}</main>`);

  it("is the same for the same bytes, whole or in pieces", () => {
    const pieces = new ContentDigest()
      .update(page.subarray(0, 1000))
      .update(page.subarray(1000, 5001))
      .update(page.subarray(5001));
    expect(pieces.digest()).toBe(contentDigest(page));
    expect(contentDigest(Buffer.from(page))).toBe(contentDigest(page));
  });

  it("changes with one changed character, a swapped pair and a longer body", () => {
    const seen = new Set([contentDigest(page)]);
    const oneCount = Buffer.from(page);
    oneCount[500] = oneCount[500] === 0x31 ? 0x32 : 0x31;
    const swapped = Buffer.from(page);
    [swapped[10], swapped[11]] = [swapped[11] ?? 0, swapped[10] ?? 0];
    for (const changed of [oneCount, swapped, Buffer.concat([page, Buffer.from(" ")]), page.subarray(1)])
      seen.add(contentDigest(changed));
    expect(seen.size).toBe(5);
  });

  it("digests a string as its UTF-8, the same text always the same way", () => {
    expect(contentDigest("<p>plain</p>")).toBe(contentDigest(Buffer.from("<p>plain</p>")));
    expect(contentDigest("Nice work — ✓")).toBe(
      new ContentDigest().update("Nice work ").update("— ✓").digest(),
    );
    expect(contentDigest("Nice work — ✓")).not.toBe(contentDigest("Nice work – ✓"));
  });

  it("reads as letters, digits and a dash, which a quoted validator takes as they are", () => {
    expect(contentDigest(page)).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
    expect(contentDigest("")).toBe("0-0");
  });
});
