import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The Node-API version better-sqlite3 13's prebuilt binary is made for (Node 22.14 and later). */
const NODE_API_OF_CURRENT_DRIVER = 10;

/**
 * The SQLite driver for the Node.js that runs us. better-sqlite3 13 is a prebuilt Node-API 10
 * module: nothing to compile, and safe on Node 24, where 12.x aborts the process when the
 * garbage collector frees a prepared statement (Node 24.19 added a cleanup hook to the
 * `ObjectWrap` that 12.x is built on). Node 20 has Node-API 9 and cannot load 13, so there the
 * optional dependency `better-sqlite3-node20` (12.x, prebuilt where a binary downloads,
 * compiled at install otherwise) is used. Node 20 is
 * past its end of life; this goes when Node 20 does. Everything that opens SQLite imports the
 * driver from here, so the choice is made once.
 */
const isCurrentDriver = Number(process.versions.napi) >= NODE_API_OF_CURRENT_DRIVER;

function loadDriver(): typeof BetterSqlite3 {
  if (isCurrentDriver) {
    return require('better-sqlite3') as typeof BetterSqlite3;
  }
  try {
    return require('better-sqlite3-node20') as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `Node.js ${process.version} needs the optional package better-sqlite3-node20, which did not install ` +
        '(where no prebuilt binary downloads it is compiled: python3, make and a C++ compiler are needed). ' +
        'Install them and run npm install again, or use Node.js 22 or 24.',
      { cause: error },
    );
  }
}

export const SqliteDriver = loadDriver();

/**
 * better-sqlite3 12.x builds each row object through V8's C++ API, a fresh object for its
 * prototype included, at about twice what 13.x pays building the same object in JavaScript: a
 * page of 50 sessions took 130 µs on 12.x against 47 on 13.x, and 83 when read as arrays and
 * made objects in JavaScript (src/server/db/sqlite.ts does that with this set).
 */
export const readsRowsAsArrays = !isCurrentDriver;
export type SqliteConnection = BetterSqlite3.Database;
export type SqlitePreparedStatement = BetterSqlite3.Statement;
