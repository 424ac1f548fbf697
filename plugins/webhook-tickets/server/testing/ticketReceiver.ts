import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { signBody } from "../tickets/ticketWebhook";

/** One request the receiver took, as it came. */
export interface ReceivedCall {
  event: Record<string, unknown>;
  idempotencyKey: string | undefined;
  signature: string | undefined;
  /** Whether the signature matches the body under the receiver's secret. */
  signed: boolean;
}

export interface StoredTicket {
  id: string;
  status: string;
  ticket: unknown;
}

/**
 * A ticket system's webhook on a local port, as the tests and the browser test use it: `ticket.create` makes a
 * ticket once per idempotency key, `ticket.status` answers a ticket's status; `fail(n)` answers 500 n times.
 */
export class TicketReceiver {
  readonly calls: ReceivedCall[] = [];
  readonly tickets = new Map<string, StoredTicket>();
  private readonly byKey = new Map<string, string>();
  private failing = 0;
  private server: Server | null = null;
  private port = 0;

  constructor(private readonly secret = "") {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/tickets`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body }) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Stops answering (connections are refused) until `start` again, on the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  fail(times: number): void {
    this.failing = times;
  }

  setStatus(id: string, status: string): void {
    const ticket = this.tickets.get(id);
    if (ticket) ticket.status = status;
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const event = JSON.parse(raw) as Record<string, unknown>;
    const signature = request.headers["x-webhook-signature"] as string | undefined;
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    this.calls.push({
      event,
      idempotencyKey,
      signature,
      signed: this.secret !== "" && signature === signBody(this.secret, raw),
    });
    if (this.failing > 0) {
      this.failing -= 1;
      return { status: 500, body: { message: "Down for maintenance" } };
    }
    const answer = (ticket: StoredTicket) => ({
      status: 200,
      body: { id: ticket.id, url: `https://tickets.example.test/t/${ticket.id}`, status: ticket.status },
    });
    if (event.event === "ticket.status") {
      const ticket = this.tickets.get(String(event.ticketID));
      return ticket ? answer(ticket) : { status: 404, body: { message: "No such ticket" } };
    }
    const known = idempotencyKey ? this.byKey.get(idempotencyKey) : undefined;
    if (known) return answer(this.tickets.get(known)!);
    const id = String(1000 + this.tickets.size + 1);
    const ticket = { id, status: "open", ticket: event.ticket };
    this.tickets.set(id, ticket);
    if (idempotencyKey) this.byKey.set(idempotencyKey, id);
    return { ...answer(ticket), status: 201 };
  }
}
