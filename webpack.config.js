// Client bundles. Each entry (forum = the single-page forum, legacy = widgets mounted into server-rendered
// pages, dashboard = the admin area) collects `<application>/src/entries/<entry>.ts(x)` from every application
// and add-on, in the order library → applications → plugins. One runtime chunk and shared vendor chunks keep
// a single copy of React, the store and the registry on a page. The server reads dist/manifest.json.
const fs = require("node:fs");
const path = require("node:path");
const MinimizerPlugin = require("minimizer-webpack-plugin");
const zlib = require("node:zlib");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");

const ENTRY_NAMES = ["forum", "legacy", "dashboard"];
const SOURCE_ROOTS = ["library", ...["applications", "plugins"].flatMap((dir) => listDirs(dir))];

function listDirs(dir) {
  const absolute = path.join(__dirname, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

function entryFiles(name) {
  return SOURCE_ROOTS.flatMap((root) =>
    [".ts", ".tsx"]
      .map((extension) => path.join(__dirname, root, "src", "entries", `${name}${extension}`))
      .filter((file) => fs.existsSync(file)),
  );
}

/** Writes manifest.json: entry name → { js: [...], css: [...] } in load order. */
class EntryManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("EntryManifestPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "EntryManifestPlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = compilation.outputOptions.publicPath;
          const manifest = {};
          for (const [name, entrypoint] of compilation.entrypoints) {
            const files = entrypoint.getFiles();
            manifest[name] = {
              js: files.filter((file) => file.endsWith(".js")).map((file) => publicPath + file),
              css: files.filter((file) => file.endsWith(".css")).map((file) => publicPath + file),
            };
          }
          compilation.emitAsset(
            "manifest.json",
            new compiler.webpack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` beside every script, stylesheet and SVG over 1 KB: the server
 * sends those bytes as they are, so no bundle is compressed per request.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("PrecompressPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: "PrecompressPlugin",
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
        },
        (assets) => {
          const { RawSource } = compiler.webpack.sources;
          for (const [name, source] of Object.entries(assets)) {
            if (!/\.(js|css|svg)$/.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < 1024) continue;
            const brotli = zlib.brotliCompressSync(buffer, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
            });
            compilation.emitAsset(`${name}.br`, new RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new RawSource(zlib.gzipSync(buffer, { level: 9 })));
          }
        },
      );
    });
  }
}

/**
 * With CLIENT_BUILD_PROGRESS=lines (set by `npm start`'s first build), a line at every tenth of the build: a
 * newcomer sees the build move for the minute it takes, without webpack's own progress output flooding the log.
 */
function progressLines(webpack) {
  let printed = -1;
  return new webpack.ProgressPlugin((fraction, stage) => {
    const tenth = Math.floor(fraction * 10);
    if (tenth <= printed) return;
    printed = tenth;
    process.stdout.write(`Building the client: ${tenth * 10}%${stage ? ` (${stage})` : ""}\n`);
  });
}

module.exports = (_env, argv) => {
  const production = argv.mode !== "development";
  const entry = Object.fromEntries(
    ENTRY_NAMES.map((name) => [name, entryFiles(name)]).filter(([, files]) => files.length > 0),
  );
  return {
    mode: production ? "production" : "development",
    devtool: production ? false : "eval-cheap-module-source-map",
    entry,
    output: {
      path: path.join(__dirname, "dist"),
      publicPath: "/dist/",
      filename: production ? "[name].[contenthash:10].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:10].js" : "[name].js",
      assetModuleFilename: "assets/[name].[contenthash:10][ext]",
      clean: true,
    },
    resolve: {
      extensions: [".tsx", ".ts", ".js"],
      alias: {
        "@library": path.join(__dirname, "library"),
        "@forum/api": path.join(__dirname, "packages/api/src"),
        "@applications": path.join(__dirname, "applications"),
        "@plugins": path.join(__dirname, "plugins"),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: "swc-loader",
            options: {
              jsc: {
                parser: { syntax: "typescript", tsx: true },
                transform: { react: { runtime: "automatic", development: !production } },
                target: "es2020",
              },
            },
          },
        },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            // A root-relative url() names a file the server serves itself (the default avatar, whose address the
            // API gives every photo-less member): kept as written, so the page asks for it once, not also as a
            // hashed copy under /dist.
            { loader: "css-loader", options: { url: { filter: (url) => !url.startsWith("/") } } },
          ],
        },
        { test: /\.(woff2?|png|svg|jpg|gif)$/, type: "asset/resource" },
      ],
    },
    optimization: {
      // swc's minifier (the compiler that already transpiles the client): a production build takes 20 s of CPU
      // instead of Terser's 50, and its output is no larger.
      minimizer: [
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          terserOptions: { compress: true, mangle: true },
        }),
      ],
      runtimeChunk: "single",
      splitChunks: {
        chunks: "all",
        cacheGroups: {
          // Only the single-page entries route; keeping the router apart spares the legacy pages its weight.
          router: {
            test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
            name: "router",
            priority: 30,
          },
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: "react",
            priority: 20,
          },
          // Initial chunks only: what a page loads lazily (the editor and Slate) stays in its own async chunk.
          vendor: { test: /[\\/]node_modules[\\/]/, name: "vendor", priority: 10, chunks: "initial" },
        },
      },
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: production ? "[name].[contenthash:10].css" : "[name].css" }),
      new EntryManifestPlugin(),
      ...(production ? [new PrecompressPlugin()] : []),
      ...(process.env.CLIENT_BUILD_PROGRESS === "lines" ? [progressLines(require("webpack"))] : []),
    ],
    performance: { hints: false },
    stats: "errors-warnings",
  };
};
