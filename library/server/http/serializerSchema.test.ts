import { Type } from "@sinclair/typebox";
import fastJson from "fast-json-stringify";
import { serializerSchema } from "./serializerSchema";

const Author = Type.Object({ userID: Type.Integer(), name: Type.String() });
const Row = Type.Object({
  discussionID: Type.Integer(),
  closedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  insertUser: Type.Union([Author, Type.Null()]),
  tags: Type.Union([Type.Array(Type.String()), Type.Null()]),
  status: Type.Union([Type.Literal("open"), Type.Literal("closed"), Type.Null()]),
  score: Type.Union([Type.Integer(), Type.String()]),
  target: Type.Union([Author, Type.Object({ categoryID: Type.Integer() })]),
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
  },
  {
    discussionID: 2,
    closedAt: new Date("2026-01-02T03:04:05.000Z"),
    insertUser: null,
    tags: null,
    status: null,
    score: "high",
    target: { userID: 5, name: "Bo" },
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
  });

  it("turns 'or null' and primitive unions into types, and keeps unions of objects", () => {
    const { items } = serializerSchema(List) as { items: { properties: Record<string, unknown> } };
    const { properties } = items;
    expect(properties.closedAt).toMatchObject({ type: "string", format: "date-time", nullable: true });
    expect(properties.insertUser).toMatchObject({ type: "object", nullable: true });
    expect(properties.tags).toMatchObject({ type: "array", nullable: true });
    expect(properties.status).toEqual({ type: ["string", "null"] });
    expect(properties.score).toEqual({ type: ["integer", "string"] });
    expect(properties.target).toHaveProperty("anyOf");
    expect(JSON.stringify(serializerSchema(List))).not.toContain('"type":"null"');
  });

  it("leaves the route's own schema as it was", () => {
    const before = JSON.stringify(List);
    serializerSchema(List);
    expect(JSON.stringify(List)).toBe(before);
  });
});
