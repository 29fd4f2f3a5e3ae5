import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { CONSENT_MESSAGES } from '../ConsentStore';
import type { ParentalConsentDto } from '../types';

const STATUS_BADGE: Record<ParentalConsentDto['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for your decision', color: 'yellow' },
  approved: { label: 'Approved', color: 'teal' },
  refused: { label: 'Refused', color: 'red' },
};

/** `/parental-consent/:token`: a parent approves or refuses a child's account (product §2). */
export const ParentalConsentPage = observer(function ParentalConsentPage() {
  const { consent } = useStores();
  const { token = '' } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    void consent.load(token);
  }, [consent, token]);

  const request = consent.request;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520}>
        <Stack gap="md">
          <Title order={1} size="h3">
            Parental consent
          </Title>

          {consent.loadState === 'loading' && (
            <Group gap="xs">
              <Loader size="sm" />
              <Text>Loading the request…</Text>
            </Group>
          )}

          {consent.loadState === 'error' && consent.loadError && (
            <Alert color="red" role="alert">
              {consent.loadError}
            </Alert>
          )}

          {consent.loadState === 'loaded' && request && (
            <>
              <Text>
                <Text span fw={700}>
                  {request.child_display_name}
                </Text>{' '}
                has asked to join Scriven. Because they are under 13, their account stays inactive until a parent
                approves it.
              </Text>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Status:
                </Text>
                <Badge color={STATUS_BADGE[request.status].color}>{STATUS_BADGE[request.status].label}</Badge>
              </Group>

              {consent.isExpired && (
                <Alert color="orange" role="alert">
                  {CONSENT_MESSAGES.expired}
                </Alert>
              )}

              {request.status === 'pending' && !consent.isExpired && (
                <>
                  <Text size="sm" c="dimmed">
                    This link is valid until {formatDate(request.expires_at)}.
                  </Text>
                  <Group>
                    <Button
                      color="teal"
                      loading={consent.decisionPending === 'approve'}
                      disabled={!consent.canDecide && consent.decisionPending !== 'approve'}
                      onClick={() => void consent.decide('approve')}
                    >
                      Approve
                    </Button>
                    <Button
                      color="red"
                      variant="light"
                      loading={consent.decisionPending === 'refuse'}
                      disabled={!consent.canDecide && consent.decisionPending !== 'refuse'}
                      onClick={() => void consent.decide('refuse')}
                    >
                      Refuse
                    </Button>
                  </Group>
                </>
              )}

              {request.status === 'approved' && (
                <Alert color="teal" role="status">
                  {consent.decided
                    ? `Thank you. ${request.child_display_name}'s account is now active and they can sign in.`
                    : `This request was approved. ${request.child_display_name}'s account is active.`}
                </Alert>
              )}
              {request.status === 'refused' && (
                <Alert color="gray" role="status">
                  {consent.decided
                    ? `You refused the request. ${request.child_display_name}'s account will not be activated.`
                    : `This request was refused. ${request.child_display_name}'s account is not active.`}
                </Alert>
              )}
            </>
          )}

          {consent.decisionError && (
            <Alert color="red" role="alert">
              {consent.decisionError}
            </Alert>
          )}

          <Button variant="subtle" onClick={() => navigate('/')}>
            Go to Scriven
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
});
