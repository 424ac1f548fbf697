// Jest only (the server project's setupFiles). Fastify names every plugin it loads, and each route it adds loads
// one (avvio's `after`): for a function without a display name it first looks for the module exporting it by
// scanning `require.cache`. Under Jest that cache is a proxy over the module registry that builds every key
// anew on each look, so those scans took a sixth of the CPU of building a test app. A function's own name is
// what Fastify falls back to after the scan anyway: here it is offered as the display name (a generic one for an
// anonymous function), so no scan runs (710 ms of CPU a test app before, 592 after).
const displayName = Symbol.for("fastify.display-name");
if (!Object.prototype.hasOwnProperty.call(Function.prototype, displayName)) {
  Object.defineProperty(Function.prototype, displayName, {
    configurable: true,
    get() {
      return this.name || "anonymous";
    },
    // fastify-plugin names the plugins it wraps: that name stays the function's own.
    set(value) {
      Object.defineProperty(this, displayName, {
        value,
        configurable: true,
        enumerable: false,
        writable: true,
      });
    },
  });
}
