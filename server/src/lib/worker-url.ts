/**
 * The URL of a worker thread's module beside the calling one: its TypeScript source when the
 * server runs from server/src, its JavaScript when it runs from the bundle in server/dist
 * (scripts/build-server.ts gives each worker a file of its own there).
 */
export function workerModuleUrl(name: string, callerUrl: string): URL {
  return new URL(`./${name}${callerUrl.endsWith(".ts") ? ".ts" : ".js"}`, callerUrl);
}
