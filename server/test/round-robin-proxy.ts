import http from "node:http";
import type { AddressInfo } from "node:net";

// A small round-robin balancer for the many-servers test and bench (issue 38), standing in for
// haproxy: each request goes to the next server in turn, with X-Forwarded-For appended as nginx
// does. A server that refuses the connection (stopped, killed) is skipped for that request and
// the next one tried, which is safe because the request never reached it; a server that dies
// with the request in flight gives 502, as a real balancer would. Each answer says which server
// gave it (`x-served-by`, the server's index).

export interface RoundRobinProxy {
  url: string;
  /** How many requests each server answered. */
  served: number[];
  close(): Promise<void>;
}

export const SERVED_BY = "x-served-by";

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const targets = backends.map((base) => new URL(base));
  const served = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;

  function forward(
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    tries: number,
  ): void {
    const index = next % targets.length;
    next += 1;
    const target = targets[index] as URL;
    const given = request.headers["x-forwarded-for"];
    const client = request.socket.remoteAddress ?? "";
    const { connection: _connection, "transfer-encoding": _encoding, ...headers } = request.headers;
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...headers,
          host: request.headers.host ?? target.host,
          "x-forwarded-for": given ? `${given}, ${client}` : client,
          "content-length": String(body.length),
        },
      },
      (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          [SERVED_BY]: String(index),
        });
        answer.pipe(response);
        answer.on("error", () => response.destroy());
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (error.code === "ECONNREFUSED" && tries + 1 < targets.length) {
        forward(request, body, response, tries + 1);
        return;
      }
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(`bad gateway: ${error.code ?? error.message}`);
    });
    upstream.end(body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => forward(request, Buffer.concat(chunks), response, 0));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
