import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNumber, IsObject, IsOptional, IsString, Min, ValidateIf, ValidateNested } from 'class-validator';
import { EmptyAsAbsent } from '../../../common/http/dto-rules.js';
import {
  DEFAULT_VOLUME,
  EDIT_FILTERS,
  EDIT_LIMITS,
  EDIT_MESSAGES,
  EDIT_TRANSITIONS,
  EXPORT_RESOLUTIONS,
  EXPORT_STATUSES,
  TEXT_KINDS,
  TEXT_POSITIONS,
  type EditFilter,
  type EditTransition,
  type ExportResolution,
  type ExportStatus,
  type TextKind,
  type TextPosition,
} from '../domain/edit.js';

/*
 * The editor's request bodies are checked in two steps: here their shape (types: a number is a number, a text a text),
 * answered 400 VALIDATION_FAILED; then the edit's rules against the video (ranges within it, known filters, permitted
 * tracks, limits), answered 400 EDITOR.INVALID_EDIT naming every field that is wrong (domain/edit.ts validateEdit).
 */

const NUMBER = 'must be a number';

/** A kept part of the source, in source seconds. */
export class EditClipDto {
  @ApiProperty({ minimum: 0, description: 'Seconds into the source where the part starts.' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: `start ${NUMBER}` })
  start: number;

  @ApiProperty({ minimum: 0, description: 'Seconds into the source where the part ends (after start, within the video).' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: `end ${NUMBER}` })
  end: number;
}

/** A title or caption, on the edited timeline (after cuts, transitions and speed). */
export class EditTextDto {
  @ApiProperty({ enum: TEXT_KINDS })
  @IsString({ message: EDIT_MESSAGES.textKind })
  kind: TextKind;

  @ApiProperty({ minLength: 1, maxLength: EDIT_LIMITS.textLength, description: 'The text (trimmed; no control characters).' })
  @IsString({ message: EDIT_MESSAGES.textEmpty })
  text: string;

  @ApiProperty({ minimum: 0 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: `start ${NUMBER}` })
  start: number;

  @ApiProperty({ minimum: 0 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: `end ${NUMBER}` })
  end: number;

  @ApiProperty({ enum: TEXT_POSITIONS })
  @IsString({ message: EDIT_MESSAGES.textPosition })
  position: TextPosition;
}

/** A background track: the caller's own audio track or a public one (ready), at its own volume. */
export class EditMusicDto {
  @ApiProperty({ format: 'uuid', description: 'A music track (GET /api/music/tracks?content_type=audio).' })
  @IsString({ message: EDIT_MESSAGES.musicTrack })
  track_id: string;

  @ApiProperty({ minimum: 0, maximum: 100, description: 'The track\'s level, 0 to 100 (100: as it is).' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: EDIT_MESSAGES.musicVolume })
  volume: number;
}

/** An edit: the operations on one video. */
export class EditBodyDto {
  @ApiProperty({ type: [EditClipDto], minItems: 1, maxItems: EDIT_LIMITS.clips, description: 'The kept parts of the video, in order, not overlapping; several are several cuts.' })
  @IsArray({ message: EDIT_MESSAGES.clipsRequired })
  @ValidateNested({ each: true })
  @Type(() => EditClipDto)
  clips: EditClipDto[];

  @ApiProperty({ enum: EDIT_FILTERS, nullable: true, description: 'One of the eight filters, or null for none.' })
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: EDIT_MESSAGES.filter })
  filter: EditFilter | null;

  @ApiProperty({ enum: EDIT_TRANSITIONS, nullable: true, description: 'The transition between consecutive clips, or null for plain cuts.' })
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: EDIT_MESSAGES.transition })
  transition: EditTransition | null;

  @ApiProperty({ type: [EditTextDto], maxItems: EDIT_LIMITS.texts })
  @IsArray({ message: EDIT_MESSAGES.tooManyTexts })
  @ValidateNested({ each: true })
  @Type(() => EditTextDto)
  texts: EditTextDto[];

  @ApiProperty({ minimum: 0, maximum: 100, default: DEFAULT_VOLUME, description: "The video's own sound, a whole number 0 to 100; 75 is the source's level." })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: EDIT_MESSAGES.volume })
  volume: number;

  @ApiProperty({ minimum: EDIT_LIMITS.speedMin, maximum: EDIT_LIMITS.speedMax, default: 1, description: 'Playback speed, 0.5 to 2 (the pitch is kept).' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: EDIT_MESSAGES.speed })
  speed: number;

  @ApiProperty({ type: EditMusicDto, nullable: true, description: 'A background track, or null for none.' })
  @ValidateIf((_, v) => v !== null)
  @IsObject({ message: EDIT_MESSAGES.musicTrack })
  @ValidateNested()
  @Type(() => EditMusicDto)
  music: EditMusicDto | null;
}

/** An edit as saved: the body, its version and the edited length. */
export class EditDto {
  clips: EditClipDto[];
  @ApiProperty({ enum: EDIT_FILTERS, nullable: true })
  filter: EditFilter | null;
  @ApiProperty({ enum: EDIT_TRANSITIONS, nullable: true })
  transition: EditTransition | null;
  texts: EditTextDto[];
  volume: number;
  speed: number;
  @ApiProperty({ type: EditMusicDto, nullable: true })
  music: EditMusicDto | null;
  /** The draft's version: what the next save and an export name; 0 while none is saved (the whole video unchanged). */
  version: number;
  /** When the draft was last saved; null while none is. */
  @ApiProperty({ type: String, nullable: true })
  updated_at: string | null;
  /** The edited video's length in seconds (the clips, less the transitions' overlaps, divided by the speed). */
  duration_seconds: number;
}

export class SaveDraftDto {
  /** The version the edit was read at (the draft's current one; 0 when none is saved). A save from another is refused (409). */
  @ApiProperty({ minimum: 0 })
  @IsInt({ message: 'version must be a whole number from 0' })
  @Min(0, { message: 'version must be a whole number from 0' })
  version: number;

  @ApiProperty({ type: EditBodyDto })
  @IsObject({ message: 'edit is required' })
  @ValidateNested()
  @Type(() => EditBodyDto)
  edit: EditBodyDto;
}

export class PreviewRequestDto {
  /** The edit to preview (need not be saved). */
  @ApiProperty({ type: EditBodyDto })
  @IsObject({ message: 'edit is required' })
  @ValidateNested()
  @Type(() => EditBodyDto)
  edit: EditBodyDto;

  /** Start of the range, in seconds of the edited video. */
  @ApiProperty({ minimum: 0 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: EDIT_MESSAGES.previewRange })
  from: number;

  /** End of the range (0.5 to 30 s after from, within the edited video). */
  @ApiProperty({ minimum: 0 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: EDIT_MESSAGES.previewRange })
  to: number;
}

export class FrameQueryDto {
  /** Seconds into the video (0 to its length). */
  @ApiProperty({ minimum: 0, required: true })
  @Transform(({ value }) => (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'at must be a number of seconds within the video' })
  at: number;

  /** One of the eight filters; none for the frame as it is. */
  @ApiProperty({ enum: EDIT_FILTERS, required: false })
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(EDIT_FILTERS, { message: EDIT_MESSAGES.filter })
  filter?: EditFilter;
}

export class StartExportDto {
  @ApiProperty({ enum: EXPORT_RESOLUTIONS })
  @IsIn(EXPORT_RESOLUTIONS, { message: EDIT_MESSAGES.resolution })
  resolution: ExportResolution;

  /** The saved draft's version to export (0: no draft saved, the whole video unchanged). */
  @ApiProperty({ minimum: 0 })
  @IsInt({ message: 'version must be a whole number from 0' })
  @Min(0, { message: 'version must be a whole number from 0' })
  version: number;
}

export class EditorVideoDto {
  id: string;
  title: string;
  duration_seconds: number;
  width: number;
  height: number;
  has_audio: boolean;
  @ApiProperty({ type: String, nullable: true })
  thumbnail_url: string | null;
}

export class FilmstripDto {
  /** A JPEG of `frames` frames, each `frame_width` px wide, side by side. */
  url: string;
  frames: number;
  frame_width: number;
}

export class EditorSessionDto {
  video: EditorVideoDto;
  /** The saved draft, or the whole video unchanged (version 0). */
  draft: EditDto;
  /** The export tiles this video allows (never above its own height; 720p always). */
  @ApiProperty({ enum: EXPORT_RESOLUTIONS, isArray: true })
  allowed_resolutions: ExportResolution[];
  filmstrip: FilmstripDto;
  /** About 200 values 0 to 100 of the video's sound (its waveform); null when it has no sound. */
  @ApiProperty({ type: [Number], nullable: true })
  peaks: number[] | null;
}

export class EditExportDto {
  id: string;
  video_id: string;
  @ApiProperty({ enum: EXPORT_RESOLUTIONS })
  resolution: ExportResolution;
  /** The output's height in pixels (the source's when it is under 720p). */
  height: number;
  @ApiProperty({ enum: EXPORT_STATUSES })
  status: ExportStatus;
  /** 0 to 100. */
  progress: number;
  /** The new video, once done. */
  @ApiProperty({ type: String, nullable: true })
  result_video_id: string | null;
  /** Why it failed (for its owner). */
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
  created_at: string;
  updated_at: string;
}

export class EditExportListDto {
  /** Newest first, at most 20. */
  exports: EditExportDto[];
}
