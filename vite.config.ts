import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

/**
 * Worker threads start from a file of their own (app/infra/checkpointer.server.ts): each is emitted beside the
 * server bundle under a fixed name, which React Router's naming of server entries (index.js, index2.js…) would not give.
 */
function workerEntries(files: Record<string, string>): Plugin {
  return {
    name: "shopflow:worker-entries",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      if (this.environment.mode !== "build") return;
      for (const [fileName, source] of Object.entries(files))
        this.emitFile({ type: "chunk", id: fileURLToPath(new URL(`./${source}`, import.meta.url)), fileName });
    },
  };
}

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  // bun:sqlite exists only inside the Bun runtime; the server bundle must leave it as an import.
  ssr: { external: ["bun:sqlite"] },
  environments: {
    // The server bundle's entry is the server's own code, which imports the React Router build: one copy of every
    // module in the running server (server/app.ts).
    ssr: { build: { rollupOptions: { input: "./server/app.ts", external: ["bun:sqlite", /^bun:/] } } },
  },
  plugins: [
    tailwindcss(),
    // Translations (decision 0049): macros compiled without Babel, .po catalogs compiled on import; a build with a
    // Spanish word missing fails.
    lingui({ macroTransform: true, failOnMissing: "catalog" }),
    reactRouter(),
    workerEntries({ "checkpoint-worker.js": "app/infra/checkpoint-worker.ts", "backup-worker.js": "app/infra/backup-worker.ts" }),
  ],
});
