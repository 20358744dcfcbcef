import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { problemMessage } from '../../api/client';
import type { PlanOption } from '../../api/organizations';
import { changePlanAtom } from '../../atoms/organizations.atoms';
import { RadioCardsChoice } from '../common/RadioCardsChoice';
import { limitSummary, planLabel } from './planUsage';

/**
 * Choose another plan and apply it (`POST /v1/organizations/subscription`). A refusal
 * (409 when current usage is above a limit of the chosen plan) shows its detail inline.
 */
export function PlanPicker({ current, plans }: { current: string; plans: readonly PlanOption[] }) {
  const [chosen, setChosen] = useState(current);
  const { mutate, isPending, error, isSuccess, data, reset } = useAtomValue(changePlanAtom);
  const unchanged = chosen === current;

  return (
    <Flex direction="column" gap="3">
      <Text as="div" size="2" weight="medium" id="plan-choice-label">
        Change plan
      </Text>
      <RadioCardsChoice
        value={chosen}
        onValueChange={(value) => {
          setChosen(value);
          reset();
        }}
        columns={{ initial: '1', sm: String(Math.min(plans.length, 3)) }}
        aria-labelledby="plan-choice-label"
        options={plans.map((option) => ({
          value: option.plan,
          name: planLabel(option.plan),
          label: (
            <Flex direction="column" width="100%">
              <Text size="2" weight="bold">
                {planLabel(option.plan)}
                {option.plan === current ? ' (current)' : ''}
              </Text>
              <Text size="1" color="gray">
                {limitSummary(option.limits)}
              </Text>
            </Flex>
          ),
        }))}
      />
      {error != null && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{problemMessage(error, 'Failed to change plan')}</Callout.Text>
        </Callout.Root>
      )}
      {isSuccess && data && unchanged && (
        <Text size="2" color="green" role="status">
          Plan changed to {planLabel(data.plan)}.
        </Text>
      )}
      <Flex>
        <Button disabled={unchanged || isPending} loading={isPending} onClick={() => mutate(chosen)}>
          {unchanged ? 'Current plan' : `Switch to ${planLabel(chosen)}`}
        </Button>
      </Flex>
    </Flex>
  );
}
