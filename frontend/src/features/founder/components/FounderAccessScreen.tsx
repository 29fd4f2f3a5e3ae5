import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { LockIcon } from '../../../shared/icons';
import type { FounderStore } from '../FounderStore';

type AccessTab = 'personal' | 'legacy';

/** Seed 000 §2: the founder access screen, Personal Access (email, phone, licence number) and Legacy Access. */
export const FounderAccessScreen = observer(function FounderAccessScreen({ store }: { store: FounderStore }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<AccessTab>('personal');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [licence, setLicence] = useState('');
  const [username, setUsername] = useState('');
  const [masterKey, setMasterKey] = useState('');
  const [keyVisible, setKeyVisible] = useState(false);
  const [licenceVisible, setLicenceVisible] = useState(false);

  const submitPersonal = (event: FormEvent) => {
    event.preventDefault();
    void store.loginPersonal(email, phone, licence).then((ok) => {
      if (ok) setLicence('');
    });
  };
  const submitLegacy = (event: FormEvent) => {
    event.preventDefault();
    void store.loginLegacy(username, masterKey).then((ok) => {
      if (ok) setMasterKey('');
    });
  };

  const error = store.loginError && (
    <Alert color="red" role="alert">
      {store.loginError}
    </Alert>
  );

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={460}>
        <Stack gap="md">
          <Stack gap={4} align="center">
            <LockIcon size={32} aria-hidden />
            <Title order={1} size="h3">
              Founder control
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              Founder access. Sessions last 30 minutes.
            </Text>
          </Stack>
          {store.notice && (
            <Alert color={store.notice.tone === 'error' ? 'red' : 'blue'} role={store.notice.tone === 'error' ? 'alert' : 'status'} withCloseButton closeButtonLabel="Dismiss" onClose={store.clearNotice}>
              {store.notice.text}
            </Alert>
          )}
          <Tabs
            value={tab}
            onChange={(value) => {
              if (value === 'personal' || value === 'legacy') {
                setTab(value);
                store.clearLoginError();
              }
            }}
          >
            <Tabs.List aria-label="Founder access methods" grow>
              <Tabs.Tab value="personal">Personal Access</Tabs.Tab>
              <Tabs.Tab value="legacy">Legacy Access</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="personal" pt="md">
              <form onSubmit={submitPersonal} noValidate aria-label="Personal access">
                <Stack gap="sm">
                  <TextInput label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
                  <TextInput label="Phone" type="tel" autoComplete="tel" required value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
                  <PasswordInput
                    label="Driver's licence number"
                    autoComplete="off"
                    required
                    value={licence}
                    onChange={(e) => setLicence(e.currentTarget.value)}
                    visible={licenceVisible}
                    onVisibilityChange={setLicenceVisible}
                    visibilityToggleButtonProps={{ 'aria-label': licenceVisible ? 'Hide licence number' : 'Show licence number' }}
                    visibilityToggleFocusable
                  />
                  {error}
                  <Button type="submit" loading={store.loginPending} fullWidth>
                    Verify identity
                  </Button>
                </Stack>
              </form>
            </Tabs.Panel>
            <Tabs.Panel value="legacy" pt="md">
              <form onSubmit={submitLegacy} noValidate aria-label="Legacy access">
                <Stack gap="sm">
                  <TextInput label="Username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
                  <PasswordInput
                    label="Master key"
                    autoComplete="current-password"
                    required
                    value={masterKey}
                    onChange={(e) => setMasterKey(e.currentTarget.value)}
                    visible={keyVisible}
                    onVisibilityChange={setKeyVisible}
                    visibilityToggleButtonProps={{ 'aria-label': keyVisible ? 'Hide master key' : 'Show master key' }}
                    visibilityToggleFocusable
                  />
                  {error}
                  <Button type="submit" loading={store.loginPending} fullWidth>
                    Sign in
                  </Button>
                </Stack>
              </form>
            </Tabs.Panel>
          </Tabs>
          <Group justify="center">
            <Button variant="default" onClick={() => navigate('/')}>
              Back to platform
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
});
