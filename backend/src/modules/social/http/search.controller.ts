import { createHmac } from 'node:crypto';
import { Controller, Get, Inject, Query, Req, UseGuards } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { clientAddress } from '../../../common/http/client-address.js';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { SearchService } from '../application/search.service.js';
import { choice, SEARCH_TABS, type SearchTab } from '../domain/search-rules.js';
import { SearchQueryDto, SearchResponseDto, SuggestionsQueryDto, SuggestionsResponseDto, TrendingResponseDto } from './social.dto.js';
import { toGamingStreamSearchItem, toLiveSearchItem, toMusicSearchItem, toPodcastSearchItem, toTournamentSearchItem, toUserSearchItem, toVideoSearchItem } from './social.mapper.js';
import { pageSize } from '../../../common/keyset.js';

type Req = Request & { user?: Principal | null };


/** Who searched, for trending (one vote per person): the user, or a keyed hash of a visitor's address (not reversible without the key). */
function searcherOf(req: Req, key: string): string {
  return req.user?.userId ? `u:${req.user.userId}` : `a:${createHmac('sha256', key).update(clientAddress(req)).digest('hex').slice(0, 40)}`;
}

@ApiTags('search')
@Controller('api/search')
export class SearchController {
  private readonly searches: ActionLimiter;
  private readonly suggestionsLimit: ActionLimiter;
  private readonly addressKey: string;

  constructor(
    private readonly search: SearchService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.addressKey = `search-address:${config.jwtSecret}`;
    const perMinute = config.rateLimit.searchesPerMinute;
    this.searches = new ActionLimiter(perMinute, 60_000, 'Too many searches. Please wait a minute.');
    // Suggestions follow typing (one per 300 ms pause at most), so their limit is higher.
    this.suggestionsLimit = new ActionLimiter(Math.ceil(perMinute * 2.5), 60_000, 'Too many requests. Please slow down.');
  }

  /**
   * Searches every kind (3 results each) or one tab (`content_type`, up to `limit`). Words may be partial, accents
   * and case do not matter, and small typos in titles are forgiven. Only what others may see is found.
   */
  @Get()
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async searchAll(@Req() req: Req, @Query() query: SearchQueryDto): Promise<SearchResponseDto> {
    const searcher = searcherOf(req, this.addressKey);
    this.searches.hit(searcher);
    const type = query.content_type;
    const tab: SearchTab | null = type === undefined || type === 'all' ? null : choice('content_type', type, SEARCH_TABS, 'videos');
    const r = await this.search.search(query.q, tab, pageSize(query.limit, 20), req.user?.userId ?? null, searcher);
    const videos = (r.results.content.videos ?? []).map(toVideoSearchItem);
    const gaming = [...(r.results.content.gaming ?? []).flatMap(toTournamentSearchItem), ...r.results.gamingStreams.map(toGamingStreamSearchItem)];
    return {
      query: r.query,
      total_results: r.totalResults,
      available: r.available,
      results: { videos, users: r.results.users.map(toUserSearchItem), music: (r.results.content.music ?? []).flatMap(toMusicSearchItem), live: r.results.live.map(toLiveSearchItem), podcasts: (r.results.content.podcasts ?? []).flatMap(toPodcastSearchItem), gaming },
    };
  }

  /** Completions for what is being typed (at least 1 character): popular searches, then titles and names. */
  @Get('suggestions')
  @UseGuards(OptionalUserAuthGuard)
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async searchSuggestions(@Req() req: Req, @Query() query: SuggestionsQueryDto): Promise<SuggestionsResponseDto> {
    this.suggestionsLimit.hit(searcherOf(req, this.addressKey));
    return { suggestions: await this.search.suggestions(query.q) };
  }

  /** The most searched queries of the last 24 hours (counted once per person). */
  @Get('trending')
  async searchTrending(): Promise<TrendingResponseDto> {
    return { trending: await this.search.trending() };
  }
}
