import type { Db, Tx } from "./database";

/**
 * `prepare` memoised per database handle and kind: building a drizzle select costs more than
 * PGlite takes to plan it, and PostgreSQL keeps a named statement's plan per connection.
 */
export function preparedPerDatabase<Kind extends string, Prepared>(
  prepare: (db: Db | Tx, kind: Kind) => Prepared,
): (db: Db | Tx, kind: Kind) => Prepared {
  const byDatabase = new WeakMap<object, Map<Kind, Prepared>>();
  return (db, kind) => {
    let byKind = byDatabase.get(db);
    if (byKind === undefined) {
      byKind = new Map();
      byDatabase.set(db, byKind);
    }
    let prepared = byKind.get(kind);
    if (prepared === undefined) {
      prepared = prepare(db, kind);
      byKind.set(kind, prepared);
    }
    return prepared;
  };
}
