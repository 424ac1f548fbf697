import { Type } from "@sinclair/typebox";
import fastJson from "fast-json-stringify";
import { serializerSchema } from "./serializerSchema";

const Author = Type.Object({
  userID: Type.Integer(),
  name: Type.String(),
  photoUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
const Place = Type.Object({ recordType: Type.Literal("category"), categoryID: Type.Integer() });
const Thread = Type.Object({
  recordType: Type.Literal("discussion"),
  categoryID: Type.Integer(),
  name: Type.String(),
});
const Row = Type.Object({
  discussionID: Type.Integer(),
  closedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  insertUser: Type.Union([Author, Type.Null()]),
  tags: Type.Union([Type.Array(Type.String()), Type.Null()]),
  status: Type.Union([Type.Literal("open"), Type.Literal("closed"), Type.Null()]),
  score: Type.Union([Type.Integer(), Type.String()]),
  target: Type.Union([Author, Type.Object({ categoryID: Type.Integer() })]),
  record: Type.Union([Place, Thread]),
});
const List = Type.Array(Row);

const rows = [
  {
    discussionID: 1,
    closedAt: null,
    insertUser: { userID: 2, name: "Ada", password: "never written" },
    tags: ["a", "b"],
    status: "open",
    score: 3,
    target: { categoryID: 4 },
    record: { recordType: "discussion", categoryID: 4, name: "Open thread" },
  },
  {
    discussionID: 2,
    closedAt: new Date("2026-01-02T03:04:05.000Z"),
    insertUser: null,
    tags: null,
    status: null,
    score: "high",
    target: { userID: 5, name: "Bo", photoUrl: null },
    record: { recordType: "category", categoryID: 4 },
  },
];

describe("serializerSchema", () => {
  it("writes every response exactly as the union schema did", () => {
    const original = fastJson(List);
    const simplified = fastJson(serializerSchema(List) as typeof List);
    expect(simplified(rows)).toBe(original(rows));
    const written = JSON.parse(String(simplified(rows))) as Array<Record<string, unknown>>;
    expect(written[0]?.insertUser).toEqual({ userID: 2, name: "Ada" });
    expect(written[1]?.closedAt).toBe("2026-01-02T03:04:05.000Z");
    expect(written[0]?.record).toEqual({ recordType: "discussion", categoryID: 4, name: "Open thread" });
    expect(written[1]?.target).toEqual({ userID: 5, name: "Bo", photoUrl: null });
  });

  it("turns 'or null' and primitive unions into types, and keeps unions of objects", () => {
    const { items } = serializerSchema(List) as { items: { properties: Record<string, unknown> } };
    const { properties } = items;
    expect(properties.closedAt).toMatchObject({ type: "string", format: "date-time", nullable: true });
    expect(properties.insertUser).toMatchObject({ type: "object", nullable: true });
    expect(properties.tags).toMatchObject({ type: "array", nullable: true });
    expect(properties.status).toEqual({ type: ["string", "null"] });
    expect(properties.score).toEqual({ type: ["integer", "string"] });
    expect(properties.target).toEqual(Type.Union([Author, Type.Object({ categoryID: Type.Integer() })]));
    expect(properties.record).toHaveProperty("anyOf");
  });

  it("leaves the route's own schema as it was", () => {
    const before = JSON.stringify(List);
    serializerSchema(List);
    expect(JSON.stringify(List)).toBe(before);
  });
});
