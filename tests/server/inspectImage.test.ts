import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError, IMAGE_REJECTION_STATUS } from '../../server/images/imageRejectedError';
import type { ImageRejectionReason } from '../../server/images/imageRejectedError';
import { imageResponseHeaders } from '../../server/images/imageResponseHeaders';
import { inspectImage } from '../../server/images/inspectImage';

const PLANS = path.resolve(__dirname, '../../../shared/data/floorplans');
const LIMIT = { maxPixels: 200_000_000 };

function plan(name: string): Promise<Buffer> {
  return readFile(path.join(PLANS, name));
}

/** Runs inspectImage and returns the rejection it must produce. */
async function rejection(data: Buffer | string): Promise<ImageRejectedError> {
  const error: unknown = await inspectImage(Buffer.isBuffer(data) ? data : Buffer.from(data), LIMIT).then(
    (info) => new Error(`accepted: ${JSON.stringify(info)}`),
    (e: unknown) => e,
  );
  if (!(error instanceof ImageRejectedError)) throw error;
  return error;
}

async function expectRejected(data: Buffer | string, reason: ImageRejectionReason): Promise<ImageRejectedError> {
  const error = await rejection(data);
  expect(error.reason).toBe(reason);
  expect(error.status).toBe(IMAGE_REJECTION_STATUS[reason]);
  expect(error.detail.length).toBeGreaterThan(10);
  return error;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG (under 100 bytes) whose IHDR claims `width` × `height` grey pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), compression, filter, interlace all 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const svg = (body: string, attributes = 'width="800" height="600"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${body}</svg>`;

describe('inspectImage on the real floor plans', () => {
  it.each(['centralesupelec_breguet_L0_rdc.png', 'centralesupelec_breguet_L1.png', 'centralesupelec_breguet_L2.png', 'centralesupelec_breguet_L3.png', 'centralesupelec_breguet_L4.png'])(
    'accepts the 62-megapixel plan %s quickly, without decoding it',
    async (name) => {
      const data = await plan(name);
      const started = performance.now();
      const info = await inspectImage(data, LIMIT);
      const elapsedMs = performance.now() - started;
      expect(info).toEqual({ contentType: 'image/png', extension: 'png', width: 9355, height: 6623, size: data.length });
      // A full decode of 248 MB of pixels takes seconds; reading the header takes a few ms.
      expect(elapsedMs).toBeLessThan(250);
    },
  );

  it.each([
    ['netjsongraph_floorplan.png', 2560, 1600],
    ['ilc20_site1_B1.png', 800, 579],
    ['ilc20_site1_F1.png', undefined, undefined],
    ['ilc20_site1_F2.png', undefined, undefined],
    ['ilc20_site1_F3.png', undefined, undefined],
    ['ilc20_site1_F4.png', undefined, undefined],
  ])('accepts %s as a PNG with its pixel size', async (name, width, height) => {
    const data = await plan(name);
    const info = await inspectImage(data, LIMIT);
    const real = await sharp(data).metadata();
    expect(info).toEqual({ contentType: 'image/png', extension: 'png', width: real.width, height: real.height, size: data.length });
    if (width !== undefined) expect([info.width, info.height]).toEqual([width, height]);
  });

  it('accepts the Inkscape SVG, scaled so its long side is 1024 px with its aspect ratio kept', async () => {
    const data = await plan('ha-floorplan_home.svg');
    const info = await inspectImage(data, LIMIT);
    expect(info).toMatchObject({ contentType: 'image/svg+xml', extension: 'svg', size: data.length });
    expect(info.width).toBe(1024);
    expect(info.height / info.width).toBeCloseTo(242.33167 / 268.6561, 2);
  });

  it('rejects the PDF plan as an unsupported type', async () => {
    const error = await expectRejected(await plan('centralesupelec_rennes_n2.pdf'), 'unsupported-type');
    expect(error.detail).toBe('PDF files are not supported. Upload a PNG, JPEG, WebP or SVG image.');
    expect(error.status).toBe(415);
  });
});

describe('inspectImage on made images', () => {
  it('accepts a JPEG and a WebP by content, reporting the displayed (EXIF-rotated) size', async () => {
    const base = sharp({ create: { width: 640, height: 480, channels: 3, background: '#8ab' } });
    const jpeg = await base.clone().jpeg().toBuffer();
    const rotated = await base.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const webp = await base.clone().webp().toBuffer();
    expect(await inspectImage(jpeg, LIMIT)).toEqual({ contentType: 'image/jpeg', extension: 'jpg', width: 640, height: 480, size: jpeg.length });
    expect(await inspectImage(rotated, LIMIT)).toMatchObject({ width: 480, height: 640 });
    expect(await inspectImage(webp, LIMIT)).toEqual({ contentType: 'image/webp', extension: 'webp', width: 640, height: 480, size: webp.length });
  });

  it('keeps a large SVG at its own size and scales a tiny one without distorting it', async () => {
    expect(await inspectImage(Buffer.from(svg('<rect width="10" height="10"/>', 'width="2400" height="1600"')), LIMIT)).toMatchObject({ width: 2400, height: 1600 });
    const tiny = await inspectImage(Buffer.from(svg('<rect width="1" height="1"/>', 'viewBox="0 0 1.5 0.8"')), LIMIT);
    expect(Math.max(tiny.width, tiny.height)).toBeGreaterThanOrEqual(1023);
    expect(tiny.width / tiny.height).toBeCloseTo(1.5 / 0.8, 2);
  });

  it('accepts an SVG with BOM, XML declaration, comments, DOCTYPE, styles and safe links', async () => {
    const text =
      '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- plan -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      svg('<style><![CDATA[ .wall { stroke: #000 } ]]></style><defs><linearGradient id="g"/></defs>' +
        '<rect class="wall" style="fill:url(#g)" width="10" height="10"/><use xlink:href="#g"/>' +
        '<a href="https://example.com/rooms?a=1&amp;b=2"><text>Room &lt;A&gt; &#x2014; &#169;</text></a>');
    expect(await inspectImage(Buffer.from(text), LIMIT)).toMatchObject({ contentType: 'image/svg+xml', width: 1024, height: 768 });
  });
});

describe('inspectImage rejections', () => {
  it('rejects an empty file with 400', async () => {
    const error = await expectRejected(Buffer.alloc(0), 'empty');
    expect(error.status).toBe(400);
  });

  it('rejects text whatever its name, and markup that is not SVG, as not an image (415)', async () => {
    await expectRejected('This is a text file that someone named plan.png\n', 'not-an-image');
    await expectRejected('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>', 'not-an-image');
    await expectRejected('<?xml version="1.0"?><note><to>Facilities</to></note>', 'not-an-image');
    await expectRejected(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07]), 'not-an-image');
    await expectRejected(Buffer.concat([Buffer.from('<html><body>caf'), Buffer.from([0xe9]), Buffer.from('</body></html>')]), 'not-an-image');
    expect((await rejection('hello')).status).toBe(415);
  });

  it('rejects GIF (and other known formats) as unsupported', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await expectRejected(gif, 'unsupported-type')).detail).toBe('GIF files are not supported. Upload a PNG, JPEG, WebP or SVG image.');
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).tiff().toBuffer();
    await expectRejected(tiff, 'unsupported-type');
  });

  it('rejects a tiny PNG that claims 30000 × 30000 pixels (decompression bomb) with 422', async () => {
    const bomb = pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100);
    const error = await expectRejected(bomb, 'too-many-pixels');
    expect(error.detail).toBe('The image is 30000 × 30000 pixels (900 megapixels); the limit is 200 megapixels.');
    expect(error.status).toBe(422);
    // The same trick just under the limit is not refused for its size.
    expect(await inspectImage(pngClaiming(10_000, 10_000), LIMIT)).toMatchObject({ width: 10_000, height: 10_000 });
  });

  it('applies the limit it is given to the real plans too', async () => {
    const data = await plan('centralesupelec_breguet_L0_rdc.png');
    const error = await inspectImage(data, { maxPixels: 50_000_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe('too-many-pixels');
  });

  it('rejects an SVG declaring an absurd size', async () => {
    await expectRejected(svg('<rect width="1" height="1"/>', 'width="100000" height="100000"'), 'too-many-pixels');
  });

  it('rejects truncated and mislabelled raster data as corrupt (422)', async () => {
    const png = await plan('ilc20_site1_B1.png');
    await expectRejected(png.subarray(0, 20), 'corrupt');
    await expectRejected(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not really a jpeg')]), 'corrupt');
    await expectRejected(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 garbage'), 'corrupt');
    expect((await rejection(png.subarray(0, 20))).status).toBe(422);
  });

  it('rejects a broken SVG as corrupt', async () => {
    await expectRejected('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></svg>', 'corrupt');
    await expectRejected('<svg xmlns="http://www.w3.org/2000/svg"><rect width=1 /></svg>', 'corrupt');
    await expectRejected('<svg xmlns="http://www.w3.org/2000/svg"><text>&nbsp;</text></svg>', 'corrupt');
    await expectRejected('<svg xmlns="http://www.w3.org/2000/svg"><rect', 'corrupt');
  });

  const unsafeSvgs: Array<[string, string]> = [
    ['a script element', svg('<script>alert(1)</script>')],
    ['a namespaced script element', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
    ['an upper-case SCRIPT element', svg('<SCRIPT>alert(1)</SCRIPT>')],
    ['an onload attribute on the root', svg('<rect width="1" height="1"/>', 'width="10" height="10" onload="alert(1)"')],
    ['an ONCLICK attribute', svg('<rect ONCLICK="alert(1)" width="1" height="1"/>')],
    ['a namespaced event attribute', svg('<rect ev:onclick="alert(1)" xmlns:ev="http://www.w3.org/2001/xml-events"/>')],
    ['a javascript: href', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['a javascript: xlink:href with entities and whitespace', svg('<a xlink:href=" &#x6A;ava&#9;script&#58;alert(1)"><text>x</text></a>')],
    ['a data:text/html link', svg('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')],
    ['a SMIL animation setting a javascript: href', svg('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>')],
    ['a SMIL animation setting an event handler', svg('<rect><set attributeName="onmouseover" to="alert(1)"/></rect>')],
    ['a foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>')],
    ['an iframe', svg('<iframe src="https://example.com"/>')],
    ['an embed', svg('<embed src="x.swf"/>')],
    ['an object', svg('<object data="x.html"/>')],
    ['an entity declaration (billion laughs)', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' + svg('<text>&b;</text>')],
    ['an external entity (XXE)', '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' + svg('<text>&xxe;</text>')],
    ['a javascript: URL in a style sheet with CSS escapes', svg('<style>rect { fill: url(j\\61vascript:alert(1)) }</style>')],
    ['a javascript: URL in a style attribute', svg('<rect style="background:url(&quot;javascript:alert(1)&quot;)"/>')],
    ['an XSLT style sheet instruction', '<?xml-stylesheet type="text/xsl" href="evil.xsl"?>' + svg('')],
  ];

  it.each(unsafeSvgs)('rejects an SVG with %s as unsafe (422)', async (_what, text) => {
    const error = await expectRejected(text, 'unsafe-svg');
    expect(error.detail).toMatch(/^The SVG contains .+, which is not allowed in a floor plan image\.$/);
    expect(error.status).toBe(422);
  });

  it('rejects an SVG declared in another encoding than UTF-8', async () => {
    await expectRejected('<?xml version="1.0" encoding="ISO-2022-JP"?>' + svg(''), 'unsupported-type');
    await expectRejected(Buffer.concat([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><text>'), Buffer.from([0xe9]), Buffer.from('</text></svg>')]), 'unsupported-type');
  });
});

describe('imageResponseHeaders', () => {
  it('serves an SVG as an image only: its type, nosniff, a sandboxing CSP, inline disposition', () => {
    expect(imageResponseHeaders('image/svg+xml', 'plan-1.svg')).toEqual({
      'Content-Type': 'image/svg+xml',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      'Content-Disposition': 'inline; filename="plan-1.svg"',
    });
  });

  it('keeps quotes, line breaks and non-ASCII out of the quoted file name', () => {
    const headers = imageResponseHeaders('image/png', 'Étage "1"\r\nX-Evil: 1.png');
    expect(headers['Content-Disposition']).toBe(
      `inline; filename="Etage _1___X-Evil: 1.png"; filename*=UTF-8''%C3%89tage%20%221%22%0D%0AX-Evil%3A%201.png`,
    );
    expect(headers['Content-Disposition']).not.toMatch(/[\r\n]/);
  });
});
