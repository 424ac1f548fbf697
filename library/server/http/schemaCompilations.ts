import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import { serializerSchema } from "./serializerSchema";

/**
 * Route schemas compiled when a route is first used instead of when it is registered. Compiling every request
 * validator (Ajv) and response serializer (fast-json-stringify) up front cost about 0.7 s of CPU per server
 * built, most of it for routes a given process or test never calls. `compileAll` compiles what is still waiting
 * (a start-up warm-up, and the test that every route's schemas compile), yielding between routes so that
 * requests arriving meanwhile are not held up.
 */
export class SchemaCompilations {
  private readonly waiting = new Set<() => unknown>();

  /** A getter that compiles on its first call and keeps the result. */
  onFirstUse<T>(compile: () => T): () => T {
    let compiled: T | undefined;
    const get = (): T => {
      if (compiled === undefined) {
        compiled = compile();
        this.waiting.delete(get);
      }
      return compiled;
    };
    this.waiting.add(get);
    return get;
  }

  get pending(): number {
    return this.waiting.size;
  }

  /** Compiles every schema not compiled yet; a schema that does not compile rejects with its error. */
  async compileAll(yieldBetween = true): Promise<void> {
    for (const compile of [...this.waiting]) {
      compile();
      if (yieldBetween) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type RouteSerializerCompiler = ReturnType<SerializerFactory>;
type Serialize = (data: unknown) => string;

/**
 * Fastify's response serializer builder (fast-json-stringify), compiling each response schema on first use, from
 * the schema with its simple unions rewritten (serializerSchema.ts).
 */
export function buildResponseSerializer(compilations: SchemaCompilations): SerializerFactory {
  const selector = SerializerSelector();
  const factory = (...args: Parameters<SerializerFactory>): RouteSerializerCompiler => {
    const compileFor = selector(...args);
    return ((routeSchema: Parameters<RouteSerializerCompiler>[0]) => {
      const serializer = compilations.onFirstUse(
        () => compileFor({ ...routeSchema, schema: serializerSchema(routeSchema.schema) }) as Serialize,
      );
      return (data: unknown) => serializer()(data);
    }) as RouteSerializerCompiler;
  };
  return factory as SerializerFactory;
}
