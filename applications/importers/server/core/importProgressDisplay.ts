import type { ImportKind } from "./importSource";

/** Where progress goes: a terminal gets one bar per kind redrawn in place, anything else a line now and then. */
export interface ProgressStream {
  isTTY: boolean;
  write(text: string): void;
}

const BAR_WIDTH = 20;
const LINE_EVERY_MS = 5000;
const TTY_REDRAW_MS = 100;

function grouped(value: number): string {
  return value.toLocaleString("en-US");
}

/** `discussions  1,234/5,000 ▇▇▇▇▁▁ 24%` (without a known total: `discussions  1,234`). */
export function progressLine(kind: ImportKind, done: number, total: number | null): string {
  const label = kind.padEnd(12);
  if (total === null || total <= 0) return `${label} ${grouped(done)}`;
  const ratio = Math.min(1, done / total);
  const filled = Math.round(ratio * BAR_WIDTH);
  const bar = "▇".repeat(filled) + "▁".repeat(BAR_WIDTH - filled);
  return `${label} ${grouped(done)}/${grouped(total)} ${bar} ${Math.floor(ratio * 100)}%`;
}

/** Counts one kind's records and shows them on `stream`. */
export class ProgressDisplay {
  private kind: ImportKind | null = null;
  private done = 0;
  private total: number | null = null;
  private lastLineAt = 0;
  private lastTenth = -1;

  constructor(
    private readonly stream: ProgressStream,
    private readonly now: () => number = Date.now,
  ) {}

  start(kind: ImportKind): void {
    this.kind = kind;
    this.done = 0;
    this.total = null;
    this.lastLineAt = this.now();
    this.lastTenth = 0;
    if (this.stream.isTTY) this.draw(true);
  }

  setTotal(total: number | null): void {
    this.total = total;
    this.draw(this.stream.isTTY);
  }

  /** The kind being counted, if any. */
  get current(): ImportKind | null {
    return this.kind;
  }

  advance(): void {
    this.done += 1;
    this.draw(false);
  }

  finish(): void {
    if (!this.kind) return;
    if (this.stream.isTTY) this.stream.write(`\r${progressLine(this.kind, this.done, this.total)}\x1b[K\n`);
    else this.stream.write(`${progressLine(this.kind, this.done, this.total)}\n`);
    this.kind = null;
  }

  private draw(force: boolean): void {
    if (!this.kind) return;
    const line = progressLine(this.kind, this.done, this.total);
    const time = this.now();
    if (this.stream.isTTY) {
      // Redrawn in place (the rest of the old line cleared), at most ten times a second.
      if (force || time - this.lastLineAt >= TTY_REDRAW_MS) {
        this.lastLineAt = time;
        this.stream.write(`\r${line}\x1b[K`);
      }
      return;
    }
    const tenth = this.total ? Math.floor((this.done / this.total) * 10) : -1;
    if (force || time - this.lastLineAt >= LINE_EVERY_MS || (tenth > this.lastTenth && tenth < 10)) {
      this.lastLineAt = time;
      if (tenth >= 0) this.lastTenth = tenth;
      this.stream.write(`${line}\n`);
    }
  }
}
