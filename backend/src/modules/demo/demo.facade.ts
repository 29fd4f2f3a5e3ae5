import { Injectable } from '@nestjs/common';
import { RemoveDemoUseCase } from './application/remove-demo.use-case.js';

/** What the CLI may ask of the demo: remove it (`npm run cli -- demo:remove`). */
@Injectable()
export class DemoFacade {
  constructor(private readonly remove: RemoveDemoUseCase) {}

  /** Removes every demo user and what they own; the demo is never seeded again on this database. Idempotent. */
  removeDemo(opts: { onWait?: () => void } = {}): Promise<{ users: number }> {
    return this.remove.execute(opts);
  }
}
