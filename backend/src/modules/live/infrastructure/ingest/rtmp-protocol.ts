import { createRequire } from 'node:module';

/**
 * node-media-server@4.4.3's RTMP and FLV protocol code (Apache-2.0), and only that: its server (a global context,
 * forced logging, a JSON store, process.exit on a taken port) is not used. Its logger is silenced: nothing it would
 * print (commands, stream names: the stream key) reaches the logs.
 */

const require = createRequire(import.meta.url);

export interface AvPacket {
  codec_id: number;
  /** 8 audio, 9 video, 18 script data */
  codec_type: number;
  /** video: 0 key frame, 1 inter frame, 2 sequence header, 5 metadata; audio: 0 frame, 1 sequence header */
  flags: number;
  dts: number;
  pts: number;
  size: number;
  data: Buffer;
}

interface RtmpParser {
  onConnectCallback: (req: { app: string; name: string }) => void;
  onPlayCallback: () => void;
  onPushCallback: () => void;
  onPacketCallback: (pkt: AvPacket) => void;
  onOutputCallback: (buf: Buffer) => void;
  parserData(buf: Buffer): string | null;
  sendStatusMessage(sid: number, level: string, code: string, description: string): void;
  streamApp?: string;
  streamName?: string;
  streamId: number;
  parserPacket: { header: { stream_id: number; type: number; length: number }; payload: Buffer };
  inPackets: Map<number, unknown>;
  packetParse(): void;
  packetAlloc(): void;
  controlHandler(): void;
}

/** Commands and data messages (AMF, decoded whole by the library) larger than this close the connection. */
export const MAX_COMMAND_BYTES = 64 * 1024;
/** Any message (a video frame included) larger than this closes the connection. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** More chunk streams than this (a publisher uses about five) close the connection. */
export const MAX_CHUNK_STREAMS = 8;
/** The largest chunk size a peer may set (the protocol allows 2^31 - 1; no encoder goes near this). */
export const MAX_CHUNK_SIZE = 1024 * 1024;

/** RTMP message types that are not audio, video or protocol control: AMF commands, data and shared objects. */
const AMF_TYPES = new Set([15, 16, 17, 18, 19, 20, 22]);

/** A peer broke one of the session's limits: the owner closes the connection. */
export class RtmpLimitError extends Error {}

const logger = require('node-media-server/src/core/logger.js') as { log: (...a: unknown[]) => void };
logger.log = () => undefined;
const RtmpBase = require('node-media-server/src/protocol/rtmp.js') as new () => RtmpParser;
const Flv = require('node-media-server/src/protocol/flv.js') as { createHeader(audio: boolean, video: boolean): Buffer; createMessage(pkt: AvPacket): Buffer };

/**
 * The library's RTMP session, with `publish` answered only once the key is judged: `onPublishRequest` gets the app
 * and stream name, and the owner calls accept() (NetStream.Publish.Start) or refuse() (NetStream.Publish.BadName).
 * The library answers Publish.Start before its callback runs; this one does not. RTMP playback is refused.
 */
export class GatedRtmpSession extends RtmpBase {
  onPublishRequest: (app: string, name: string) => void = () => undefined;
  onPlayRequest: () => void = () => undefined;

  onPublish(invoke: { streamName?: unknown }): void {
    this.streamName = String(invoke.streamName ?? '').split('?')[0];
    this.streamId = this.parserPacket.header.stream_id;
    this.onPublishRequest(String(this.streamApp ?? ''), this.streamName);
  }

  onPlay(): void {
    this.onPlayRequest();
  }

  /** A chunk header was read: a new chunk stream id counts against the limit (each keeps its own payload buffer). */
  packetParse(): void {
    super.packetParse();
    if (this.inPackets.size > MAX_CHUNK_STREAMS) throw new RtmpLimitError('too many chunk streams');
  }

  /** A message starts: its declared length is judged before its payload buffer is allocated. */
  packetAlloc(): void {
    const { type, length } = this.parserPacket.header;
    if (length > MAX_MESSAGE_BYTES) throw new RtmpLimitError('message too large');
    if (AMF_TYPES.has(type) && length > MAX_COMMAND_BYTES) throw new RtmpLimitError('command or data message too large');
    super.packetAlloc();
  }

  controlHandler(): void {
    const { type, length } = this.parserPacket.header;
    if (type === 1) {
      const size = length >= 4 ? this.parserPacket.payload.readUInt32BE(0) : 0;
      if (size < 1 || size > MAX_CHUNK_SIZE) throw new RtmpLimitError('bad chunk size');
    }
    super.controlHandler();
  }

  accept(): void {
    this.sendStatusMessage(this.streamId, 'status', 'NetStream.Publish.Start', 'Publishing.');
  }

  refuse(): void {
    this.sendStatusMessage(this.streamId, 'error', 'NetStream.Publish.BadName', 'Unknown stream key, or no live stream started with it.');
  }
}

export const flvHeader = (): Buffer => Flv.createHeader(true, true);
export const flvTag = (pkt: AvPacket): Buffer => Flv.createMessage(pkt);
