import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AdminJwtStrategy, FounderJwtStrategy, UserJwtStrategy } from './jwt.strategies.js';
import { TokenService } from './token.service.js';

/** Token issuing and the per-audience strategies; the PrincipalLoader comes from the module given (identity). */
@Global()
@Module({})
export class AuthModule {
  static forRoot(principalModule: Type<unknown>): DynamicModule {
    return {
      module: AuthModule,
      imports: [PassportModule, JwtModule.register({}), principalModule],
      providers: [TokenService, UserJwtStrategy, AdminJwtStrategy, FounderJwtStrategy],
      exports: [TokenService],
    };
  }
}
