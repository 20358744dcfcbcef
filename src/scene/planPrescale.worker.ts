/**
 * Decodes a plan image and scales it to a given size, in a worker (see `prescalePlan`):
 * the floor page's first plan draw no longer decodes and downscales a 4096 px image on
 * the main thread (issue 5). Message in: `{ blob, width, height }`; out: the `ImageBitmap`
 * (transferred), or null when the image could not be decoded.
 */
interface PrescaleRequest {
  readonly blob: Blob;
  readonly width: number;
  readonly height: number;
}

// The project's TypeScript lib is the DOM's; a dedicated worker's scope is typed here alone.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PrescaleRequest>) => void) | null;
  postMessage(message: ImageBitmap | null, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { blob, width, height } = event.data;
  createImageBitmap(blob, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' }).then(
    (bitmap) => scope.postMessage(bitmap, [bitmap]),
    () => scope.postMessage(null),
  );
};
