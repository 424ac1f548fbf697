/**
 * Requests start one per turn of the event loop, first come, first served.
 *
 * Why: libuv accepts one new connection per loop iteration (since libuv 1.45, "unix: don't accept() connections in
 * a loop"; Node 20 ships 1.46) and counts on the listening socket being reported again at the next iteration. A
 * busy process used to run, in the iteration that read them, the request of every connection with data waiting:
 * with 50 members' connections busy at 5 ms a page, an iteration lasted 250 ms, and a visitor's new connection
 * waited one such iteration for each connection ahead of it in the accept queue (the last of 50 connections opened
 * at once on a saturated server got its first answer after 5–6 s, while no request took over 0.7 s to serve).
 * Started one per iteration, requests keep an iteration about one request long, so the listening socket is looked
 * at between any two of them; the total work and the requests per second stay the same. A request that waits for
 * I/O (PostgreSQL) lets the next one start at the next turn.
 */
export class RequestTurns {
  private waiting: (() => void)[] = [];
  private head = 0;
  private scheduled = false;
  private readonly startNext = (): void => {
    this.scheduled = false;
    const start = this.waiting[this.head];
    if (start === undefined) return;
    this.waiting[this.head] = noop;
    this.head += 1;
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else this.schedule();
    start();
  };

  /** Calls `start` at the request's turn: the next loop iteration's check phase with nothing ahead of it. */
  wait(start: () => void): void {
    this.waiting.push(start);
    this.schedule();
  }

  /** Requests waiting for their turn. */
  get length(): number {
    return this.waiting.length - this.head;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // An immediate queued while the check phase runs waits for the next iteration: one start per iteration.
    setImmediate(this.startNext);
  }
}

function noop(): void {}
