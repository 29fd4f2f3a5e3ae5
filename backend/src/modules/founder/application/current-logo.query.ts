import { Injectable } from '@nestjs/common';
import { LogoStateService, type LogoIcon } from './logo-state.js';

/** The founder's view of the logo (seed 001 §7: has_custom_logo, logo_path, message, updated_at) with its icons. */
export interface CurrentLogoView {
  hasCustomLogo: boolean;
  logoPath: string | null;
  message: string;
  updatedAt: Date | null;
  icons: LogoIcon[];
}

@Injectable()
export class CurrentLogoQuery {
  constructor(private readonly state: LogoStateService) {}

  async execute(): Promise<CurrentLogoView> {
    const s = await this.state.current();
    return {
      hasCustomLogo: s.custom !== null,
      logoPath: s.logoUrl,
      message: s.custom ? `Custom logo in use (${s.custom.width}×${s.custom.height} px); the app icons are made from it` : 'Default text logo in use',
      updatedAt: s.custom?.updatedAt ?? null,
      icons: s.icons,
    };
  }
}
