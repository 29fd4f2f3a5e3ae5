import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Group, List, Modal, Radio, Stack, Stepper, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { CHECKUP_STEPS } from '../privacyCheckup';
import type { AccountDto, PrivacySettings } from '../types';

interface PrivacyCheckupModalProps {
  opened: boolean;
  onClose: () => void;
  account: AccountDto;
}

function labelOf(key: keyof PrivacySettings, value: string): string {
  const step = CHECKUP_STEPS.find((candidate) => candidate.key === key);
  return step?.choices.find((choice) => choice.value === value)?.label ?? value;
}

/**
 * Privacy Checkup: one step per setting of the active account (profile visibility, video visibility, who can
 * comment). Each shows the current choice and what every choice means; a change is saved on the spot.
 */
export const PrivacyCheckupModal = observer(function PrivacyCheckupModal({ opened, onClose, account }: PrivacyCheckupModalProps) {
  const { accounts } = useStores();
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<string>(account.privacy_settings[CHECKUP_STEPS[0].key]);

  const current = account.privacy_settings;
  const goTo = (index: number) => {
    setStep(index);
    if (index < CHECKUP_STEPS.length) setChoice(current[CHECKUP_STEPS[index].key]);
  };

  const close = () => {
    goTo(0);
    onClose();
  };

  const next = async () => {
    const { key } = CHECKUP_STEPS[step];
    if (choice !== current[key]) {
      const result = await accounts.update(account.id, { privacy_settings: { ...current, [key]: choice } });
      if (!result.ok) return;
    }
    goTo(step + 1);
  };

  const active = CHECKUP_STEPS[step];
  const changed = active !== undefined && choice !== current[active.key];

  return (
    <Modal opened={opened} onClose={close} title="Privacy Checkup" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A look at who can see and reach {account.display_name} (@{account.handle}). Change anything on the spot; each
          change is saved for this channel.
        </Text>
        <Stepper active={step} onStepClick={goTo} size="sm" allowNextStepsSelect={false}>
          {CHECKUP_STEPS.map((item) => (
            <Stepper.Step key={item.key} label={item.title} description={labelOf(item.key, current[item.key])}>
              <Radio.Group
                label={item.question}
                description={`Now: ${labelOf(item.key, current[item.key])}`}
                value={choice}
                onChange={setChoice}
                mt="md"
              >
                <Stack gap="sm" mt="sm">
                  {item.choices.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} description={option.explanation} />
                  ))}
                </Stack>
              </Radio.Group>
            </Stepper.Step>
          ))}
          <Stepper.Completed>
            <Stack gap="xs" mt="md">
              <Text fw={600}>Your checkup is complete</Text>
              <List size="sm">
                {CHECKUP_STEPS.map((item) => (
                  <List.Item key={item.key}>
                    {item.question} <strong>{labelOf(item.key, current[item.key])}</strong>
                  </List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                You can change these again at any time in the Settings tab.
              </Text>
            </Stack>
          </Stepper.Completed>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0 || accounts.savePending}>
            Back
          </Button>
          {step < CHECKUP_STEPS.length ? (
            <Button onClick={() => void next()} loading={accounts.savePending}>
              {changed ? 'Save and continue' : 'Keep and continue'}
            </Button>
          ) : (
            <Button onClick={close}>Done</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
});
