import fastJson, { type Schema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
}

/**
 * Writes answers with fast-json-stringify, compiled once per route from its zod response
 * schema: much cheaper than checking each answer with zod and calling JSON.stringify. Like
 * the zod check it replaces, it writes only the properties the schema declares, so nothing
 * outside the contract (a password hash) can leak. It does not check types, so the tests
 * turn on `isCheckingResponses`, which also checks every answer against its zod schema.
 */
export function createResponseSerializerCompiler({
  isCheckingResponses,
}: {
  isCheckingResponses: boolean;
}) {
  return ({ schema, method, url }: RouteSchema) => {
    // Plugins' own routes (API docs) declare plain JSON schemas.
    if (!(schema instanceof z.ZodType)) return fastJson(schema as Schema);
    const stringify = fastJson(
      z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Schema,
    );
    if (!isCheckingResponses) return stringify;
    return (data: unknown) => {
      const result = schema.safeEncode(data);
      if (!result.success)
        throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(data);
    };
  };
}
