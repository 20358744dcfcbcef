import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { floorPlans } from '../../../server/db/schema';
import type { Building, Floor, FloorPlanFile } from '../../../src/api/types';
import { multipart, withHeaders } from './multipart';

type Headers = { authorization: string };

/** The real floor plans shared by the team (see its SOURCES.md); never copied into the repo. */
export const PLANS_DIR = path.resolve(__dirname, '../../../../shared/data/floorplans');

/** Reads one of the shared real floor plans by file name. */
export function readPlan(name: string): Promise<Buffer> {
  return readFile(path.join(PLANS_DIR, name));
}

/** A small real PNG plan (2560 × 1600, 166 KB) for tests that only need some valid image. */
export const SMALL_PLAN = 'netjsongraph_floorplan.png';

/** Creates a building through the API and returns it (asserts 201). */
export async function createBuilding(app: FastifyInstance, headers: Headers, body: Record<string, unknown> = {}): Promise<Building> {
  const response = await app.inject({ method: 'POST', url: '/v1/buildings', headers, payload: { name: 'HQ', ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Building>();
}

/** Creates a floor (JSON, no plan) in a building and returns it (asserts 201). */
export async function createFloor(app: FastifyInstance, headers: Headers, buildingId: string, body: Record<string, unknown> = {}): Promise<Floor> {
  const response = await app.inject({ method: 'POST', url: '/v1/floors', headers, payload: { name: 'Ground', level: 0, building_id: buildingId, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Floor>();
}

/** Uploads bytes as the floor's plan (multipart field floor_plan) and returns the raw response. */
export async function uploadPlan(
  app: FastifyInstance,
  headers: Headers,
  floorId: string,
  data: Buffer | string,
  filename = 'plan.png',
  route: 'plan-image' | 'floor-plans' = 'plan-image',
) {
  const body = await multipart({}, { floor_plan: { data, filename, contentType: 'image/png' } });
  return app.inject({ method: 'POST', url: `/v1/floors/${floorId}/${route}`, ...withHeaders(body, headers) });
}

/** Uploads a real plan and returns its metadata (asserts 201). */
export async function uploadRealPlan(app: FastifyInstance, headers: Headers, floorId: string, name = SMALL_PLAN): Promise<FloorPlanFile> {
  const response = await uploadPlan(app, headers, floorId, await readPlan(name), name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FloorPlanFile>();
}

/** Places a device on a floor through the API (asserts 201). */
export async function placeDevice(
  app: FastifyInstance,
  headers: Headers,
  floorId: string,
  deviceId: string,
  at: { x_percent: number; y_percent: number } = { x_percent: 25, y_percent: 75 },
) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/floors/${floorId}/devices`,
    headers,
    payload: { device_id: deviceId, device_name: `Camera ${deviceId}`, device_type: 'CAMERA', ...at },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Every file below `dir`, as paths relative to it (empty when the folder does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

/** Files stored for one organization (below `DATA_DIR/files/orgs/{organizationId}`). */
export function organizationFiles(dataDir: string, organizationId: string): Promise<string[]> {
  return filesUnder(path.join(dataDir, 'files', 'orgs', organizationId));
}

/** floor_plans rows of a floor, read straight from the database. */
export function planRows(app: FastifyInstance, floorId: string) {
  return app.db.select().from(floorPlans).where(eq(floorPlans.floorId, floorId));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny valid-looking PNG (under 100 bytes) whose IHDR, with a correct CRC, claims `width` × `height` grey pixels. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth 8; colour type 0 (grey), compression, filter and interlace 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1 × 1 GIF89a. */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** Width and height a PNG's IHDR declares (bytes 16–23), read without decoding. */
export function pngSize(data: Buffer): { width: number; height: number } {
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
