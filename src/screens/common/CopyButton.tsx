import { useEffect, useState } from 'react';
import { Button, Text } from '@radix-ui/themes';
import { CheckIcon, CopyIcon } from '@radix-ui/react-icons';
import { logger } from '../../lib/logger';

/** How long "Copied" shows after a copy, ms. */
const COPIED_MS = 2_000;

/**
 * Copies `text` to the clipboard (`navigator.clipboard.writeText`), then says "Copied"
 * for 2 s. Where the browser refuses (no permission, not a secure context) it says so
 * inline, so the user selects the text by hand.
 * @param label the accessible name, e.g. "Copy webhook URL"
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch (error) {
      logger.error(`${label} failed`, error);
      setState('failed');
    }
  };

  return (
    <>
      <Button type="button" variant="soft" color="gray" size="1" aria-label={label} onClick={() => void copy()}>
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      {state === 'failed' && (
        <Text size="1" color="red" role="alert">
          Copy failed: select the text and copy it yourself.
        </Text>
      )}
    </>
  );
}
