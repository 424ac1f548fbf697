/** Collects the plain text of a rendered body: text runs plus one line break per block boundary. */
export class PlainTextBuilder {
  private readonly parts: string[] = [];

  add(text: string): void {
    this.parts.push(text);
  }

  /** A block starts or ends (paragraph, list item, heading, `<br>` …). */
  lineBreak(): void {
    this.parts.push("\n");
  }

  toString(): string {
    return this.parts
      .join("")
      .replace(/\r\n?/g, "\n")
      .replace(/[ \t]*\n[ \t\n]*/g, "\n")
      .trim();
  }
}
