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
  parserPacket: { header: { stream_id: number } };
}

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

  accept(): void {
    this.sendStatusMessage(this.streamId, 'status', 'NetStream.Publish.Start', 'Publishing.');
  }

  refuse(): void {
    this.sendStatusMessage(this.streamId, 'error', 'NetStream.Publish.BadName', 'Unknown stream key, or no live stream started with it.');
  }
}

export const flvHeader = (): Buffer => Flv.createHeader(true, true);
export const flvTag = (pkt: AvPacket): Buffer => Flv.createMessage(pkt);
