import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import {
  CancelUploadUseCase,
  CompleteUploadUseCase,
  InitUploadUseCase,
  ReceiveChunkUseCase,
  SessionGate,
  UploadSessions,
  UploadSweeper,
} from './application/chunked-upload.use-cases.js';
import { CHUNK_STORE, SESSION_REPOSITORY, UPLOAD_UNIT_OF_WORK } from './domain/ports.js';
import { UploadController } from './http/upload.controller.js';
import { DiskChunkStore } from './infrastructure/disk-chunk-store.js';
import { MikroSessionRepository } from './infrastructure/mikro-session.repository.js';
import { UploadUnitOfWork } from './infrastructure/upload-unit-of-work.js';

@Module({
  imports: [CatalogModule, IdentityModule],
  controllers: [UploadController],
  providers: [
    { provide: SESSION_REPOSITORY, useClass: MikroSessionRepository },
    { provide: CHUNK_STORE, useClass: DiskChunkStore },
    { provide: UPLOAD_UNIT_OF_WORK, useClass: UploadUnitOfWork },
    UploadSessions,
    SessionGate,
    InitUploadUseCase,
    ReceiveChunkUseCase,
    CompleteUploadUseCase,
    CancelUploadUseCase,
    UploadSweeper,
  ],
})
export class UploadModule {}
