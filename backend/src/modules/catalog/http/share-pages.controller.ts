import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { absoluteUrl, renderSpa, snippet, type PageMeta } from '../../../common/http/spa.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { MediaService } from '../application/media.service.js';
import type { MediaKind } from '../domain/media.js';
import { MediaPresenter } from './media-presenter.js';

const KIND_PAGES: Record<Exclude<MediaKind, 'track' | 'episode'>, { path: string; type: string; noun: string }> = {
  video: { path: 'videos', type: 'video.other', noun: 'A video' },
  reel: { path: 'reels', type: 'video.other', noun: 'A short' },
  movie: { path: 'movies', type: 'video.movie', noun: 'A movie' },
};

/**
 * The web app's pages of a video, a short and a movie, with their own title and Open Graph tags so that a shared link
 * previews well. Only what a visitor may see is described; anything else gets the app's plain page (which then says
 * the item is not available), so a private title never leaks into a preview. While the `reels` feature is off, a short's
 * page is the plain one too (the app then says the feature is turned off).
 */
@ApiExcludeController()
@Controller()
export class SharePagesController {
  constructor(
    private readonly service: MediaService,
    private readonly presenter: MediaPresenter,
    private readonly accounts: AccountsFacade,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly features: FeatureFlags,
  ) {}

  @Get('videos/:id')
  video(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.page('video', id, req, res);
  }

  @Get('reels/:id')
  reel(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.page('reel', id, req, res);
  }

  @Get('movies/:id')
  movie(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.page('movie', id, req, res);
  }

  private async page(kind: Exclude<MediaKind, 'track' | 'episode'>, id: string, req: Request, res: Response): Promise<void> {
    const meta = await this.meta(kind, id, req).catch(() => null);
    const html = renderSpa(meta);
    if (html === null) throw new NotFoundException();
    res.status(200).setHeader('Cache-Control', 'no-cache');
    res.type('text/html; charset=utf-8').send(html);
  }

  private async meta(kind: Exclude<MediaKind, 'track' | 'episode'>, id: string, req: Request): Promise<PageMeta | null> {
    if (kind === 'reel' && !this.features.isEnabled('reels')) return null;
    // As a visitor: what a visitor cannot reach is not described.
    const m = await this.service.reachable(kind, id, null);
    const owner = (await this.accounts.summaries([m.accountId])).get(m.accountId);
    const { path, type, noun } = KIND_PAGES[kind];
    const publicUrl = this.config.publicUrlConfigured ? this.config.publicUrl : null;
    const thumbnail = this.presenter.thumbnailUrl(m, null);
    return {
      title: m.title,
      description: m.description?.trim() ? snippet(m.description) : `${noun} by ${owner?.displayName ?? 'a creator'} on Scriven.`,
      url: absoluteUrl(req, publicUrl, `/${path}/${encodeURIComponent(m.id)}`),
      image: thumbnail ? absoluteUrl(req, publicUrl, thumbnail) : null,
      type,
      // The watch page's poster is its largest paint; a short's viewer and a movie's page lay out differently.
      preloadImage: kind === 'video' ? thumbnail : null,
      preview: kind === 'video' ? { title: m.title, channel: owner?.displayName ?? '', image: thumbnail } : null,
    };
  }
}
