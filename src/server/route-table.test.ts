import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; schema: JsonSchema }>;
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
}

/** A value that passes the type of a schema; the test only needs one field to be hostile. */
function sampleOf(schema: JsonSchema): unknown {
  switch (schema.type) {
    case 'string':
      return 'sample';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          sampleOf(property),
        ]),
      );
    default:
      return null;
  }
}

const NUL_TEXT = 'before\u0000after';

/**
 * Walks every route of the API description (generated from the route schemas) and sends a
 * NUL in each string field, one at a time: each must be refused with a 400 that names the
 * field. A new route that forgets the shared text and id schemas fails here, on both databases.
 */
describeEachDialect('every route refuses a NUL in every string field', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // The first account is an administrator, so admin routes get past their role check too.
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterAll(() => t.close());

  test('a NUL in any string field answers 400 naming that field', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const probed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = operation.parameters ?? [];
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const body = bodySchema ? (sampleOf(bodySchema) as Record<string, unknown>) : undefined;
        const targets = [
          ...parameters
            .filter((parameter) => parameter.schema.type === 'string')
            .map((parameter) => ({ in: parameter.in, name: parameter.name })),
          ...Object.entries(bodySchema?.properties ?? {})
            .filter(([, property]) => property.type === 'string')
            .map(([name]) => ({ in: 'body' as const, name })),
        ];
        for (const target of targets) {
          const value = (name: string, where: string) =>
            target.in === where && target.name === name ? NUL_TEXT : 'sample';
          let url = path;
          const query = new URLSearchParams();
          for (const parameter of parameters) {
            const isTarget = target.in === parameter.in && target.name === parameter.name;
            // Path parameters are ids: a valid one, so the other parts of the request get checked.
            const text = isTarget ? NUL_TEXT : parameter.in === 'path' ? '1' : 'sample';
            if (parameter.in === 'path')
              url = url.replace(`{${parameter.name}}`, encodeURIComponent(text));
            else query.set(parameter.name, text);
          }
          const payload =
            body && target.in === 'body'
              ? { ...body, [target.name]: value(target.name, 'body') }
              : body;
          const response = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: query.size > 0 ? `${url}?${query}` : url,
            headers: { cookie },
            ...(payload ? { payload } : {}),
          });
          const where = `${method.toUpperCase()} ${path} ${target.in}.${target.name}`;
          expect(response.statusCode, where).toBe(400);
          expect(
            response
              .json<{ issues?: Array<{ path: string }> }>()
              .issues?.map((issue) => issue.path),
            where,
          ).toContain(target.name);
          probed.push(where);
        }
      }
    }
    // The walk found the routes: a broken walker must not pass by testing nothing.
    expect(probed).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login body.username',
        'POST /api/auth/signup body.fullName',
        'POST /api/rules body.notes',
        'PUT /api/rules/{id} path.id',
        'PUT /api/rules/{id} body.description',
      ]),
    );
  });
});
