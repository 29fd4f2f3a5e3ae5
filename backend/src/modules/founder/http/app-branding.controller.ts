import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { LogoStateService } from '../application/logo-state.js';
import { WebManifestQuery } from '../application/web-manifest.query.js';
import { FILE_RE, IconNotFound, VERSION_RE } from '../domain/branding.js';
import { AppBrandingDto } from './founder-branding.dto.js';
import { appBrandingDto } from './founder-branding.mapper.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The app's public branding (no sign-in): the name, the logo, the favicon and the icons at versioned URLs. */
@ApiTags('app')
@Controller('api/app')
export class AppBrandingController {
  constructor(
    private readonly branding: WebManifestQuery,
    private readonly state: LogoStateService,
  ) {}

  /** What the header and the favicon show: the instance's name and the current logo (null: the default text logo). */
  @Get('branding')
  @ApiResponse({ status: 200, type: AppBrandingDto })
  async appBranding(@Res({ passthrough: true }) res: Response): Promise<AppBrandingDto> {
    // Revalidated every time: a new logo shows on the next load.
    res.setHeader('Cache-Control', 'no-cache');
    return appBrandingDto(await this.branding.branding());
  }

  /**
   * One icon of an icon set (PNG). A version's files never change: cached for a year (immutable), with an ETag.
   * `current` instead of a version redirects (302, not cached) to the current set's file, for the static links of
   * index.html.
   */
  @Get('icons/:version/:file')
  @MediaRateLimit()
  @ApiParam({ name: 'version', example: 'd0123456789abcdef', description: 'An icon set version, or current' })
  @ApiParam({ name: 'file', example: 'icon-192.png' })
  @ApiProduces('image/png')
  @ApiResponse({ status: 200, description: 'The PNG', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 302, description: 'current: to the current version of the file' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async appIcon(@Param('version') version: string, @Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!FILE_RE.test(file)) throw IconNotFound();
    if (version === 'current') {
      const s = await this.state.current();
      res.setHeader('Cache-Control', 'no-cache');
      res.redirect(302, `/api/app/icons/${s.version}/${file}`);
      return;
    }
    if (!VERSION_RE.test(version)) throw IconNotFound();
    const found = await this.state.locate(version, file);
    if (!found) throw IconNotFound();
    const etag = `"${version}-${file.replace(/\.png$/, '')}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Content-Length', String(found.size));
    res.status(200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(createReadStream(found.path), res);
  }
}

/** GET /manifest.webmanifest, at the site's root (a manifest's scope is its own folder's), outside the API. */
@ApiExcludeController()
@Controller()
export class WebManifestController {
  constructor(private readonly branding: WebManifestQuery) {}

  @Get('manifest.webmanifest')
  async manifest(@Res() res: Response): Promise<void> {
    const body = JSON.stringify(await this.branding.manifest());
    res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Length', String(Buffer.byteLength(body)));
    res.status(200).end(body);
  }
}
