import { useAtom } from 'jotai';
import { DropdownMenu } from '@radix-ui/themes';
import { CheckIcon, DesktopIcon, MixerHorizontalIcon, MoonIcon, SunIcon } from '@radix-ui/react-icons';
import { themeModeAtom, themeNameAtom } from '../atoms/ui.atoms';
import { MODE_LABELS, PALETTES, THEME_MODES, THEME_NAMES } from '../theme/palettes';
import type { ThemeMode } from '../theme/palettes';

const MODE_ICONS: Record<ThemeMode, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: DesktopIcon };

/** A check mark shown on the current choice, keeping the row aligned when absent. */
function Check({ on }: { on: boolean }) {
  return <CheckIcon aria-hidden style={{ marginLeft: 'auto', visibility: on ? 'visible' : 'hidden' }} />;
}

/**
 * The user menu's Appearance submenu (SPEC.md section 2): Light, Dark, System and the six
 * colour themes, each with a swatch; the current mode and theme carry a check.
 */
export function AppearanceSubmenu() {
  const [mode, setMode] = useAtom(themeModeAtom);
  const [name, setName] = useAtom(themeNameAtom);
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger>
        <MixerHorizontalIcon /> Appearance
      </DropdownMenu.SubTrigger>
      <DropdownMenu.SubContent style={{ minWidth: '12rem' }}>
        <DropdownMenu.Label>Mode</DropdownMenu.Label>
        {THEME_MODES.map((option) => {
          const Icon = MODE_ICONS[option];
          return (
            <DropdownMenu.Item
              key={option}
              onSelect={() => setMode(option)}
              aria-checked={mode === option}
              role="menuitemradio"
            >
              <Icon /> {MODE_LABELS[option]}
              <Check on={mode === option} />
            </DropdownMenu.Item>
          );
        })}
        <DropdownMenu.Separator />
        <DropdownMenu.Label>Colour theme</DropdownMenu.Label>
        {THEME_NAMES.map((option) => (
          <DropdownMenu.Item
            key={option}
            onSelect={() => setName(option)}
            aria-checked={name === option}
            role="menuitemradio"
          >
            <span
              aria-hidden
              data-swatch={option}
              style={{ width: 12, height: 12, borderRadius: '50%', background: PALETTES[option].swatch }}
            />
            {PALETTES[option].label}
            <Check on={name === option} />
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.SubContent>
    </DropdownMenu.Sub>
  );
}
