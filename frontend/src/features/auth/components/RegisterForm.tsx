import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Anchor, Button, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import {
  emptyRegistration,
  needsParentalConsent,
  toRegisterRequest,
  utcIsoDate,
  validateRegistration,
  type ContactMethod,
  type RegistrationErrors,
  type RegistrationValues,
} from '../validation';

const CONTACT_METHODS: { label: string; value: ContactMethod }[] = [
  { label: 'Email', value: 'email' },
  { label: 'Phone', value: 'phone' },
];

/** Registration (seed 002 §2.15, §5): validated here, then sent without confirm_password. */
export const RegisterForm = observer(function RegisterForm() {
  const { auth, ui } = useStores();
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const underThirteen = needsParentalConsent(values.date_of_birth);

  const set = <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };
  const text = (key: Exclude<keyof RegistrationValues, 'contact_method'>) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    void auth.register(toRegisterRequest(values));
  };

  const switchToLogin = () => {
    auth.clearFormMessages();
    ui.openAuthPanel('login');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create account form">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Create your account
        </Title>
        <Group grow align="flex-start">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...text('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...text('last_name')} />
        </Group>
        <TextInput
          label="Display name"
          description="3-20 letters, numbers or underscores"
          autoComplete="username"
          withAsterisk
          {...text('display_name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="contact-method-label">
            Contact method
          </Text>
          <SegmentedControl
            aria-labelledby="contact-method-label"
            data={CONTACT_METHODS}
            value={values.contact_method}
            onChange={(value) => set('contact_method', value as ContactMethod)}
          />
        </Stack>
        {values.contact_method === 'email' ? (
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...text('email')} />
        ) : (
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            placeholder="+1 555 123 4567"
            withAsterisk
            {...text('phone_number')}
          />
        )}
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          withAsterisk
          {...text('password')}
        />
        <PasswordInput label="Confirm password" autoComplete="new-password" withAsterisk {...text('confirm_password')} />
        <TextInput
          label="Date of birth"
          description="Optional. Under 13, a parent approves the account."
          type="date"
          max={utcIsoDate()}
          autoComplete="bday"
          {...text('date_of_birth')}
        />
        {underThirteen && (
          <TextInput
            label="Parent's email"
            description="We will email your parent a link to approve your account."
            type="email"
            withAsterisk
            {...text('parent_email')}
          />
        )}

        {auth.registerError && (
          <Alert color="red" role="alert">
            {auth.registerError}
          </Alert>
        )}
        {auth.registerMessage && (
          <Alert color="teal" role="status">
            {auth.registerMessage}
          </Alert>
        )}

        <Button type="submit" loading={auth.registerPending} fullWidth>
          Create account
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component="button" type="button" onClick={switchToLogin}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
});
