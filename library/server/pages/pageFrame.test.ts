import { FRAME_HOLES, fillFrame, frameBytesAround, frameOf, holeToken, type FrameValues } from "./pageFrame";

/** Values that escaping would change, and text past Latin-1, in every hole. */
function valuesFor(seed: number): FrameValues {
  return Object.fromEntries(
    FRAME_HOLES.map((hole, index) => [
      hole,
      `<${hole} ${seed}-${index} 'é' "›" &amp; ${"x".repeat(seed % 5)}>`,
    ]),
  ) as unknown as FrameValues;
}

describe("page frames", () => {
  it("gives back the document with each hole's value in place of its token, in any order and count", () => {
    for (let seed = 0; seed < 40; seed += 1) {
      const values = valuesFor(seed);
      // A document with some holes, some twice, some missing, text around them with characters past Latin-1.
      const holes = FRAME_HOLES.filter((_hole, index) => (seed + index) % 3 !== 0);
      const parts = holes.flatMap((hole, index) => [
        `<p>piece ${index} — ${"ü".repeat(index)}</p>`,
        holeToken(hole),
        ...(index % 4 === seed % 4 ? [`<br>`, holeToken(hole)] : []),
      ]);
      const document = `<!DOCTYPE html>${parts.join("")}<footer>end</footer>`;
      const expected = FRAME_HOLES.reduce(
        (text, hole) => text.split(holeToken(hole)).join(values[hole]),
        document,
      );
      const frame = frameOf(document);
      expect(fillFrame(frame, values)).toBe(expected);
      expect(frame.texts.join("")).not.toContain("zzframe");
    }
  });

  it("writes the bytes before and after the body, the body left out", () => {
    const values = valuesFor(7);
    const document = `<head>${holeToken("documentTitle")}</head><main>${holeToken("body")}</main><script>${holeToken("bootstrap")}</script>`;
    const frame = frameOf(document);
    const { before, after } = frameBytesAround(frame, values);
    const whole = fillFrame(frame, values);
    const at = whole.indexOf(values.body);
    expect(Buffer.concat(before).toString()).toBe(whole.slice(0, at));
    expect(Buffer.concat(after).toString()).toBe(whole.slice(at + values.body.length));
    // The frame's own pieces are the same bytes on every page: encoded once.
    expect(frameBytesAround(frame, values).before[0]).toBe(before[0]);
  });

  it("leaves out empty hole values and refuses a frame without a body", () => {
    const frame = frameOf(`<a>${holeToken("descriptionTag")}${holeToken("body")}</a>`);
    const { before } = frameBytesAround(frame, { ...valuesFor(1), descriptionTag: "" });
    expect(before.map((piece) => piece.toString())).toEqual(["<a>"]);
    expect(() => frameBytesAround(frameOf("<p>no body</p>"), valuesFor(1))).toThrow("no body");
  });

  it("does not take look-alike text for a hole", () => {
    const document = `${holeToken("body")} zzframe0000bodyzz ${holeToken("body").replace("body", "nobody")}`;
    const frame = frameOf(document);
    expect(frame.holes).toEqual(["body"]);
  });
});
