import net from 'node:net';

export interface BlackHole {
  /** Accepts connections and never answers (an SSH client waits for a banner that never comes). */
  port: number;
  /** A port nothing listens on (a refused connection). */
  closedPort: number;
  connections(): number;
  close(): Promise<void>;
}

/** A silent destination on loopback, and a closed port beside it: the far sides a delivery must survive. */
export async function startBlackHole(): Promise<BlackHole> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    closedPort,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
