// Jest's module runtime, with V8's code cache for the modules it compiles, each worker's transforms kept for its
// next test files, and each test file's AsyncLocalStorage stores disabled when it ends (the `runtime` of both Jest
// projects).
//
// Jest gives every test file a fresh module registry, so each file compiles every module it loads again: the core,
// the applications and all add-ons, over 400 server test files. Compiling was the largest single cost of loading
// them (V8's compiler, about a fifth of a server test file's CPU before its first test). Here each module's
// compiled code is kept in Jest's cache directory (`jest --clearCache` clears it; `--no-cache` does without),
// keyed by the module's path, its transformed source and the Node.js version, and handed back to V8 on the next compile,
// which then skips parsing. The cache is made after the module's first run (from the next turn of the event
// loop), so it holds the functions that ran while loading too. Behaviour is Jest's own: the same wrapper function and parameters, compiled in the test's context,
// the same stack positions, and Jest's own compile whenever anything here fails.
const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const vm = require("node:vm");
const JestRuntime = require("jest-runtime").default;

/** The folder for this Node.js: flags that change the code V8 makes (e.g. --no-opt) make another one. */
function cacheDirIn(jestCacheDir) {
  const flags = crypto.createHash("sha1").update(process.execArgv.join(" ")).digest("hex").slice(0, 8);
  return path.join(jestCacheDir, `v8-code-cache-${process.version}-${process.arch}-${flags}`);
}

const madeDirs = new Set();

function writeCache(dir, file, data) {
  try {
    if (!madeDirs.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    // Workers may write the same entry at once: each writes its own file, then renames it into place whole.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, data);
    fs.renameSync(partial, file);
  } catch {
    // A cache that cannot be written only costs the time it would have saved.
  }
}

/**
 * This worker's compiled modules by path, with the source each was compiled from: the worker's next test file
 * runs the same script in its own context (a script is not bound to one), with neither a compile nor a read of
 * the code cache. A worker runs one test file at a time, so a module's dynamic `import()` goes through the
 * executor of the file running now.
 */
const compiledScripts = new Map();
let running = null;

/** Jest's `compile` (ModuleExecutor), with a code cache in front of it. */
function cachingCompile(executor, jestCompile, cacheDir) {
  return function compile(scriptSource, filename) {
    const vmContext = executor.environment.getVmContext();
    if (vmContext == null || executor.resolution.isCoreModule(filename))
      return jestCompile(scriptSource, filename);
    running = { executor, vmContext };
    const compiledBefore = compiledScripts.get(filename);
    if (compiledBefore !== undefined && compiledBefore.source === scriptSource) {
      try {
        return compiledBefore.script.runInContext(vmContext);
      } catch {
        return jestCompile(scriptSource, filename);
      }
    }
    // Keyed by the module's path too: V8 keeps the script's name in its cache, so an entry made for the same
    // source in another checkout would report (and resolve native bindings from) that checkout's paths.
    const key = crypto.createHash("sha1").update(filename).update("\0").update(scriptSource).digest("hex");
    const file = path.join(cacheDir, key);
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    let script;
    let compiled;
    try {
      // The same function Jest compiles (its parameters, the source on the same lines), as a script whose code
      // V8 can cache after it ran.
      const wrapped = `(function (${executor.injectedModuleParameters.join(", ")}) {${scriptSource}\n})`;
      script = new vm.Script(wrapped, {
        filename,
        cachedData,
        importModuleDynamically: (specifier, _script, importAttributes, ...rest) =>
          running.executor.dynamicImport(specifier, filename, running.vmContext, importAttributes, rest[0]),
      });
      compiled = script.runInContext(vmContext);
      compiledScripts.set(filename, { source: scriptSource, script });
    } catch {
      // A syntax error and the like: Jest's own compile reports it its own way.
      return jestCompile(scriptSource, filename);
    }
    if (cachedData === undefined || script.cachedDataRejected)
      setImmediate(() => writeCache(cacheDir, file, script.createCachedData()));
    return compiled;
  };
}

/**
 * This worker's transformed modules, by path and transform options. Jest reads each module's source from disk and
 * stats it (for its transform cache's key) again in every test file, as a fresh file cache comes with each one:
 * about a tenth of a server test file's CPU before its first test, a thousand modules a file. The sources of a
 * run do not change while it runs, so a worker transforms each once. Only the checkout's own files (node_modules
 * included) are kept: anything under the system's temporary folder is read as Jest reads it. In watch mode (files
 * change between runs of the same process) nothing is kept.
 */
const transformedModules = new Map();
const temporaryFolder = `${fs.realpathSync(os.tmpdir())}${path.sep}`;

function keepsTransform(rootDir, filename) {
  return filename.startsWith(rootDir) && !filename.startsWith(temporaryFolder);
}

/** The runtime's transform cache (one per test file), answered from this worker's transforms where it can. */
function rememberTransforms(transformCache, rootDir) {
  const transform = transformCache.transform.bind(transformCache);
  transformCache.transform = (filename, options) => {
    if (options?.isInternalModule || !keepsTransform(rootDir, filename)) return transform(filename, options);
    const key = `${filename}\0${JSON.stringify(options ?? null)}`;
    const kept = transformedModules.get(key);
    if (kept === undefined) {
      const code = transform(filename, options);
      transformedModules.set(key, {
        code,
        file: transformCache.transforms.get(filename),
        sourceMap: transformCache.sourceMaps.get(filename),
      });
      return code;
    }
    // What Jest's own transform records for the file: coverage and source maps read them.
    if (kept.file !== undefined) transformCache.transforms.set(filename, kept.file);
    if (kept.sourceMap !== undefined) transformCache.sourceMaps.set(filename, kept.sourceMap);
    return kept.code;
  };
}

/** Whether files may change between the runs of this process: watch mode runs again after each edit. */
function watching(globalConfig) {
  return Boolean(globalConfig?.watch || globalConfig?.watchAll);
}

/**
 * `node:async_hooks` for one test file: the same module, with an `AsyncLocalStorage` that remembers each store the
 * file makes, so the runtime can disable them when the file ends. On Node.js 20 every enabled store stays in one
 * process-wide list, and each promise any later file creates is propagated to each of them; the modules that make
 * a store at load time are loaded anew by every test file, so by a worker's hundredth file every promise went
 * through two hundred stores (a sixth of the server suite's CPU, and more garbage).
 */
function asyncHooksForOneFile(asyncHooks, storesMade) {
  class FileAsyncLocalStorage extends asyncHooks.AsyncLocalStorage {
    constructor(...args) {
      super(...args);
      storesMade.push(this);
    }
  }
  return Object.freeze({ ...asyncHooks, AsyncLocalStorage: FileAsyncLocalStorage });
}

/** Gives the file's modules `asyncHooksForOneFile`'s module for `async_hooks`; returns the stores they made. */
function trackStores(coreModules, resolution) {
  const storesMade = [];
  const requireCore = coreModules.require.bind(coreModules);
  let asyncHooks = null;
  coreModules.require = (moduleName) => {
    const module = requireCore(moduleName);
    if (resolution.normalizeCoreModuleSpecifier(moduleName) !== "async_hooks") return module;
    asyncHooks ??= asyncHooksForOneFile(module, storesMade);
    return asyncHooks;
  };
  return storesMade;
}

class CodeCachingRuntime extends JestRuntime {
  constructor(...args) {
    super(...args);
    const coreModules = this.coreModule;
    const resolution = this._resolution;
    this.storesMade =
      typeof coreModules?.require === "function" &&
      typeof resolution?.normalizeCoreModuleSpecifier === "function"
        ? trackStores(coreModules, resolution)
        : [];
    // Jest's Runtime(config, environment, resolver, transformer, cacheFS, coverageOptions, testPath, globalConfig).
    const [config, , , , , , , globalConfig] = args;
    const transformCache = this.transformCache;
    if (
      !watching(globalConfig) &&
      config.rootDir &&
      transformCache &&
      typeof transformCache.transform === "function" &&
      transformCache.transforms instanceof Map &&
      transformCache.sourceMaps instanceof Map
    )
      rememberTransforms(transformCache, `${fs.realpathSync(config.rootDir)}${path.sep}`);
    const executor = this.executor;
    if (
      config.cache !== false &&
      config.cacheDirectory &&
      executor &&
      typeof executor.compile === "function" &&
      Array.isArray(executor.injectedModuleParameters)
    )
      executor.compile = cachingCompile(
        executor,
        executor.compile.bind(executor),
        cacheDirIn(config.cacheDirectory),
      );
  }

  teardown() {
    super.teardown();
    for (const store of this.storesMade.splice(0)) store.disable();
  }
}

module.exports = CodeCachingRuntime;
module.exports.default = CodeCachingRuntime;
module.exports.trackStores = trackStores;
