import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AudienceLoaders } from './audience-loaders.js';
import { AdminJwtStrategy, FounderJwtStrategy, UserJwtStrategy } from './jwt.strategies.js';
import { TokenService } from './token.service.js';

/**
 * Token issuing and the per-audience strategies; the PrincipalLoader comes from the module given (identity), which
 * hands the audiences other contexts own (founder) to the loaders they register in AudienceLoaders.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(principalModule: Type<unknown>): DynamicModule {
    return {
      module: AuthModule,
      imports: [JwtModule.register({}), principalModule],
      providers: [TokenService, AudienceLoaders, UserJwtStrategy, AdminJwtStrategy, FounderJwtStrategy],
      exports: [TokenService, AudienceLoaders, UserJwtStrategy, AdminJwtStrategy, FounderJwtStrategy],
    };
  }
}
