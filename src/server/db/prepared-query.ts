import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Stands in for a parameter while the query is compiled; replaced by the value at each run. */
class Placeholder<Name extends string> {
  constructor(readonly name: Name) {}
}

type Params = Record<string, unknown>;

/**
 * SQL texts of prepared queries and the statement name each gets on PostgreSQL, where the
 * driver runs them as named statements: parsed and planned once per connection instead of on
 * every request. Bounded by the number of `prepareQuery` calls in the code.
 */
export const statementNames = new Map<string, string>();

/**
 * A query that is built and compiled once per database, then run with new values: Kysely
 * otherwise rebuilds and recompiles the same query tree on every call, which cost about as
 * much as running it on the hot path of every request (finding the login behind a cookie).
 * `build` names its parameters with `param('name')`; the compiled SQL text stays the same,
 * so SQLite's statement cache reuses one prepared statement too. For the few queries that
 * run on nearly every request; everything else builds its query as usual.
 */
export function prepareQuery<P extends Params, Row>(
  build: (
    db: Kysely<Database>,
    param: <K extends keyof P & string>(name: K) => P[K],
  ) => Compilable<Row>,
) {
  const compiledFor = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();

  return async (db: Kysely<Database>, values: P): Promise<Row[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      // The placeholder goes through Kysely as an ordinary value and comes out in `parameters`.
      compiled = build(db, (name) => new Placeholder(name) as P[typeof name]).compile();
      compiledFor.set(db, compiled);
      if (!statementNames.has(compiled.sql)) {
        statementNames.set(compiled.sql, `rulekeeper_${statementNames.size + 1}`);
      }
    }
    const parameters = compiled.parameters.map((value) =>
      value instanceof Placeholder ? values[value.name] : value,
    );
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}
