import type { Provider, Type } from '@nestjs/common';

/** The founder context's system part: its controllers and providers (founder.module.ts joins the parts). */
export const FOUNDER_SYSTEM: { controllers: Type[]; providers: Provider[]; exports: Provider[] } = {
  controllers: [],
  providers: [],
  exports: [],
};
