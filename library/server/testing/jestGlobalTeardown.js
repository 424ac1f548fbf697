// Removes the run's template databases (jestGlobalSetup.js).
const fs = require("node:fs");

module.exports = async function globalTeardown() {
  const folder = process.env.FORUM_TEST_TEMPLATES;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
};
