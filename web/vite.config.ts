import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev -w web` beside a running server: the API stays on its own port.
    proxy: { "/api": `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
});
