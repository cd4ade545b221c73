import fastJson, { type Schema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from '#shared/zod.ts';

interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
}

type Serialize = (data: unknown) => string;

/** Builds the serializer on its first answer, then keeps it. */
function compiledOnFirstUse(compile: () => Serialize): Serialize {
  let serialize: Serialize | undefined;
  return (data) => {
    serialize ??= compile();
    return serialize(data);
  };
}

/**
 * Writes answers with fast-json-stringify, compiled from each route's zod response schema:
 * much cheaper than checking each answer with zod and calling JSON.stringify. Like the zod
 * check it replaces, it writes only the properties the schema declares, so nothing outside the
 * contract (a password hash) can leak. It does not check types, so the tests turn on
 * `isCheckingResponses`, which also checks every answer against its zod schema.
 *
 * Fastify asks for a serializer of every route and status when the app starts; each is
 * compiled when it first answers. Compiling them all (the JSON schema, then the generated code)
 * took most of an app's start: in production most routes answer late or never, and each API
 * test, which starts an app of its own, uses a few.
 */
export function createResponseSerializerCompiler({
  isCheckingResponses,
}: {
  isCheckingResponses: boolean;
}) {
  return ({ schema, method, url }: RouteSchema): Serialize => {
    // Plugins' own routes (API docs) declare plain JSON schemas.
    if (!(schema instanceof z.core.$ZodType))
      return compiledOnFirstUse(() => fastJson(schema as Schema));
    const stringify = compiledOnFirstUse(() =>
      fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Schema),
    );
    if (!isCheckingResponses) return stringify;
    return (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (!result.success)
        throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(data);
    };
  };
}
