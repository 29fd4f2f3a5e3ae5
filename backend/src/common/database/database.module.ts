import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { EntityManager } from '@mikro-orm/postgresql';
import { PgNotifier } from './pg-notifier.js';
import { DATABASE_URL } from './tokens.js';

/** Provides the one MikroORM instance, created by the composition root, and its EntityManager. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  static forRoot(orm: MikroORM, url: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: MikroORM, useValue: orm },
        { provide: EntityManager, useFactory: () => orm.em },
        { provide: DATABASE_URL, useValue: url },
        PgNotifier,
      ],
      exports: [MikroORM, EntityManager, DATABASE_URL, PgNotifier],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close(true);
  }
}
