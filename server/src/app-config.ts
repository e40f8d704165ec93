import type { Config } from "./config.ts";

/** What the app and its modules read of the configuration (main.ts keeps where it listens). */
export type AppConfig = Omit<Config, "port" | "host" | "databaseUrl">;
