import { join } from 'node:path';

/** Where a stream's LL-HLS files and recording parts live while it is open: DATA_DIR/live/<stream id>/. */
export const liveRoot = (dataDir: string) => join(dataDir, 'live');
export const liveDir = (dataDir: string, streamId: string) => join(liveRoot(dataDir), streamId.toLowerCase());
