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
 * every request. Bounded by the code: one text per `prepareQuery` call, and the few shapes of
 * each statement run with `runAsNamedStatement`.
 */
export const statementNames = new Map<string, string>();

function nameStatement(sqlText: string) {
  if (!statementNames.has(sqlText)) {
    statementNames.set(sqlText, `rulekeeper_${statementNames.size + 1}`);
  }
}

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
      nameStatement(compiled.sql);
    }
    const parameters = compiled.parameters.map((value) =>
      value instanceof Placeholder ? values[value.name] : value,
    );
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}

/**
 * Runs a statement that is built per request, but whose SQL text takes only a few shapes fixed
 * by the code (a shape per kind of date range or filter), as a named statement on PostgreSQL.
 * Takes a query builder or raw `sql`. For hot reads, and only where it pays:
 * - never for a text that grows with the data, such as an `IN` list of ids: every connection
 *   keeps each shape for its lifetime;
 * - after five runs PostgreSQL may plan a named statement once without its values; check that
 *   plan (`EXPLAIN EXECUTE` under `plan_cache_mode = force_generic_plan`) on a heavy trader.
 */
export async function runAsNamedStatement<Row>(
  db: Kysely<Database>,
  query: { compile(runner: Kysely<Database>): CompiledQuery<Row> },
): Promise<Row[]> {
  const compiled = query.compile(db);
  nameStatement(compiled.sql);
  const { rows } = await db.executeQuery(compiled);
  return rows;
}
