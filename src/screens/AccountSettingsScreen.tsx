import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { PageHeader } from '../layout/PageHeader';
import { ChangePasswordForm } from './account/ChangePasswordForm';
import { ProfileForm } from './account/ProfileForm';
import { TeamCard } from './account/TeamCard';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        {title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {description}
      </Text>
      {children}
    </Card>
  );
}

/**
 * /settings/account (SPEC.md section 2; issue 5): the profile (name and picture, through
 * the profile update call), the password change, and the organization's team with its
 * invitations.
 */
export default function AccountSettingsScreen() {
  return (
    <div className="fw-page" style={{ maxWidth: 760 }}>
      <PageHeader title="Account settings" description="Your profile, your password, and who is on your team." />
      <Flex direction="column" gap="5">
        <Section title="Profile" description="How your colleagues see you in Floorwatch.">
          <ProfileForm />
        </Section>
        <Section title="Password" description="Signing in with email and password. Changing it signs out your other sessions.">
          <ChangePasswordForm />
        </Section>
        <TeamCard />
      </Flex>
    </div>
  );
}
