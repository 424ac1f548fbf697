import { EventEmitter } from "node:events";
import type { AppContext } from "@library/server/app/appContext";

/**
 * Tells open poll streams that a discussion changed somewhere. It rides the cache layer: a vote names its
 * discussion (`discussion:<id>`), and the layer retires what depends on discussions here at once and in every
 * other process (the live bus on PostgreSQL, the data version on SQLite); each stream then re-reads its poll
 * and sends it only when it differs.
 */
export class PollChanges {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream.
    this.emitter.setMaxListeners(0);
  }

  /** Joins the app's cache layer (once, from the add-on's registration). */
  attach(context: AppContext): void {
    context.caches.define({
      name: "live poll results",
      dependsOn: ["discussion:*"],
      retire: () => {
        this.emitter.emit("changed");
      },
    });
  }

  /** Calls `listener` after each change; returns the unsubscribe function. */
  listen(listener: () => void): () => void {
    this.emitter.on("changed", listener);
    return () => {
      this.emitter.off("changed", listener);
    };
  }
}
