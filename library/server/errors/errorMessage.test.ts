import { runInNewContext } from "node:vm";
import { errorText, messageOf } from "./errorMessage";

describe("the message of a thrown value", () => {
  it("reads the message of an error made in another realm (as the SQLite driver's are)", () => {
    const foreign: unknown = runInNewContext('new Error("no such table: polls")');
    expect(foreign instanceof Error).toBe(false);
    expect(messageOf(foreign)).toBe("no such table: polls");
    expect(errorText(foreign)).toBe("no such table: polls");
  });

  it("gives the value itself when it has no message", () => {
    expect(messageOf("plain text")).toBeNull();
    expect(errorText("plain text")).toBe("plain text");
    expect(errorText({ message: 42 })).toBe("[object Object]");
  });
});
