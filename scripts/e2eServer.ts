// The server the browser tests drive: the real application on a fresh SQLite database in a temporary folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverApplications } from "../applications/serverApplications";
import { startServer } from "../library/server/app/startServer";
import { loadConfig } from "../library/server/config/config";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-e2e-"));
const config = { ...loadConfig(), dataDir };
startServer(config, serverApplications).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
process.once("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
