/**
 * The optional map tile server (issue 5 "Screens": the maps' base layer works offline from
 * Natural Earth outlines; a tile server may be added by configuration). Pure: no Fastify.
 */

/** A raster tile server the browser's maps draw under the country outlines. */
export interface MapTilesConfig {
  /** Leaflet URL template with `{z}`, `{x}`, `{y}` and optionally `{s}` (subdomains a, b, c) and `{r}`. */
  url: string;
  /** Credit shown in the map's corner (most tile services require one). */
  attribution: string;
  /** What the page's Content-Security-Policy `img-src` must allow for the tiles, e.g. `https://*.tile.example.org`. */
  cspSource: string;
}

type Env = Record<string, string | undefined>;

const PLACEHOLDER = /\{[a-z]+\}/g;

/**
 * Reads `MAP_TILE_URL` (a Leaflet tile URL template such as
 * `https://tile.openstreetmap.org/{z}/{x}/{y}.png`) and `MAP_TILE_ATTRIBUTION`.
 * Returns undefined when `MAP_TILE_URL` is unset; pushes a message to `problems` when it
 * is not an absolute http(s) template holding `{z}`, `{x}` and `{y}`.
 */
export function readMapTiles(env: Env, problems: string[]): MapTilesConfig | undefined {
  const url = env.MAP_TILE_URL?.trim();
  if (!url) return undefined;
  const example = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !url.includes(part));
  if (missing.length > 0) {
    problems.push(`MAP_TILE_URL must hold ${missing.join(', ')} (a tile URL template such as ${example}), got "${url}"`);
    return undefined;
  }
  let parsed: URL;
  try {
    // Placeholders are replaced so the template parses as a URL (`{s}` may be in the host).
    parsed = new URL(url.replace(PLACEHOLDER, 'a'));
  } catch {
    problems.push(`MAP_TILE_URL must be an absolute http(s) URL template such as ${example}, got "${url}"`);
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    problems.push(`MAP_TILE_URL must use http:// or https://, got "${url}"`);
    return undefined;
  }
  const host = url.slice(url.indexOf('//') + 2).split('/')[0] ?? '';
  const cspHost = host.replace(/\{s\}/g, '*').replace(PLACEHOLDER, '*').replace(/^[^.]*\*[^.]*\./, '*.');
  return { url, attribution: env.MAP_TILE_ATTRIBUTION?.trim() ?? '', cspSource: `${parsed.protocol}//${cspHost}` };
}
