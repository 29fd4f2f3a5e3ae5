import { applyDecorators, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExcludeEndpoint, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { clientAddress } from '../../../common/http/client-address.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { MediaRateLimit } from '../../../common/http/rate-limit.guard.js';
import { serveStored } from '../../../common/http/serve-file.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { MediaService } from '../application/media.service.js';
import { MusicTracks } from '../application/music.use-cases.js';
import { SubsonicLibrary, SubsonicRefusal } from '../application/subsonic.use-cases.js';
import { EngagementLimits } from './engagement-limits.js';
import { SUBSONIC_ERRORS, SubsonicPresenter, type SubsonicNode } from './subsonic-presenter.js';

type Format = 'xml' | 'json';

/** One Subsonic call: the signed-in user, the parameters (query and form body alike) and the answer's format. */
interface Call {
  req: Request;
  res: Response;
  viewer: string;
  username: string;
  p: Params;
}

class Params {
  constructor(private readonly values: Record<string, unknown>) {}

  /** Every value of a parameter that may repeat (songId=…&songId=…). */
  all(name: string): string[] {
    const v = this.values[name];
    if (v === undefined) return [];
    const list = Array.isArray(v) ? v : [v];
    if (!list.every((x) => typeof x === 'string')) throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, `${name} must be text`);
    return list as string[];
  }

  get(name: string): string | undefined {
    return this.all(name)[0];
  }

  need(name: string): string {
    const v = this.get(name);
    if (v === undefined || v === '') throw new SubsonicRefusal(SUBSONIC_ERRORS.missing, `Required parameter is missing: ${name}`);
    return v;
  }

  /** A whole number from `min` to `max`, `fallback` when absent. */
  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.get(name);
    if (v === undefined || v === '') return fallback;
    if (!/^-?\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, `${name} must be a whole number from ${min} to ${max}`);
    return Number(v);
  }

  bool(name: string): boolean | undefined {
    const v = this.get(name);
    if (v === undefined || v === '') return undefined;
    if (v === 'true' || v === 'false') return v === 'true';
    throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, `${name} must be true or false`);
  }
}

const AUTH = ['u', 'p', 't', 's', 'apiKey', 'v', 'c', 'f'];
/** Each method's own parameters (besides AUTH), as documented in openapi.json. */
const METHOD_PARAMS: Record<string, string[]> = {
  ping: [],
  getLicense: [],
  getOpenSubsonicExtensions: [],
  getMusicFolders: [],
  getArtists: ['musicFolderId'],
  getArtist: ['id'],
  getAlbumList2: ['type', 'size', 'offset', 'genre', 'fromYear', 'toYear', 'musicFolderId'],
  getAlbum: ['id'],
  getSong: ['id'],
  search3: ['query', 'artistCount', 'artistOffset', 'albumCount', 'albumOffset', 'songCount', 'songOffset', 'musicFolderId'],
  getStarred2: ['musicFolderId'],
  getPlaylists: ['username'],
  getPlaylist: ['id'],
  createPlaylist: ['playlistId', 'name', 'songId'],
  updatePlaylist: ['playlistId', 'name', 'comment', 'public', 'songIdToAdd', 'songIndexToRemove'],
  deletePlaylist: ['id'],
  star: ['id', 'albumId', 'artistId'],
  unstar: ['id', 'albumId', 'artistId'],
  scrobble: ['id', 'time', 'submission'],
  stream: ['id', 'maxBitRate', 'format', 'timeOffset', 'estimateContentLength'],
  getCoverArt: ['id', 'size'],
};

const IGNORED_ARTICLES = 'The El La Los Las Le Les';

/** OpenAPI for one method's GET (query) or POST (form) route; the answer is Subsonic's (HTTP 200, errors in the body). */
function SubsonicRoute(method: string, verb: 'get' | 'post') {
  const names = [...AUTH, ...METHOD_PARAMS[method]];
  const docs = [
    HttpCode(200),
    ApiProduces('text/xml', 'application/json'),
    ApiResponse({ status: 200, description: 'A <subsonic-response> (JSON with f=json): status="ok", or status="failed" with <error code message>' }),
    ApiResponse({ status: 429, type: ErrorResponseDto }),
  ];
  if (verb === 'get') return applyDecorators(...docs, ...names.map((name) => ApiQuery({ name, required: false, type: String })));
  return applyDecorators(
    ...docs,
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiBody({ required: false, schema: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) } }),
  );
}

/**
 * The OpenSubsonic-compatible API (issue 14) under /rest, for music apps: `/rest/<method>` and `/rest/<method>.view`,
 * GET with query parameters or POST with a form. Apps sign in with one of the user's app tokens (Settings → Music
 * apps), never the account password: `u` (display name) with `p` (the token, or `enc:` + hex) or `t` = md5(token + `s`),
 * or OpenSubsonic's `apiKey`. Answers are XML, or JSON with `f=json`; errors are HTTP 200 with status="failed".
 */
@ApiTags('subsonic')
@Controller('rest')
@RequiresFeature('music')
export class SubsonicController {
  private readonly handlers: Record<string, (c: Call) => Promise<SubsonicNode | null>>;

  constructor(
    private readonly library: SubsonicLibrary,
    private readonly tracks: MusicTracks,
    private readonly presenter: SubsonicPresenter,
    private readonly service: MediaService,
    private readonly identity: IdentityFacade,
    private readonly limits: EngagementLimits,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {
    this.handlers = {
      ping: async () => ({}),
      getLicense: async () => ({ license: { valid: true } }),
      getOpenSubsonicExtensions: async () => ({
        openSubsonicExtensions: [
          { name: 'apiKeyAuthentication', versions: [1] },
          { name: 'formPost', versions: [1] },
        ],
      }),
      getMusicFolders: async () => ({ musicFolders: { musicFolder: [{ id: 1, name: 'Music' }] } }),
      getArtists: (c) => this.getArtists(c),
      getArtist: (c) => this.getArtist(c),
      getAlbumList2: (c) => this.getAlbumList2(c),
      getAlbum: (c) => this.getAlbum(c),
      getSong: (c) => this.getSong(c),
      search3: (c) => this.search3(c),
      getStarred2: (c) => this.getStarred2(c),
      getPlaylists: (c) => this.getPlaylists(c),
      getPlaylist: (c) => this.getPlaylist(c),
      createPlaylist: (c) => this.createPlaylist(c),
      updatePlaylist: (c) => this.updatePlaylist(c),
      deletePlaylist: async (c) => {
        await this.library.remove(c.viewer, c.p.need('id'));
        return {};
      },
      star: (c) => this.star(c, true),
      unstar: (c) => this.star(c, false),
      scrobble: (c) => this.scrobble(c),
      stream: (c) => this.stream(c),
      getCoverArt: (c) => this.getCoverArt(c),
    };
  }

  // The documented routes: each method by GET and by POST (a form). The `.view` spellings below serve the same.

  /** Checks the connection and the credentials. */
  @Get('ping') @SubsonicRoute('ping', 'get') subsonicPing(@Req() q: Request, @Res() r: Response) { return this.run('ping', q, r); }
  @Post('ping') @SubsonicRoute('ping', 'post') subsonicPingForm(@Req() q: Request, @Res() r: Response) { return this.run('ping', q, r); }
  /** Always valid: Scriven needs no licence. */
  @Get('getLicense') @SubsonicRoute('getLicense', 'get') subsonicGetLicense(@Req() q: Request, @Res() r: Response) { return this.run('getLicense', q, r); }
  @Post('getLicense') @SubsonicRoute('getLicense', 'post') subsonicGetLicenseForm(@Req() q: Request, @Res() r: Response) { return this.run('getLicense', q, r); }
  /** The OpenSubsonic extensions supported: apiKeyAuthentication and formPost. */
  @Get('getOpenSubsonicExtensions') @SubsonicRoute('getOpenSubsonicExtensions', 'get') subsonicGetOpenSubsonicExtensions(@Req() q: Request, @Res() r: Response) { return this.run('getOpenSubsonicExtensions', q, r); }
  @Post('getOpenSubsonicExtensions') @SubsonicRoute('getOpenSubsonicExtensions', 'post') subsonicGetOpenSubsonicExtensionsForm(@Req() q: Request, @Res() r: Response) { return this.run('getOpenSubsonicExtensions', q, r); }
  /** One music folder: the library. */
  @Get('getMusicFolders') @SubsonicRoute('getMusicFolders', 'get') subsonicGetMusicFolders(@Req() q: Request, @Res() r: Response) { return this.run('getMusicFolders', q, r); }
  @Post('getMusicFolders') @SubsonicRoute('getMusicFolders', 'post') subsonicGetMusicFoldersForm(@Req() q: Request, @Res() r: Response) { return this.run('getMusicFolders', q, r); }
  /** Every artist of the user's library, indexed by first letter. */
  @Get('getArtists') @SubsonicRoute('getArtists', 'get') subsonicGetArtists(@Req() q: Request, @Res() r: Response) { return this.run('getArtists', q, r); }
  @Post('getArtists') @SubsonicRoute('getArtists', 'post') subsonicGetArtistsForm(@Req() q: Request, @Res() r: Response) { return this.run('getArtists', q, r); }
  /** An artist and their albums. */
  @Get('getArtist') @SubsonicRoute('getArtist', 'get') subsonicGetArtist(@Req() q: Request, @Res() r: Response) { return this.run('getArtist', q, r); }
  @Post('getArtist') @SubsonicRoute('getArtist', 'post') subsonicGetArtistForm(@Req() q: Request, @Res() r: Response) { return this.run('getArtist', q, r); }
  /** Albums in an order (newest, random, frequent, recent, starred, highest, alphabeticalByName, alphabeticalByArtist, byGenre). */
  @Get('getAlbumList2') @SubsonicRoute('getAlbumList2', 'get') subsonicGetAlbumList2(@Req() q: Request, @Res() r: Response) { return this.run('getAlbumList2', q, r); }
  @Post('getAlbumList2') @SubsonicRoute('getAlbumList2', 'post') subsonicGetAlbumList2Form(@Req() q: Request, @Res() r: Response) { return this.run('getAlbumList2', q, r); }
  /** An album and its songs. */
  @Get('getAlbum') @SubsonicRoute('getAlbum', 'get') subsonicGetAlbum(@Req() q: Request, @Res() r: Response) { return this.run('getAlbum', q, r); }
  @Post('getAlbum') @SubsonicRoute('getAlbum', 'post') subsonicGetAlbumForm(@Req() q: Request, @Res() r: Response) { return this.run('getAlbum', q, r); }
  /** One song (a track the user may reach). */
  @Get('getSong') @SubsonicRoute('getSong', 'get') subsonicGetSong(@Req() q: Request, @Res() r: Response) { return this.run('getSong', q, r); }
  @Post('getSong') @SubsonicRoute('getSong', 'post') subsonicGetSongForm(@Req() q: Request, @Res() r: Response) { return this.run('getSong', q, r); }
  /** Artists, albums and songs whose names hold the query; an empty query lists the library. */
  @Get('search3') @SubsonicRoute('search3', 'get') subsonicSearch3(@Req() q: Request, @Res() r: Response) { return this.run('search3', q, r); }
  @Post('search3') @SubsonicRoute('search3', 'post') subsonicSearch3Form(@Req() q: Request, @Res() r: Response) { return this.run('search3', q, r); }
  /** The songs the user likes. */
  @Get('getStarred2') @SubsonicRoute('getStarred2', 'get') subsonicGetStarred2(@Req() q: Request, @Res() r: Response) { return this.run('getStarred2', q, r); }
  @Post('getStarred2') @SubsonicRoute('getStarred2', 'post') subsonicGetStarred2Form(@Req() q: Request, @Res() r: Response) { return this.run('getStarred2', q, r); }
  /** The user's music playlists. */
  @Get('getPlaylists') @SubsonicRoute('getPlaylists', 'get') subsonicGetPlaylists(@Req() q: Request, @Res() r: Response) { return this.run('getPlaylists', q, r); }
  @Post('getPlaylists') @SubsonicRoute('getPlaylists', 'post') subsonicGetPlaylistsForm(@Req() q: Request, @Res() r: Response) { return this.run('getPlaylists', q, r); }
  /** A playlist of the user's, or anyone's public one, with the songs the user may reach. */
  @Get('getPlaylist') @SubsonicRoute('getPlaylist', 'get') subsonicGetPlaylist(@Req() q: Request, @Res() r: Response) { return this.run('getPlaylist', q, r); }
  @Post('getPlaylist') @SubsonicRoute('getPlaylist', 'post') subsonicGetPlaylistForm(@Req() q: Request, @Res() r: Response) { return this.run('getPlaylist', q, r); }
  /** Creates a private playlist (name, songId…), or with playlistId sets the songs of the user's playlist. */
  @Get('createPlaylist') @SubsonicRoute('createPlaylist', 'get') subsonicCreatePlaylist(@Req() q: Request, @Res() r: Response) { return this.run('createPlaylist', q, r); }
  @Post('createPlaylist') @SubsonicRoute('createPlaylist', 'post') subsonicCreatePlaylistForm(@Req() q: Request, @Res() r: Response) { return this.run('createPlaylist', q, r); }
  /** Renames, makes public or private, appends songs (songIdToAdd) and removes songs by index (songIndexToRemove). */
  @Get('updatePlaylist') @SubsonicRoute('updatePlaylist', 'get') subsonicUpdatePlaylist(@Req() q: Request, @Res() r: Response) { return this.run('updatePlaylist', q, r); }
  @Post('updatePlaylist') @SubsonicRoute('updatePlaylist', 'post') subsonicUpdatePlaylistForm(@Req() q: Request, @Res() r: Response) { return this.run('updatePlaylist', q, r); }
  /** Deletes the user's playlist. */
  @Get('deletePlaylist') @SubsonicRoute('deletePlaylist', 'get') subsonicDeletePlaylist(@Req() q: Request, @Res() r: Response) { return this.run('deletePlaylist', q, r); }
  @Post('deletePlaylist') @SubsonicRoute('deletePlaylist', 'post') subsonicDeletePlaylistForm(@Req() q: Request, @Res() r: Response) { return this.run('deletePlaylist', q, r); }
  /** Likes songs (id…); albums and artists cannot be starred. */
  @Get('star') @SubsonicRoute('star', 'get') subsonicStar(@Req() q: Request, @Res() r: Response) { return this.run('star', q, r); }
  @Post('star') @SubsonicRoute('star', 'post') subsonicStarForm(@Req() q: Request, @Res() r: Response) { return this.run('star', q, r); }
  /** Takes likes back. */
  @Get('unstar') @SubsonicRoute('unstar', 'get') subsonicUnstar(@Req() q: Request, @Res() r: Response) { return this.run('unstar', q, r); }
  @Post('unstar') @SubsonicRoute('unstar', 'post') subsonicUnstarForm(@Req() q: Request, @Res() r: Response) { return this.run('unstar', q, r); }
  /** A listen (submission=true, the default: counted as a play once per play-through) or "now playing" (false: nothing counted). */
  @Get('scrobble') @SubsonicRoute('scrobble', 'get') subsonicScrobble(@Req() q: Request, @Res() r: Response) { return this.run('scrobble', q, r); }
  @Post('scrobble') @SubsonicRoute('scrobble', 'post') subsonicScrobbleForm(@Req() q: Request, @Res() r: Response) { return this.run('scrobble', q, r); }
  /** The song's file, as GET /api/music/tracks/{id}/stream serves it (ranges, HEAD); not transcoded. */
  @MediaRateLimit() @Get('stream') @SubsonicRoute('stream', 'get') @ApiResponse({ status: 206, description: 'A range of the file' }) @ApiResponse({ status: 416, type: ErrorResponseDto })
  subsonicStream(@Req() q: Request, @Res() r: Response) { return this.run('stream', q, r); }
  @MediaRateLimit() @Post('stream') @SubsonicRoute('stream', 'post') @ApiResponse({ status: 206, description: 'A range of the file' }) @ApiResponse({ status: 416, type: ErrorResponseDto })
  subsonicStreamForm(@Req() q: Request, @Res() r: Response) { return this.run('stream', q, r); }
  /** The cover of a song, album or artist (id from their coverArt), a JPEG. */
  @MediaRateLimit() @Get('getCoverArt') @SubsonicRoute('getCoverArt', 'get') subsonicGetCoverArt(@Req() q: Request, @Res() r: Response) { return this.run('getCoverArt', q, r); }
  @MediaRateLimit() @Post('getCoverArt') @SubsonicRoute('getCoverArt', 'post') subsonicGetCoverArtForm(@Req() q: Request, @Res() r: Response) { return this.run('getCoverArt', q, r); }

  /** The media methods' `.view` spellings (most apps use them), on the media budget as above. */
  @MediaRateLimit() @Get('stream.view') @ApiExcludeEndpoint() subsonicStreamView(@Req() q: Request, @Res() r: Response) { return this.run('stream', q, r); }
  @MediaRateLimit() @Post('stream.view') @HttpCode(200) @ApiExcludeEndpoint() subsonicStreamViewForm(@Req() q: Request, @Res() r: Response) { return this.run('stream', q, r); }
  @MediaRateLimit() @Get('getCoverArt.view') @ApiExcludeEndpoint() subsonicGetCoverArtView(@Req() q: Request, @Res() r: Response) { return this.run('getCoverArt', q, r); }
  @MediaRateLimit() @Post('getCoverArt.view') @HttpCode(200) @ApiExcludeEndpoint() subsonicGetCoverArtViewForm(@Req() q: Request, @Res() r: Response) { return this.run('getCoverArt', q, r); }

  /** `/rest/<method>.view`, the spelling most apps use: the same methods as above. */
  @Get(':method.view')
  @ApiExcludeEndpoint()
  subsonicView(@Param('method') method: string, @Req() q: Request, @Res() r: Response) {
    return this.run(method, q, r);
  }

  @Post(':method.view')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  subsonicViewForm(@Param('method') method: string, @Req() q: Request, @Res() r: Response) {
    return this.run(method, q, r);
  }

  private async run(method: string, req: Request, res: Response): Promise<void> {
    const values = { ...(req.query as Record<string, unknown>), ...(req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {}) };
    const p = new Params(values);
    let format: Format = 'xml';
    try {
      format = p.get('f') === 'json' ? 'json' : 'xml';
      const handler = Object.hasOwn(this.handlers, method) ? this.handlers[method] : undefined;
      if (!handler) throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, 'This method is not available on this server');
      const who = await this.signIn(p, req);
      const payload = await handler({ req, res, viewer: who.userId, username: who.displayName, p });
      if (payload) this.presenter.send(res, format, payload);
    } catch (e) {
      const failed = this.failure(e);
      if (!failed) throw e;
      if (res.headersSent) {
        res.end();
        return;
      }
      this.presenter.send(res, format, {}, failed);
    }
  }

  /** Subsonic's error for what went wrong; null for what is not the caller's (it goes up: the 500 of every route). */
  private failure(e: unknown): { code: number; message: string } | null {
    if (e instanceof SubsonicRefusal) return { code: e.code, message: e.message };
    if (!(e instanceof DomainError)) return null;
    if (e.kind === 'not_found') return { code: SUBSONIC_ERRORS.notFound, message: e.message };
    if (e.kind === 'forbidden') return { code: SUBSONIC_ERRORS.notAuthorized, message: e.message };
    if (e.kind === 'unauthenticated') return { code: SUBSONIC_ERRORS.wrongCredentials, message: e.message };
    if (e.kind === 'unavailable' || e.kind === 'insufficient_storage') return null;
    return { code: SUBSONIC_ERRORS.generic, message: e.message };
  }

  private async signIn(p: Params, req: Request): Promise<{ userId: string; displayName: string }> {
    const [username, password, token, salt, apiKey] = ['u', 'p', 't', 's', 'apiKey'].map((n) => p.get(n) || undefined);
    if (apiKey && username) throw new SubsonicRefusal(SUBSONIC_ERRORS.conflictingAuth, 'Multiple conflicting authentication mechanisms provided: send apiKey without u');
    const r = await this.identity.appSignIn({ username, password, token, salt, apiKey }, clientAddress(req));
    if (r.ok) return r;
    if (r.reason === 'missing') throw new SubsonicRefusal(SUBSONIC_ERRORS.missing, 'Required parameter is missing: u with p (or t and s), or apiKey');
    if (r.reason === 'throttled') {
      const minutes = Math.ceil((r.retryAfterSeconds ?? 60) / 60);
      throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, `Too many failed sign-ins from this address. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`);
    }
    if (apiKey) throw new SubsonicRefusal(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key');
    throw new SubsonicRefusal(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password');
  }

  private async likes(c: Call, ids: string[]) {
    return { likedAt: await this.library.likedAt(c.viewer, ids) };
  }

  private async songNodes(c: Call, songs: Parameters<SubsonicPresenter['songs']>[0]): Promise<SubsonicNode[]> {
    return this.presenter.songs(songs, await this.likes(c, songs.map((s) => s.media.id)));
  }

  private async getArtists(c: Call): Promise<SubsonicNode> {
    const { artists } = await this.library.library(c.viewer);
    const index = new Map<string, SubsonicNode[]>();
    for (const a of [...artists].sort((x, y) => x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }))) {
      const letter = a.name.replace(/^(the|el|la|los|las|le|les)\s+/i, '').charAt(0).toUpperCase();
      const key = /^[A-Z]$/.test(letter) ? letter : '#';
      index.set(key, [...(index.get(key) ?? []), this.presenter.artist(a)]);
    }
    return { artists: { ignoredArticles: IGNORED_ARTICLES, index: [...index.entries()].map(([name, artist]) => ({ name, artist })) } };
  }

  private async getArtist(c: Call): Promise<SubsonicNode> {
    const a = await this.library.artist(c.viewer, c.p.need('id'));
    return { artist: { ...this.presenter.artist(a), album: a.albums.map((x) => this.presenter.album(x)) } };
  }

  private async getAlbumList2(c: Call): Promise<SubsonicNode> {
    const list = await this.library.albumList(c.viewer, c.p.need('type'), c.p.int('size', 10, 1, 500), c.p.int('offset', 0, 0, 1_000_000), c.p.get('genre'));
    return { albumList2: { album: list.map((a) => this.presenter.album(a)) } };
  }

  private async getAlbum(c: Call): Promise<SubsonicNode> {
    const a = await this.library.album(c.viewer, c.p.need('id'));
    return { album: { ...this.presenter.album(a), song: await this.songNodes(c, a.songs) } };
  }

  private async getSong(c: Call): Promise<SubsonicNode> {
    const [song] = await this.songNodes(c, [await this.library.song(c.viewer, c.p.need('id'))]);
    return { song };
  }

  private async search3(c: Call): Promise<SubsonicNode> {
    const n = (name: string, fallback: number) => c.p.int(name, fallback, 0, name.endsWith('Offset') ? 1_000_000 : 500);
    const r = await this.library.search(c.viewer, c.p.get('query') ?? '', {
      artistCount: n('artistCount', 20),
      artistOffset: n('artistOffset', 0),
      albumCount: n('albumCount', 20),
      albumOffset: n('albumOffset', 0),
      songCount: n('songCount', 20),
      songOffset: n('songOffset', 0),
    });
    return { searchResult3: { artist: r.artists.map((a) => this.presenter.artist(a)), album: r.albums.map((a) => this.presenter.album(a)), song: await this.songNodes(c, r.songs) } };
  }

  private async getStarred2(c: Call): Promise<SubsonicNode> {
    const { songs, likedAt } = await this.library.starred(c.viewer);
    return { starred2: { artist: [], album: [], song: await this.presenter.songs(songs, { likedAt }) } };
  }

  private async getPlaylists(c: Call): Promise<SubsonicNode> {
    const u = c.p.get('username');
    if (u !== undefined && u.toLowerCase() !== c.username.toLowerCase()) throw new SubsonicRefusal(SUBSONIC_ERRORS.notAuthorized, "Only your own playlists can be listed");
    const playlists = await this.library.mine(c.viewer);
    const nodes = await Promise.all(playlists.map(async (p) => this.presenter.playlist(p, await this.library.playable(p, c.viewer), c.username)));
    return { playlists: { playlist: nodes } };
  }

  private async playlistNode(c: Call, id: string): Promise<SubsonicNode> {
    const { playlist, songs } = await this.library.playlist(c.viewer, id);
    const owner = playlist.userId === c.viewer ? c.username : ((await this.identity.usernames([playlist.userId])).get(playlist.userId) ?? 'deleted');
    return { ...this.presenter.playlist(playlist, songs, owner), entry: await this.songNodes(c, songs) };
  }

  private async getPlaylist(c: Call): Promise<SubsonicNode> {
    return { playlist: await this.playlistNode(c, c.p.need('id')) };
  }

  private async createPlaylist(c: Call): Promise<SubsonicNode> {
    const id = c.p.get('playlistId');
    const songs = c.p.all('songId');
    const p = id ? await this.library.replaceSongs(c.viewer, id, songs) : await this.library.create(c.viewer, c.p.need('name'), songs);
    return { playlist: await this.playlistNode(c, p.id) };
  }

  private async updatePlaylist(c: Call): Promise<SubsonicNode> {
    const removeIndexes = c.p.all('songIndexToRemove').map((i) => {
      if (!/^\d{1,6}$/.test(i)) throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, 'songIndexToRemove must be a whole number');
      return Number(i);
    });
    await this.library.update(c.viewer, c.p.need('playlistId'), { name: c.p.get('name'), isPublic: c.p.bool('public'), add: c.p.all('songIdToAdd'), removeIndexes });
    return {};
  }

  private async star(c: Call, on: boolean): Promise<SubsonicNode> {
    const ids = c.p.all('id');
    if (c.p.all('albumId').length || c.p.all('artistId').length) throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, 'Only songs can be starred on this server');
    if (!ids.length) throw new SubsonicRefusal(SUBSONIC_ERRORS.missing, 'Required parameter is missing: id');
    const unique = manyIds(ids);
    // Each song is a like, counted as one.
    for (let i = 0; i < unique.length; i++) this.limits.likes.hit(c.viewer);
    await this.library.star(c.viewer, unique, on);
    return {};
  }

  private async scrobble(c: Call): Promise<SubsonicNode> {
    const ids = c.p.all('id');
    if (!ids.length) throw new SubsonicRefusal(SUBSONIC_ERRORS.missing, 'Required parameter is missing: id');
    const unique = manyIds(ids);
    // Each song is a listening report, counted as one.
    for (let i = 0; i < unique.length; i++) this.limits.plays.hit(c.viewer);
    await this.library.scrobble(c.viewer, unique, c.p.bool('submission') ?? true);
    return {};
  }

  /** The stream route's own code, for this user (a Subsonic request has no bearer token). */
  private async stream(c: Call): Promise<null> {
    const id = c.p.need('id');
    const req = c.req as Request & { user?: { userId: string } | null };
    req.user = { userId: c.viewer };
    await this.service.stream('track', id, req, c.res, (m) => this.tracks.rendition(m));
    return null;
  }

  private async getCoverArt(c: Call): Promise<null> {
    const id = c.p.need('id');
    let key: string | null | undefined;
    let open = false;
    if (id.startsWith('al-') || id.startsWith('ar-')) {
      const songs = id.startsWith('al-') ? (await this.library.album(c.viewer, id)).songs : (await this.library.artist(c.viewer, id)).albums.flatMap((a) => a.songs);
      const m = songs.find((s) => s.media.thumbnailKey)?.media;
      key = m?.thumbnailKey;
      open = m?.visibility === 'public';
    } else {
      const t = await this.library.song(c.viewer, id);
      key = t.media.thumbnailKey;
      open = t.media.visibility === 'public';
    }
    if (!key) throw new DomainError('not_found', 'SUBSONIC.NO_COVER', 'This item has no cover art');
    await serveStored(c.req, c.res, this.storage, key, { contentType: 'image/jpeg', cacheControl: open ? 'public, max-age=86400' : 'private, max-age=3600' });
    return null;
  }
}

/** At most this many songs in one star, unstar or scrobble call (apps send one, or a short offline backlog). */
const MAX_IDS_PER_CALL = 50;

/** The distinct ids of a call, refused past MAX_IDS_PER_CALL. */
function manyIds(ids: string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_IDS_PER_CALL) throw new SubsonicRefusal(SUBSONIC_ERRORS.generic, `At most ${MAX_IDS_PER_CALL} songs per call`);
  return unique;
}
