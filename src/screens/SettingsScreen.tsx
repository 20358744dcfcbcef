import { useAtom } from 'jotai';
import { Link } from 'wouter';
import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { ChevronRightIcon, PersonIcon } from '@radix-ui/react-icons';
import { themeModeAtom, themeNameAtom } from '../atoms/ui.atoms';
import { MODE_LABELS, PALETTES, THEME_MODES, THEME_NAMES, isThemeMode, isThemeName } from '../theme/palettes';
import { PageHeader } from '../layout/PageHeader';
import { RadioCardsChoice } from './common/RadioCardsChoice';
import { SegmentedChoice } from './common/SegmentedChoice';
import { VortexConnectionCard } from './settings/VortexConnectionCard';
import { OrganizationPlanCard } from './settings/OrganizationPlanCard';

/** /settings: appearance (mode and colour theme, saved in this browser), the VORTEX connection, and a way to the account. */
export default function SettingsScreen() {
  const [mode, setMode] = useAtom(themeModeAtom);
  const [name, setName] = useAtom(themeNameAtom);
  return (
    <div className="fw-page">
      <PageHeader title="Settings" description="Preferences for this browser and your organization’s VORTEX connection." />
      <Flex direction="column" gap="5">
        <Card size="3">
          <Heading as="h2" size="4" mb="1">
            Appearance
          </Heading>
          <Text as="p" size="2" color="gray" mb="4">
            Choose how Floorwatch looks. System follows your operating system's setting.
          </Text>
          <Text as="div" size="2" weight="medium" mb="2" id="theme-mode-label">
            Mode
          </Text>
          <SegmentedChoice
            value={mode}
            onValueChange={(value) => isThemeMode(value) && setMode(value)}
            aria-labelledby="theme-mode-label"
            className="rt-r-mb-5"
            options={THEME_MODES.map((option) => ({ value: option, label: MODE_LABELS[option] }))}
          />
          <Text as="div" size="2" weight="medium" mb="2" id="theme-name-label">
            Colour theme
          </Text>
          <RadioCardsChoice
            value={name}
            onValueChange={(value) => isThemeName(value) && setName(value)}
            columns={{ initial: '2', sm: '3' }}
            aria-labelledby="theme-name-label"
            options={THEME_NAMES.map((option) => ({
              value: option,
              label: (
                <Flex align="center" gap="2">
                  <span aria-hidden style={{ width: 14, height: 14, borderRadius: '50%', background: PALETTES[option].swatch }} />
                  <Text size="2">{PALETTES[option].label}</Text>
                </Flex>
              ),
            }))}
          />
        </Card>
        <VortexConnectionCard />
        <OrganizationPlanCard />
        <Card size="3" asChild>
          <Link href="/settings/account" style={{ textDecoration: 'none', color: 'inherit' }}>
            <Flex align="center" gap="3">
              <PersonIcon width={18} height={18} />
              <Box flexGrow="1">
                <Text as="div" size="2" weight="medium">
                  Account
                </Text>
                <Text as="div" size="2" color="gray">
                  Your name, email and organization.
                </Text>
              </Box>
              <ChevronRightIcon />
            </Flex>
          </Link>
        </Card>
      </Flex>
    </div>
  );
}
