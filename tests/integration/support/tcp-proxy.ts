import net from "node:net";

/**
 * A TCP forwarder to a real server that a test can cut and restore, standing in for a
 * network outage between an app instance and a service (Redis) without stopping the
 * service others use. `silent` accepts connections and never forwards: a service that hangs.
 */
export type TcpProxy = {
  port: number;
  /** Closes every connection and refuses new ones (ECONNREFUSED), keeping the port. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(
  target: { host: string; port: number },
  options: { silent?: boolean } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let port = 0;
  let server: net.Server | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((client) => {
        sockets.add(client);
        client.on("close", () => sockets.delete(client));
        client.on("error", () => client.destroy());
        if (options.silent) return;
        const upstream = net.connect(target.port, target.host);
        sockets.add(upstream);
        upstream.on("close", () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on("error", () => client.destroy());
        client.on("close", () => upstream.destroy());
        client.pipe(upstream).pipe(client);
      });
      created.once("error", reject);
      created.listen(port, "127.0.0.1", () => {
        port = (created.address() as net.AddressInfo).port;
        server = created;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
