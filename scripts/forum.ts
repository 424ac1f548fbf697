// `npm run forum -- <command>`: the command-line interface (migrate, seed, serve, user:create, user:password).
import { serverApplications } from "../applications/serverApplications";
import { runCli } from "../library/server/cli/runCli";

runCli(process.argv.slice(2), serverApplications)
  .then((code) => {
    if (code !== 0 || process.argv[2] !== "serve") process.exit(code);
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
