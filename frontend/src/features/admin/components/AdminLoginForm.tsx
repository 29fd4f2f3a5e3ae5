import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { LockIcon } from '../../../shared/icons';

/** Admin sign-in (seed 000 §2): username and password, both required. */
export const AdminLoginForm = observer(function AdminLoginForm() {
  const { admin } = useStores();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void admin.login(username, password);
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={submit} noValidate aria-label="Admin sign in form">
        <Stack gap="md">
          <Stack gap={4} align="center">
            <LockIcon size={32} />
            <Title order={1} size="h3">
              Admin console
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              Sign in with an administrator account.
            </Text>
          </Stack>
          <TextInput
            label="Username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleButtonProps={{ 'aria-label': passwordVisible ? 'Hide password' : 'Show password' }}
            visibilityToggleFocusable
          />
          {admin.loginError && (
            <Alert color="red" role="alert">
              {admin.loginError}
            </Alert>
          )}
          <Button type="submit" loading={admin.loginPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
});
