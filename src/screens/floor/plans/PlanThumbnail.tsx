import { useEffect, useState } from 'react';
import { Box } from '@radix-ui/themes';
import { ImageIcon } from '@radix-ui/react-icons';
import { fetchFloorPlanImage } from '../../../api/floors';

const BOX = { width: 72, height: 48 };

/**
 * A small picture of a plan file: its display version (never the full original),
 * fetched with the bearer header. A placeholder icon while loading or when it fails;
 * a thumbnail is not worth an error message.
 */
export function PlanThumbnail({ url, alt }: { url: string; alt: string }) {
  const [loaded, setLoaded] = useState<{ url: string; objectUrl: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFloorPlanImage(url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ url, objectUrl });
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  const src = loaded?.url === url ? loaded.objectUrl : null;
  return (
    <Box
      flexShrink="0"
      style={{ ...BOX, borderRadius: 'var(--radius-2)', background: 'var(--gray-3)', overflow: 'hidden', display: 'grid', placeItems: 'center' }}
    >
      {src ? <img src={src} alt={alt} style={{ ...BOX, objectFit: 'contain', background: '#fff' }} /> : <ImageIcon aria-hidden color="var(--gray-9)" />}
    </Box>
  );
}
