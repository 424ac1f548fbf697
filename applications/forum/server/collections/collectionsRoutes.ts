import { Type } from "@sinclair/typebox";
import {
  COLLECTION_CONTENTS_DEFAULT_LIMIT,
  CollectionByResourcePutSchema,
  CollectionByResourceQuerySchema,
  CollectionContentParamsSchema,
  CollectionContentSchema,
  CollectionContentsItemSchema,
  CollectionContentsParamsSchema,
  CollectionContentsQuerySchema,
  CollectionIDParamsSchema,
  CollectionListQuerySchema,
  CollectionPatchSchema,
  CollectionPostSchema,
  CollectionSchema,
  type Collection,
} from "@forum/api/collections";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { pageRequest } from "../http/expand";
import {
  COLLECTION_MANAGERS,
  createCollection,
  deleteCollection,
  invalidRecordType,
  patchCollection,
  setRecordCollections,
} from "./collectionCommands";
import { assertEnabledLocale, listCollectionContents, presentCollectionContent } from "./collectionContent";
import { collectionsOfRecord, loadCollections } from "./collectionQueries";
import { COLLECTION_RECORD_TYPES } from "@forum/api/collections";

/** `GET /collections` lists them all by default: the 'Add to Collection' dialog shows every one (API.md 11). */
const DEFAULT_LIMIT = 500;

/** Collections (API.md 11): curated lists of records, managed by community managers. */
export function collectionsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const one = async (viewer: Viewer, collectionID: number): Promise<Collection> => {
    viewer.require(COLLECTION_MANAGERS);
    const [collection] = await loadCollections(context.db, { ids: [collectionID] });
    if (!collection) throw new NotFoundError("Collection");
    return collection;
  };

  routes.get(
    "/collections",
    { schema: { querystring: CollectionListQuerySchema, response: { 200: Type.Array(CollectionSchema) } } },
    async (request, reply) => {
      request.viewer.require(COLLECTION_MANAGERS);
      const { page, limit, offset } = pageRequest(request.query.page, request.query.limit, DEFAULT_LIMIT);
      const collections = await loadCollections(context.db, {
        ...(request.query.name !== undefined ? { name: request.query.name } : {}),
        offset,
        limit,
      });
      setPagingHeaders(request, reply, { page, limit, count: collections.length }, context.config.siteUrl);
      return collections;
    },
  );

  routes.get(
    "/collections/by-resource",
    {
      schema: {
        querystring: CollectionByResourceQuerySchema,
        response: { 200: Type.Array(CollectionSchema) },
      },
    },
    async (request) => {
      request.viewer.require(COLLECTION_MANAGERS);
      const { recordType, recordID } = request.query;
      if (!(COLLECTION_RECORD_TYPES as readonly string[]).includes(recordType))
        throw ValidationError.field("recordType", invalidRecordType(recordType), "enum");
      return collectionsOfRecord(context.db, recordType, recordID);
    },
  );

  routes.put(
    "/collections/by-resource",
    { schema: { body: CollectionByResourcePutSchema, response: { 200: Type.Array(CollectionSchema) } } },
    async (request) => {
      await setRecordCollections(context, request.viewer, request.body);
      const { recordType, recordID } = request.body.record;
      return collectionsOfRecord(context.db, recordType, recordID);
    },
  );

  routes.get(
    "/collections/:id",
    { schema: { params: CollectionIDParamsSchema, response: { 200: CollectionSchema } } },
    async (request) => one(request.viewer, request.params.id),
  );

  // The content calls need community.manage like every collection call (API.md 11); on top of that each viewer
  // gets only the records they may see.
  routes.get(
    "/collections/:id/content/:locale",
    { schema: { params: CollectionContentParamsSchema, response: { 200: CollectionContentSchema } } },
    async (request) => {
      request.viewer.require(COLLECTION_MANAGERS);
      await assertEnabledLocale(context, request.params.locale);
      return presentCollectionContent(context, request.viewer, await one(request.viewer, request.params.id));
    },
  );

  routes.get(
    "/collections/contents/:locale",
    {
      schema: {
        params: CollectionContentsParamsSchema,
        querystring: CollectionContentsQuerySchema,
        response: { 200: Type.Array(CollectionContentsItemSchema) },
      },
    },
    async (request, reply) => {
      request.viewer.require(COLLECTION_MANAGERS);
      await assertEnabledLocale(context, request.params.locale);
      const { query } = request;
      const { page, limit, offset } = pageRequest(query.page, query.limit, COLLECTION_CONTENTS_DEFAULT_LIMIT);
      const { items, rowCount } = await listCollectionContents(context, request.viewer, query, {
        offset,
        limit,
      });
      setPagingHeaders(request, reply, { page, limit, count: rowCount }, context.config.siteUrl);
      return items;
    },
  );

  routes.post(
    "/collections",
    { schema: { body: CollectionPostSchema, response: { 201: CollectionSchema } } },
    async (request, reply) => {
      const collectionID = await createCollection(context, request.viewer, request.body);
      return reply.status(201).send(await one(request.viewer, collectionID));
    },
  );

  routes.patch(
    "/collections/:id",
    {
      schema: {
        params: CollectionIDParamsSchema,
        body: CollectionPatchSchema,
        response: { 200: CollectionSchema },
      },
    },
    async (request) => {
      await patchCollection(context, request.viewer, request.params.id, request.body);
      return one(request.viewer, request.params.id);
    },
  );

  routes.delete(
    "/collections/:id",
    { schema: { params: CollectionIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteCollection(context, request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );
}
