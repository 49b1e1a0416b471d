import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageOut } from '../../shared/schemas/common';
import { uploadOut } from '../../shared/schemas/information';
import { readSessionToken } from '../accounts/session-cookies';
import {
  deleteUpload,
  MAX_UPLOAD_BYTES,
  mayView,
  storeUpload,
  uploadAudience,
} from '../catalogue/pictures';
import { assertPhotoAllowance } from '../catalogue/private-photos';
import { resolveUser, type Services } from '../context';
import { durable } from '../platform/db';
import { AppError, restError } from '../platform/errors';
import { type Scope, scopeAll, scopeOfCustomer, scopeOfDriver } from '../platform/scope';
import { type Role, roleOf, STAFF } from '../trpc';
import { sessionFor } from './session';

// `POST /api/upload` (multipart, field `image`; `?purpose=proof` also lets drivers send the
// photo that proves a delivery) and `DELETE /api/delete/{filename}`: plain
// Fastify routes beside the REST adapter (a file is no JSON input), guarded by the same
// session and the same staff rule as the procedures. The same-origin check of every change
// (server/doors/security.ts) applies to them too. Their answers are parsed with the schemas the
// API description shows (server/doors/openapi.ts), as a procedure's output is.

/**
 * Staff always; a driver only when `also` lets drivers in (the proof-of-delivery photo,
 * `POST /api/upload?purpose=proof`). Deleting stays staff-only.
 */
function staffOnly(
  services: Services,
  req: FastifyRequest,
  also: { driver?: boolean; customer?: boolean } = {},
): { accountId: string; role: Role } {
  const roles: Role[] = [...STAFF];
  if (also.driver) roles.push('driver');
  if (also.customer) roles.push('customer');
  const { user, role } = sessionFor(services, req, roles);
  return { accountId: user.account.id, role };
}

function fail(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const { status, body } = restError(err);
  if (status >= 500) req.log.error({ err }, 'upload failed');
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

export async function uploadsPlugin(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(multipart, {
    // One file, at most 5 MB (+1 byte so that "too large" can be told from "exactly 5 MB").
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, parts: 6 },
  });

  app.post<{ Querystring: { purpose?: string } }>('/api/upload', async (req, reply) => {
    try {
      // A driver may upload only the photo that proves a delivery.
      // ... and a customer only the photo of a goods claim (ADR 033).
      const { accountId, role } = staffOnly(services, req, {
        driver: req.query.purpose === 'proof',
        customer: req.query.purpose === 'claim',
      });
      // A restaurant's and a driver's photos are bounded per day (ADR 058); the office's not.
      if (role === 'customer' || role === 'driver') {
        assertPhotoAllowance(services.db, accountId, role);
      }
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'upload.noFile');
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file' && part.fieldname === 'image' && !bytes) {
            bytes = await part.toBuffer();
            if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'upload.tooLarge');
          } else if (part.type === 'file') {
            part.file.resume();
          }
        }
      } catch (err) {
        // A body cut off or malformed ("Unexpected end of form") is the sender's: 400.
        const code = (err as { code?: string }).code;
        if (err instanceof AppError || code === 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw new AppError('BAD_REQUEST', 'upload.incomplete');
      }
      if (!bytes) throw new AppError('BAD_REQUEST', 'upload.noFile');
      const result = await storeUpload(services.db, services.config.uploadsDir, accountId, bytes);
      // Not a procedure, so the tRPC middleware does not wait here: answered once on disk.
      await durable(services.db);
      return reply.code(201).header('cache-control', 'no-store').send(uploadOut.parse(result));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        return fail(req, reply, new AppError('PAYLOAD_TOO_LARGE', 'upload.tooLarge'));
      }
      if (typeof code === 'string' && code.startsWith('FST_')) {
        return fail(req, reply, new AppError('BAD_REQUEST', 'upload.noFile'));
      }
      return fail(req, reply, err);
    }
  });

  app.delete<{ Params: { filename: string } }>('/api/delete/:filename', async (req, reply) => {
    try {
      staffOnly(services, req);
      const result = deleteUpload(services.db, services.config.uploadsDir, req.params.filename);
      await durable(services.db);
      return reply.header('cache-control', 'no-store').send(messageOut.parse(result));
    } catch (err) {
      return fail(req, reply, err);
    }
  });
}

/** How long a browser may keep a private photo without asking again (never a shared cache). */
export const PRIVATE_PHOTO_CACHE = 'private, max-age=3600';

/** The caller's reach, as the procedure builders hand it to services (server/trpc.ts). */
function scopeOfRequest(services: Services, req: FastifyRequest): Scope | null {
  const { user } = resolveUser(services.db, readSessionToken(req));
  const role = roleOf(user);
  if (STAFF.includes(role)) return scopeAll;
  if (role === 'customer' && user?.customer) return scopeOfCustomer(user.customer.id);
  if (role === 'driver' && user) return scopeOfDriver(user.account.id);
  return null;
}

/**
 * `GET /uploads/<name>`: the uploaded files, by @fastify/static. Pictures staff uploaded
 * (the catalogue's, the slider's, staff photos) are public and cached for good: their random
 * names are never reused. A photo a driver or a restaurant sent (proof of delivery, goods
 * claim) answers only to staff and to the driver or restaurant it belongs to, with a private
 * cache header; to anyone else, signed in or not, it does not exist (404, as another account's
 * data answers). docs/decisions/051.
 */
export async function uploadedFilesPlugin(app: FastifyInstance, services: Services): Promise<void> {
  const { db, config } = services;
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
    // The path the plugin is about to serve (decoded and normalised by it, so no spelling of
    // the URL gets around this): false answers as a missing file, through the 404 handler.
    allowedPath(pathName, _root, req) {
      // Uploads are stored flat: a deeper path names no upload (and no file).
      const audience = uploadAudience(db, pathName.replace(/^\//, ''));
      // A public picture needs no session: the catalogue's are fetched before sign-in.
      return !audience.private || mayView(audience, scopeOfRequest(services, req));
    },
    // Called with the file being sent, after the plugin's own headers: a private photo is
    // kept by the browser only, for a while, and only for the session that asked.
    setHeaders(reply, filePath) {
      if (uploadAudience(db, path.basename(filePath)).private) {
        reply.header('cache-control', PRIVATE_PHOTO_CACHE);
        reply.header('vary', 'cookie, authorization');
      }
    },
  });
}
