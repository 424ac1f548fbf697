// For the tests of several server processes (WORKERS): which processes serve, and which connections each holds.
import fs from "node:fs";
import net from "node:net";
import { processTree } from "./bench/serverProcess";

/** The primary's workers (any other child of it left out). */
export function serverProcesses(primaryPid: number): number[] {
  return processTree(primaryPid).filter((pid) => {
    if (pid === primaryPid) return false;
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("start.js");
    } catch {
      return false;
    }
  });
}

/** Established TCP connections a process holds on the server's port (its sockets among /proc/net/tcp's rows). */
export function connectionsOnPort(pid: number, port: number): number {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket?.[1]) inodes.add(socket[1]);
    } catch {
      // closed while read
    }
  }
  let count = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const row of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      // local address (hex address:port), remote address, state (01: established), … inode (10th column)
      const columns = row.trim().split(/\s+/);
      const localPort = parseInt(columns[1]?.split(":")[1] ?? "", 16);
      if (localPort === port && columns[3] === "01" && inodes.has(columns[9] ?? "")) count += 1;
    }
  }
  return count;
}

/** A kept-alive connection that has had one answer (so the process serving it holds it). */
export async function keptConnection(port: number): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("data", () => resolve());
    socket.write(`GET /api/v2/users/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  });
  return socket;
}

/**
 * One more request on a kept-alive connection, as a browser asks: true when it was answered and the connection
 * stays open, false when the server closed it (after its answer, or before).
 */
export async function askAgain(socket: net.Socket, port: number): Promise<boolean> {
  if (socket.readyState !== "open") return false;
  const answered = await new Promise<boolean>((resolve) => {
    const done = (value: boolean) => {
      socket.off("data", onData);
      socket.off("close", onClose);
      resolve(value);
    };
    const onData = () => done(true);
    const onClose = () => done(false);
    socket.on("data", onData);
    socket.on("close", onClose);
    socket.write(`GET /api/v2/users/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  });
  // An answer with `Connection: close` is followed by the end of the connection.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return answered && socket.readyState === "open";
}
