import { parseCommandArgs } from "./parseCommandArgs";

const options = { token: { type: "string" }, name: { type: "string" }, force: { type: "boolean" } } as const;

describe("parseCommandArgs", () => {
  it("takes a string option's value that begins with a dash, as a random token may", () => {
    const { values } = parseCommandArgs({
      args: ["--token", "-x3f_Q", "--name", "--Ann"],
      options,
      strict: true,
    });
    expect(values).toEqual({ token: "-x3f_Q", name: "--Ann" });
  });

  it("keeps --name=value, booleans, positionals and what follows --", () => {
    const { values, positionals } = parseCommandArgs({
      args: ["--name=Ann", "--force", "file.json", "--", "--token", "-t"],
      options,
      allowPositionals: true,
      strict: true,
    });
    expect(values).toEqual({ name: "Ann", force: true });
    expect(positionals).toEqual(["file.json", "--token", "-t"]);
  });

  it("still refuses an unknown option and a string option without its value", () => {
    expect(() => parseCommandArgs({ args: ["--colour", "red"], options, strict: true })).toThrow(
      /Unknown option/,
    );
    expect(() => parseCommandArgs({ args: ["--token"], options, strict: true })).toThrow(/argument missing/);
  });
});
