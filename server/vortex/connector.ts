/** Status of a VORTEX device, as the spec shows it (SPEC.md section 1). */
export type VortexDeviceStatus = 'online' | 'offline' | 'error';

/** A device as VORTEX lists it. */
export interface VortexDevice {
  /** VORTEX's own device id (MAC based on VIVOTEK cameras). */
  deviceId: string;
  name: string;
  /** CAMERA, NVR_CAMERA or another VORTEX type; only cameras give snapshots (SPEC.md section 4). */
  type: string;
  status: VortexDeviceStatus;
  /** Upper case, colon separated, or null when VORTEX does not know it. */
  mac: string | null;
}

/** An image VORTEX served. */
export interface VortexSnapshot {
  data: Buffer;
  /** `image/jpeg`, `image/png` or `image/webp`, read from the bytes. */
  contentType: string;
}

/**
 * Floorwatch's one boundary to VORTEX. Every method either resolves or rejects with a
 * {@link VortexConnectorError}. The HTTP contract an implementation speaks is in
 * server/vortex/README.md.
 */
export interface VortexConnector {
  /** Checks that VORTEX answers and accepts the API key. */
  testConnection(): Promise<{ ok: true; version?: string }>;
  /** Every device VORTEX knows for this account. */
  listDevices(): Promise<VortexDevice[]>;
  /**
   * A camera's image: live, or at `atSeconds` (Unix seconds, UTC) for an event's snapshot.
   * Rejects with kind `not-found` when VORTEX has no such device or image.
   */
  getSnapshot(deviceId: string, atSeconds?: number): Promise<VortexSnapshot>;
}

/**
 * Why a call to VORTEX failed: `unreachable` (network error or no answer in time),
 * `unauthorized` (API key refused), `not-found` (no such device or image, or no VORTEX
 * API at the base URL), `bad-response` (an answer outside the contract).
 */
export type VortexConnectorErrorKind = 'unreachable' | 'unauthorized' | 'not-found' | 'bad-response';

/**
 * A failed call to VORTEX. `message` is safe to show to the user (it never holds the
 * API key); `upstreamStatus` is VORTEX's HTTP status when there was one.
 */
export class VortexConnectorError extends Error {
  readonly upstreamStatus: number | undefined;

  constructor(
    readonly kind: VortexConnectorErrorKind,
    message: string,
    options: { upstreamStatus?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'VortexConnectorError';
    this.upstreamStatus = options.upstreamStatus;
  }
}

/** Where and how to reach one organization's VORTEX: its saved base URL and API key, in clear. */
export interface VortexConnectorSettings {
  baseUrl: string;
  apiKey: string;
}

/**
 * Makes the connector for a saved connection. The app uses {@link HttpVortexConnector}
 * (see `httpVortexConnectorFactory`); tests pass fakes through `AppOptions`.
 */
export type VortexConnectorFactory = (settings: VortexConnectorSettings) => VortexConnector;
