import fc from 'fast-check';
import type { App } from '#server/app.ts';
import type { Access } from '#server/plugins/access-control.ts';

/** The parts of a JSON Schema that the route schemas (zod through the OpenAPI transform) use. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  const?: unknown;
  anyOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema } | undefined> };
}

/** One route of the route table with what its API description says it takes. */
export interface DescribedRoute {
  method: string;
  /** Fastify's form: `/api/rules/:id`. */
  url: string;
  access: Access;
  parameters: Parameter[];
  /** The JSON body's schema, when the route declares one. */
  body: JsonSchema | undefined;
}

/**
 * Every route of the app's route table (which the access-control plugin fills as routes are
 * registered, so none is left out) with its parameters and body from the API description
 * generated from the same route schemas. HEAD has no entry of its own there: it takes what GET
 * takes.
 */
export function describeRoutes(
  app: App,
  /** JSON bodies a route takes without declaring them (it also takes other types), by route. */
  undeclaredBodies: Readonly<Record<string, JsonSchema>> = {},
): DescribedRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return app.routeTable.map((route) => {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const method = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
    const operation = document.paths[path]?.[method] ?? {};
    return {
      ...route,
      parameters: operation.parameters ?? [],
      body:
        operation.requestBody?.content['application/json']?.schema ??
        undeclaredBodies[`${route.method} ${route.url}`],
    };
  });
}

/** A request as `app.inject` takes it, and a short description for a failure message. */
export interface HostileRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const DATE = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()))
  .map((date) => date.toISOString().slice(0, 10));

const DATE_TIME = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()))
  .map((date) => date.toISOString());

/**
 * Plausible text for fields whose schema says only "a string": without these a generated date
 * is never a date, and valid requests (which may change data, and must not fail either) would
 * never be sent.
 */
const TEXT_BY_NAME: Record<string, fc.Arbitrary<string>> = {
  date: DATE,
  from: DATE,
  to: DATE,
  today: DATE,
  exportedAt: DATE_TIME,
  createdAt: DATE_TIME,
  email: fc.oneof(
    fc
      .string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'abcxyz019._-') })
      .map((local) => `${local}@example.com`),
    fc.emailAddress(),
  ),
};

const WORD_CHARACTERS = fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCXYZ0123456789 _-.é');

/** Text that the text checks exist for: controls, lone surrogates, bidi overrides, odd spaces. */
const NASTY_TEXT = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'Wait for the setup\u0000',
  'line one\n\u0000line two',
  '\u0007\u001b[2J\u007f\u0085',
  '\uD800',
  '\uDFFF x',
  'admin\u202Egnp.exe',
  '\u200B',
  '\uFEFF',
  '\r\n',
  '../../etc/passwd',
  "'; drop table users; --",
  '%s%n%x',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '𝕳𝖊𝖑𝖑𝖔 🎉',
  'ﬀ'.repeat(60),
  '9'.repeat(400),
);

const anyText = (maxLength: number) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.string({ maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ maxLength, unit: 'binary' }) },
    { weight: 2, arbitrary: NASTY_TEXT },
  );

/**
 * A value that looks like what the schema asks for: usually of the right type and inside its
 * limits, so that some requests are valid and reach the handlers.
 */
export function plausibleValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const value = plausibleNonNull(schema, name);
  return schema.nullable ? fc.oneof(fc.constant(null), value) : value;
}

function plausibleNonNull(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => plausibleValue(option, name)));
  switch (schema.type) {
    case 'string': {
      const hinted = TEXT_BY_NAME[name];
      if (schema.pattern) {
        const matching = fc.stringMatching(new RegExp(schema.pattern));
        return hinted
          ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: matching })
          : fc.oneof(matching, anyText(30));
      }
      const limits = {
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 40),
      };
      // Mostly text any form would take; now and then any text at all within the limits.
      const plain = fc.oneof(
        { weight: 3, arbitrary: fc.string({ ...limits, unit: WORD_CHARACTERS }) },
        { weight: 1, arbitrary: fc.string({ ...limits, unit: 'grapheme' }) },
      );
      return hinted
        ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: plain })
        : fc.oneof({ weight: 4, arbitrary: plain }, anyText(40));
    }
    case 'integer': {
      const min = schema.minimum ?? -(2 ** 31);
      const max = schema.maximum ?? 2 ** 31;
      // Small ids name the records the test made, so edits and deletes hit something.
      return fc.oneof(
        fc.integer({ min: Math.max(min, 0), max: Math.min(max, 12) }),
        fc.integer({ min, max }),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausibleValue(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, plausibleValue(property, key)]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
    }
    default:
      // A schema that takes anything (a field the server ignores or computes itself).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Keys a body must never get anywhere with: prototype pollution and fields the server owns. */
const SMUGGLED_KEYS = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'userId',
  'user_id',
  'isAdmin',
  'is_admin',
  'complianceRating',
  'passwordHash',
  'password_hash',
  'createdAt',
);

const DEPTHS = fc.constantFrom(100, 1_000, 10_000, 100_000);

/** JSON text nested `depth` levels deep: arrays, or objects, or both in turn. */
const deepJson = fc
  .tuple(DEPTHS, fc.constantFrom('arrays', 'objects', 'mixed'))
  .map(([depth, shape]) => {
    const open = { arrays: '[', objects: '{"a":', mixed: '[{"a":' }[shape];
    const close = { arrays: ']', objects: '}', mixed: '}]' }[shape];
    const count = shape === 'mixed' ? depth / 2 : depth;
    return `${open.repeat(count)}1${close.repeat(count)}`;
  });

/** Beyond every limit: 1 MB bodies for the 1 MB routes, long texts and long arrays elsewhere. */
const hugeJson = fc.constantFrom(
  JSON.stringify('x'.repeat(1_100_000)),
  JSON.stringify('é'.repeat(300_000)),
  `[${'1,'.repeat(300_000)}1]`,
  `[${'{},'.repeat(100_000)}{}]`,
  JSON.stringify(Array.from({ length: 5_000 }, (_, i) => i + 1)),
  JSON.stringify('y'.repeat(20_000)),
  '9'.repeat(5_000),
);

/** Text that is not JSON, or JSON that JavaScript reads oddly. */
const BROKEN_JSON = fc.constantFrom(
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  '{"a" 1}',
  '[1,]',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'undefined',
  'null',
  'true',
  '"text"',
  '0',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999}',
  '{"a":-1e999}',
  '{"a":-0}',
  '{"a":1e-400}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\x41"}',
  '/* comment */ {}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":0x10}',
);

/** Bytes that are not UTF-8 at all. */
const NOT_UTF8 = fc.constantFrom(
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
);

/** A plausible body with damage: cut short, or a character put in or replaced. */
function damaged(text: string) {
  return fc
    .tuple(fc.nat({ max: Math.max(text.length, 1) }), fc.constantFrom('cut', 'insert', 'replace'))
    .chain(([at, how]) =>
      fc.string({ minLength: 1, maxLength: 1, unit: 'binary-ascii' }).map((char) => {
        if (how === 'cut') return text.slice(0, at);
        if (how === 'insert') return text.slice(0, at) + char + text.slice(at);
        return text.slice(0, at) + char + text.slice(at + 1);
      }),
    );
}

const CONTENT_TYPES = fc.constantFrom(
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'application/zip',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json-patch+json',
  'application/jsonx',
  'application/ json',
  '*/*',
  ';;;',
  'image/png',
);

const multipartBody = (json: string) =>
  [
    '------fuzz',
    'Content-Disposition: form-data; name="file"; filename="export.json"',
    'Content-Type: application/json',
    '',
    json,
    '------fuzz--',
    '',
  ].join('\r\n');

const json = (value: unknown) => JSON.stringify(value) ?? 'null';

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) goes out as the bytes
 * a careless encoder would send for it (WTF-8: not UTF-8 at all).
 */
export function percentEncode(text: string) {
  return [...text]
    .map((char) => {
      if (!/^[\uD800-\uDFFF]$/.test(char)) return encodeURIComponent(char);
      const unit = char.charCodeAt(0);
      const bytes = [0xed, 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** Path parameter text: a valid one now and then, else anything, percent-encoded or not. */
function pathValue(schema: JsonSchema) {
  const encoded = fc
    .oneof(
      fc.string({ maxLength: 30, unit: 'grapheme' }),
      NASTY_TEXT,
      fc.constantFrom('0', '-1', '2147483647', '2147483648', '1e3', '1.0', ' 1', '١٢'),
      fc.constant('9'.repeat(2_000)),
    )
    .map((text) => percentEncode(text));
  const raw = fc.constantFrom('%', '%zz', '%00', '%2e%2e', '..', '.', '%2F', ';', '%E0%A4%A');
  const valid = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern)).map(encodeURIComponent)
    : fc.constant('1');
  return fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: encoded },
    { weight: 1, arbitrary: raw },
  );
}

/** A query string: the declared parameters, plausible or not, repeated, and strangers. */
function queryString(parameters: Parameter[]) {
  const declared = parameters.filter((parameter) => parameter.in === 'query');
  const pair = (name: string, value: fc.Arbitrary<unknown>) =>
    value.map(
      (v) => `${percentEncode(name)}=${percentEncode(typeof v === 'string' ? v : json(v))}`,
    );
  const hostilePairs = declared.map((parameter) =>
    fc.oneof(
      pair(parameter.name, plausibleValue(parameter.schema, parameter.name)),
      pair(parameter.name, anyText(30)),
      // Said twice: the parser gives an array where the schema expects one value.
      fc
        .tuple(
          pair(parameter.name, plausibleValue(parameter.schema, parameter.name)),
          pair(parameter.name, anyText(10)),
        )
        .map(([a, b]) => `${a}&${b}`),
      fc.constant(`${parameter.name}[]=1&${parameter.name}[a]=2`),
      fc.constant(''),
    ),
  );
  // Each parameter plausible or left out (when it may be): some of these reach the handler.
  const plausiblePairs = declared.map((parameter) => {
    const value = pair(parameter.name, plausibleValue(parameter.schema, parameter.name));
    return parameter.required ? value : fc.oneof(value, fc.constant(''));
  });
  const strangers = fc.array(
    fc.oneof(
      pair('x', anyText(10)),
      fc.constantFrom('__proto__=1', 'constructor[prototype][x]=1', '&&', '=', '%zz=%zz', 'a=%'),
      fc.string({ maxLength: 20, unit: 'binary-ascii' }).map(percentEncode),
    ),
    { minLength: 1, maxLength: 3 },
  );
  const join = (parts: string[]) => parts.filter((part) => part !== '').join('&');
  return fc.oneof(
    fc.tuple(...plausiblePairs).map(join),
    fc.tuple(...hostilePairs).map(join),
    fc
      .tuple(fc.tuple(...plausiblePairs), strangers)
      .map(([known, unknown]) => join([...known, ...unknown])),
  );
}

/**
 * What goes in the body: plausible objects (some valid), with extra or smuggled fields, a
 * field of the wrong type, huge or deep values, broken JSON, bytes that are not text, and
 * each of those under wrong content types or none.
 */
function bodyOf(route: DescribedRoute) {
  const plausible = route.body ? plausibleValue(route.body) : fc.jsonValue({ maxDepth: 3 });
  const asObject = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  /** The plausible object with one field's JSON text put in as it is (too big to build as a value). */
  const withField = (value: unknown, name: string, text: string) => {
    const rest = Object.entries(asObject(value))
      .filter(([key]) => key !== name)
      .map(([key, v]) => `,${json(key)}:${json(v)}`)
      .join('');
    return `{${json(name)}:${text}${rest}}`;
  };
  const fieldNames = Object.keys(route.body?.properties ?? {});
  const field = fieldNames.length > 0 ? fc.constantFrom(...fieldNames) : fc.constant('x');

  const texts = fc.oneof(
    { weight: 8, arbitrary: plausible.map((v) => ({ kind: 'plausible', text: json(v) })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          plausible,
          fc.dictionary(fc.oneof(SMUGGLED_KEYS, fc.string({ maxLength: 8 })), fc.jsonValue(), {
            minKeys: 1,
            maxKeys: 3,
          }),
        )
        // Object.fromEntries defines `__proto__` as an own key, so it reaches the JSON text.
        .map(([v, extra]) => ({
          kind: 'extra fields',
          text: json(
            Object.fromEntries([...Object.entries(asObject(v)), ...Object.entries(extra)]),
          ),
        })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(plausible, field, fc.oneof(fc.jsonValue(), NASTY_TEXT, NASTY_TEXT))
        .map(([v, name, wrong]) => ({
          kind: 'a field of the wrong type',
          text: json({ ...asObject(v), [name]: wrong }),
        })),
    },
    {
      weight: 2,
      arbitrary: fc.jsonValue().map((v) => ({ kind: 'any JSON value', text: json(v) })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(plausible, field, hugeJson).map(([v, name, huge]) => ({
        kind: 'a huge field',
        text: withField(v, name, huge),
      })),
    },
    { weight: 1, arbitrary: hugeJson.map((text) => ({ kind: 'a huge body', text })) },
    {
      weight: 1,
      arbitrary: fc.tuple(plausible, field, deepJson).map(([v, name, deep]) => ({
        kind: 'a deep field',
        text: withField(v, name, deep),
      })),
    },
    { weight: 1, arbitrary: deepJson.map((text) => ({ kind: 'a deep body', text })) },
    { weight: 2, arbitrary: BROKEN_JSON.map((text) => ({ kind: 'broken JSON', text })) },
    {
      weight: 2,
      arbitrary: plausible
        .chain((v) => damaged(json(v)))
        .map((text) => ({ kind: 'damaged JSON', text })),
    },
  );

  return fc.oneof(
    {
      weight: 6,
      arbitrary: texts.map(({ kind, text }) => ({
        kind,
        contentType: 'application/json' as string | undefined,
        payload: text as string | Buffer,
      })),
    },
    {
      weight: 1,
      arbitrary: NOT_UTF8.map((bytes) => ({
        kind: 'bytes that are not UTF-8',
        contentType: 'application/json' as string | undefined,
        payload: bytes as string | Buffer,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(texts, CONTENT_TYPES).map(([{ kind, text }, contentType]) => ({
        kind: `${kind} as ${contentType}`,
        contentType: contentType as string | undefined,
        payload: (contentType.startsWith('multipart') ? multipartBody(text) : text) as
          string | Buffer,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(plausible, fc.boolean()).map(([v, isForm]) => ({
        kind: isForm ? 'a form' : 'no content type',
        contentType: isForm ? 'application/x-www-form-urlencoded' : undefined,
        payload: (isForm
          ? new URLSearchParams(
              Object.entries(asObject(v)).map(([k, x]) => [k, typeof x === 'string' ? x : json(x)]),
            ).toString()
          : json(v)) as string | Buffer,
      })),
    },
  );
}

/** Hostile requests for one route; the caller's cookie is added when each is sent. */
export function hostileRequests(route: DescribedRoute) {
  const pathParameters = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const paths = fc
    .tuple(
      ...pathParameters.map((name) =>
        pathValue(route.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {}),
      ),
    )
    .map((values) => {
      let index = 0;
      return route.url.replace(/:(\w+)/g, () => values[index++] ?? '');
    });
  const takesBody = !['GET', 'HEAD'].includes(route.method);
  return fc
    .tuple(
      paths,
      queryString(route.parameters),
      takesBody ? fc.option(bodyOf(route), { freq: 8 }) : fc.constant(null),
    )
    .map(([path, query, body]): HostileRequest => ({
      kind: body?.kind ?? 'no body',
      method: route.method,
      url: query ? `${path}?${query}` : path,
      headers: body?.contentType ? { 'content-type': body.contentType } : {},
      ...(body ? { payload: body.payload } : {}),
    }));
}

/** For a failure message: the request without its megabytes. */
export function describeRequest(request: HostileRequest) {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` bytes ${request.payload.toString('hex').slice(0, 80)}`
        : ` ${request.payload.length} chars: ${request.payload.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)} [${request.kind}] content-type=${request.headers['content-type'] ?? 'none'}${payload}`;
}
