import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';

export interface OrmOptions {
  url: string;
  entities: EntitySchema<any>[];
  migrations: MigrationObject[];
  /** False for tools that need the metadata only (the OpenAPI export). */
  connect?: boolean;
  debug?: boolean;
}

export function ormConfig(o: OrmOptions): Options {
  return {
    clientUrl: o.url,
    entities: o.entities,
    extensions: [Migrator],
    debug: o.debug ?? false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: 20 },
    migrations: {
      migrationsList: o.migrations,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      path: 'migrations',
      pathTs: 'migrations',
      silent: true,
    },
  };
}

export async function createOrm(o: OrmOptions): Promise<MikroORM> {
  if (o.connect === false) return new MikroORM(ormConfig(o));
  return MikroORM.init(ormConfig(o));
}
