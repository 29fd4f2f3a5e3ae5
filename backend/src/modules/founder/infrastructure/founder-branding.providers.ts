import type { Provider, Type } from '@nestjs/common';

/** The founder context's branding part: its controllers and providers (founder.module.ts joins the parts). */
export const FOUNDER_BRANDING: { controllers: Type[]; providers: Provider[]; exports: Provider[] } = {
  controllers: [],
  providers: [],
  exports: [],
};
