import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // SOURCEMAP=1 npm run build: source maps, e.g. to see what each module adds to a chunk.
  build: { target: "es2022", sourcemap: process.env.SOURCEMAP === "1" },
  ssr: {
    // Server-only packages stay external; they are loaded from node_modules at run time.
    external: ["@electric-sql/pglite", "pg", "sharp", "pino", "better-auth"],
  },
});
