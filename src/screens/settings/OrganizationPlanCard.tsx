import { useAtomValue } from 'jotai';
import { Badge, Callout, Card, Flex, Heading, Separator, Skeleton, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { problemMessage } from '../../api/client';
import { organizationLimitsAtom, organizationsAtom } from '../../atoms/organizations.atoms';
import { PlanPicker } from './PlanPicker';
import { UsageBars } from './UsageBars';
import { planLabel } from './planUsage';

/**
 * Settings, "Organization" (issue 5 "Organizations, plans and limits"; the place limit
 * problems send users to): the organization's name and plan, usage of each limit as a
 * progress bar (`GET /v1/organizations/limits`), and the plan change.
 */
export function OrganizationPlanCard() {
  const limits = useAtomValue(organizationLimitsAtom);
  const organizations = useAtomValue(organizationsAtom);
  const name = organizations.data?.[0]?.name;
  const data = limits.data;

  return (
    <Card size="3">
      <Flex align="center" gap="2" mb="1">
        <Heading as="h2" size="4">
          Organization
        </Heading>
        {data && (
          <Badge size="2" variant="soft" aria-label={`Plan: ${planLabel(data.plan)}`}>
            {planLabel(data.plan)} plan
          </Badge>
        )}
      </Flex>
      <Text as="p" size="2" color="gray" mb="4">
        {name ? `${name}: your plan and how much of it you use.` : 'Your plan and how much of it you use.'}
      </Text>
      {limits.isPending && (
        <Flex direction="column" gap="3" aria-label="Loading plan">
          <Skeleton height="32px" />
          <Skeleton height="32px" />
        </Flex>
      )}
      {limits.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{problemMessage(limits.error, 'Failed to load plan')}</Callout.Text>
        </Callout.Root>
      )}
      {data && (
        <Flex direction="column" gap="4">
          <UsageBars usage={data.usage} limits={data.limits} />
          <Separator size="4" />
          <PlanPicker current={data.plan} plans={data.plans} />
        </Flex>
      )}
    </Card>
  );
}
