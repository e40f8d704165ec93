/**
 * Whether this server should be sent new requests. `server/src/main.ts` sets `draining` on SIGTERM;
 * `GET /api/health/ready` then answers 503 so that a load balancer takes the server out of its
 * rotation while the requests in flight finish (docs/deploy.md).
 */
export interface Readiness {
  draining: boolean;
}

export function createReadiness(): Readiness {
  return { draining: false };
}

/** How long the ready route waits for `select 1` before it calls the database unreachable. */
export const READY_DATABASE_TIMEOUT_MS = 2000;
