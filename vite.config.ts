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
    ssr: { build: { rollupOptions: { external: ["bun:sqlite", /^bun:/] } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
