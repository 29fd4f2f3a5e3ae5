import type { Provider, Type } from '@nestjs/common';

/** The founder context's access part: its controllers and providers (founder.module.ts joins the parts). */
export const FOUNDER_ACCESS: { controllers: Type[]; providers: Provider[]; exports: Provider[] } = {
  controllers: [],
  providers: [],
  exports: [],
};
