import { sql, type ColumnDefinitionBuilder, type Expression } from 'kysely';
import { nowExpression, type DialectName } from '../dialect.ts';

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** Column types that are spelled differently by the two dialects. */
export function columnTypes(dialect: DialectName) {
  const isSqlite = dialect === 'sqlite';
  return {
    idColumn: ((column) =>
      isSqlite
        ? column.primaryKey().autoIncrement()
        : column.primaryKey().generatedAlwaysAsIdentity()) satisfies Column,
    timestamp: isSqlite ? sql`text` : sql`timestamptz(3)`,
    now: nowExpression(dialect) as Expression<unknown>,
    boolean: isSqlite ? sql`integer` : sql`boolean`,
    bool: (value: boolean) => (isSqlite ? sql.lit(value ? 1 : 0) : sql.lit(value)),
    date: isSqlite ? sql`text` : sql`date`,
  };
}
