import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Theme } from '@radix-ui/themes';
import { appearanceAtom, themeNameAtom } from '../atoms/ui.atoms';
import { PALETTES } from './palettes';

/**
 * Radix Themes root with the user's mode and palette (SPEC.md section 3 "Theme").
 * Also sets the document's `color-scheme` so scrollbars and form controls follow.
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const appearance = useAtomValue(appearanceAtom);
  const themeName = useAtomValue(themeNameAtom);

  useEffect(() => {
    document.documentElement.style.colorScheme = appearance;
  }, [appearance]);

  return (
    <Theme
      appearance={appearance}
      accentColor={PALETTES[themeName].accentColor}
      grayColor="slate"
      radius="medium"
      panelBackground="solid"
      data-theme-name={themeName}
    >
      {children}
    </Theme>
  );
}
