import type { Server } from "node:http";
import type { Socket } from "node:net";

/** The fields of `net.Server` and `net.Socket` its own accept sets: what `server.close()` counts and waits on. */
interface AcceptedCount {
  _connections: number;
}
interface AcceptedSocket {
  server: Server;
  _server: Server;
}

/**
 * Makes `server` serve connections accepted by another process (the primary of several server processes hands
 * each to one of them: serverWorkers.ts). Called once, before the first connection: the HTTP server starts its
 * request and header timeouts' watch when it listens, and this one never listens itself.
 */
export function prepareForHandedConnections(server: Server): void {
  // The listener Node's HTTP server keeps for this event starts tracking connections (idle ones to close at a
  // stop, slow requests to time out); no listener of this project's or of Fastify's waits for it.
  server.emit("listening");
}

/**
 * Serves one handed connection on `server` as if `server` had accepted it: counted among its connections, so
 * that `server.close()` (a stop) waits for it to end as for any other, with Nagle's delay off as the HTTP server
 * sets it. `onClose` is told once when the connection ends.
 */
export function adoptConnection(server: Server, socket: Socket, onClose: () => void): void {
  socket.once("close", onClose);
  socket.setNoDelay(true);
  (server as unknown as AcceptedCount)._connections += 1;
  Object.assign(socket as unknown as AcceptedSocket, { server, _server: server });
  server.emit("connection", socket);
  // The primary accepted it paused: nothing was read there, so nothing is lost.
  socket.resume();
}
