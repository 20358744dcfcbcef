import { Avatar, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { useSession } from '../atoms/session.atoms';
import { PageHeader } from '../layout/PageHeader';
import { avatarFallback, displayName } from '../layout/UserMenu';

/** /settings/account: the signed-in user's avatar, name and email, and their organization. */
export default function AccountSettingsScreen() {
  const { user, organization } = useSession();
  return (
    <div className="fw-page">
      <PageHeader title="Account" description="Your profile as Floorwatch knows it." />
      <Card size="3">
        <Flex align="center" gap="4" mb="5">
          <Avatar size="5" radius="full" src={user?.picture ?? undefined} fallback={avatarFallback(user)} alt="" />
          <div>
            <Heading as="h2" size="4">
              {displayName(user)}
            </Heading>
            <Text size="2" color="gray">
              {user?.email}
            </Text>
          </div>
        </Flex>
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>Name</DataList.Label>
            <DataList.Value>{displayName(user)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Email</DataList.Label>
            <DataList.Value>{user?.email ?? ''}</DataList.Value>
          </DataList.Item>
          {organization && (
            <DataList.Item>
              <DataList.Label>Organization</DataList.Label>
              <DataList.Value>{organization.name}</DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card>
    </div>
  );
}
