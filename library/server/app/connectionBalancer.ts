/**
 * Which server process the primary hands a new connection to: the ready one holding the fewest open connections,
 * and among equals the next one after the process chosen last.
 *
 * Why not node:cluster's round robin: it hands the next waiting connection to whichever process acknowledged its
 * previous one first, so a burst of new connections (a browser's six, a load balancer's pool, the fifty of the
 * community benchmark) lands mostly on the process that happened to be idle, and keep-alive holds them there. In
 * the benchmark one process then served twice the other's connections: its members waited twice as long (server
 * side, 54–74 against 27–29 ms at the median) while both processes did the same work per second. Counted by open
 * connections, each process holds its share however the connections arrive.
 */
export class ConnectionBalancer<Id> {
  /** Open connections by ready process, in the order the processes became ready. */
  private readonly open = new Map<Id, number>();
  private lastChosen: Id | undefined;

  /** A process that can take connections from now on. */
  ready(id: Id): void {
    if (!this.open.has(id)) this.open.set(id, 0);
  }

  /** A process that takes no more connections (it ended, or its channel closed). */
  gone(id: Id): void {
    this.open.delete(id);
  }

  /** The process the next connection goes to, counted as holding it; undefined when none is ready. */
  choose(): Id | undefined {
    const ids = [...this.open.keys()];
    if (ids.length === 0) return undefined;
    // Start looking just after the process chosen last, so that equals take turns.
    const start = this.lastChosen === undefined ? 0 : ids.indexOf(this.lastChosen) + 1;
    let chosen: Id | undefined;
    let fewest = Infinity;
    for (let step = 0; step < ids.length; step += 1) {
      const id = ids[(start + step) % ids.length] as Id;
      const count = this.open.get(id) ?? 0;
      if (count < fewest) {
        fewest = count;
        chosen = id;
      }
    }
    if (chosen === undefined) return undefined;
    this.open.set(chosen, fewest + 1);
    this.lastChosen = chosen;
    return chosen;
  }

  /** One of the process's connections closed (or never reached it). */
  closed(id: Id): void {
    const count = this.open.get(id);
    if (count !== undefined && count > 0) this.open.set(id, count - 1);
  }

  /**
   * The connections each process holds beyond an even share of all of them (rounded up), for the processes that
   * hold more: after a process starts later than the others, those are the ones to move to it.
   */
  surplus(): [Id, number][] {
    const counts = [...this.open];
    if (counts.length === 0) return [];
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    const share = Math.ceil(total / counts.length);
    return counts.filter(([, count]) => count > share).map(([id, count]) => [id, count - share]);
  }

  /** How many processes can take connections now. */
  get readyCount(): number {
    return this.open.size;
  }

  /** Open connections a process holds, as far as the primary knows. */
  openConnections(id: Id): number {
    return this.open.get(id) ?? 0;
  }
}
