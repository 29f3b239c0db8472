import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

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
  plugins: [tailwindcss(), reactRouter()],
});
