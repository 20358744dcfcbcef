/**
 * A test image as a PNG Blob: `colours` as vertical stripes of equal width across `size`
 * (one colour: a solid image), so the scene tests can tell plan versions and halves apart on
 * the canvas.
 */
export async function stripesPng(size: { width: number; height: number }, colours: readonly string[]): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const stripe = size.width / colours.length;
  colours.forEach((colour, i) => {
    context.fillStyle = colour;
    context.fillRect(i * stripe, 0, stripe, size.height);
  });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'));
}
