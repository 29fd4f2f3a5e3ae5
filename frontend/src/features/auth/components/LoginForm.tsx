import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Anchor, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { LoginMode } from '../types';
import { FEATURE_MESSAGES } from '../../features/FeaturesStore';
import { LOGIN_MODES, validateLogin, type LoginErrors } from '../validation';

const MODES: { label: string; value: LoginMode }[] = [
  { label: 'Email', value: 'email' },
  { label: 'Phone', value: 'phone' },
  { label: 'Display name', value: 'display_name' },
];

const AUTOCOMPLETE: Record<LoginMode, string> = { email: 'email', phone: 'tel', display_name: 'username' };

/** Login (seed 002 §2.15, §5): one identifier, labelled by the chosen mode, and the password. */
export const LoginForm = observer(function LoginForm() {
  const { auth, ui, features } = useStores();
  const [mode, setMode] = useState<LoginMode>('email');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const modeInfo = LOGIN_MODES[mode];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ mode, login_identifier: identifier, password });
    setErrors(found);
    if (found.login_identifier || found.password) return;
    void auth.login(identifier, password);
  };

  const switchToRegister = () => {
    auth.clearFormMessages();
    ui.openAuthPanel('register');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in form">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Sign in
        </Title>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="login-mode-label">
            Sign in with
          </Text>
          <SegmentedControl
            aria-labelledby="login-mode-label"
            data={MODES}
            value={mode}
            onChange={(value) => {
              setMode(value as LoginMode);
              setErrors((current) => ({ ...current, login_identifier: undefined }));
            }}
          />
        </Stack>
        <TextInput
          label={modeInfo.label}
          type={modeInfo.type}
          autoComplete={AUTOCOMPLETE[mode]}
          withAsterisk
          value={identifier}
          error={errors.login_identifier}
          onChange={(event) => {
            setIdentifier(event.currentTarget.value);
            setErrors((current) => ({ ...current, login_identifier: undefined }));
          }}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
        />

        {auth.loginError && (
          <Alert color="red" role="alert">
            {auth.loginError}
          </Alert>
        )}

        <Button type="submit" loading={auth.loginPending} fullWidth>
          Sign in
        </Button>
        {features.isEnabled('registration') ? (
          <Text size="sm" ta="center">
            New to Scriven?{' '}
            <Anchor component="button" type="button" onClick={switchToRegister}>
              Create an account
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" ta="center" c="dimmed">
            {FEATURE_MESSAGES.registrationClosed}
          </Text>
        )}
      </Stack>
    </form>
  );
});
