// Runs under Node at install time: nothing to do but confirm Bun's binary landed (npm's bun package ships it).
const { existsSync } = require("node:fs");
const path = require("node:path");
const bin = path.join(__dirname, "..", "node_modules", ".bin", process.platform === "win32" ? "bun.exe" : "bun");
if (!existsSync(bin)) {
  console.error("shopflow: node_modules/.bin/bun is missing; the 'bun' devDependency did not install.");
  process.exit(1);
}
