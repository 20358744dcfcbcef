import { useState } from 'react';
import { Card, DataList, Flex, Text } from '@radix-ui/themes';
import { PageHeader } from '../layout/PageHeader';
import { AngleControl } from './common/AngleControl';
import type { HeadingAngle } from './common/AngleControl';

const START: HeadingAngle = { heading_deg: 45, angle_deg: 90 };

/**
 * `/demo/angle-control` (SPEC.md section 2): the field-of-view angle control on its own,
 * with the value it reports while it changes and the last value it committed.
 */
export default function AngleControlDemoScreen() {
  const [value, setValue] = useState<HeadingAngle>(START);
  const [committed, setCommitted] = useState<HeadingAngle>(START);

  return (
    <div className="fw-page">
      <PageHeader
        title="Angle Control Demo"
        description="A camera's field of view: drag the dial, use the arrow keys on it (Shift for 15°), or type the degrees."
      />
      <Card size="3">
        <Flex gap="6" wrap="wrap" align="center">
          <AngleControl value={value} onChange={setValue} onCommit={setCommitted} />
          <DataList.Root aria-label="Current values">
            <DataList.Item>
              <DataList.Label>Heading</DataList.Label>
              <DataList.Value data-testid="current-heading">{`${value.heading_deg}°`}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Angle</DataList.Label>
              <DataList.Value data-testid="current-angle">{`${value.angle_deg}°`}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Committed</DataList.Label>
              <DataList.Value data-testid="committed">{`${committed.heading_deg}° heading, ${committed.angle_deg}° wide`}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Flex>
        <Text as="p" size="1" color="gray" mt="4">
          Headings are measured clockwise from the top of the floor plan image, 0° to under 360°; the angle is 1° to 360°.
        </Text>
      </Card>
    </div>
  );
}
