import { Flex, Progress, Text } from '@radix-ui/themes';
import { LIMIT_NAMES } from '../../api/organizations';
import type { LimitCounts } from '../../api/organizations';
import { LIMIT_LABELS, usageLevel } from './planUsage';

const TONE_COLOR = { ok: undefined, near: 'amber', full: 'red' } as const;

/** One progress bar per limit (buildings, floors, devices, members): "Buildings 2 of 10". */
export function UsageBars({ usage, limits }: { usage: LimitCounts; limits: LimitCounts }) {
  return (
    <Flex direction="column" gap="3">
      {LIMIT_NAMES.map((name) => {
        const { percent, tone } = usageLevel(usage[name], limits[name]);
        const labelId = `usage-${name}`;
        return (
          <div key={name}>
            <Flex justify="between" mb="1">
              <Text size="2" weight="medium" id={labelId}>
                {LIMIT_LABELS[name]}
              </Text>
              <Text size="2" color="gray">
                {usage[name].toLocaleString('en-US')} of {limits[name].toLocaleString('en-US')}
              </Text>
            </Flex>
            <Progress
              value={percent}
              color={TONE_COLOR[tone]}
              aria-labelledby={labelId}
              aria-valuetext={`${usage[name]} of ${limits[name]} ${name}`}
            />
          </div>
        );
      })}
    </Flex>
  );
}
