import { observer } from 'mobx-react-lite';
import { Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, type ReportReason } from '../messages';

/**
 * The Report Content dialog (seed 000 §2): why (one of the seven reasons), optional details, and for a video, short or
 * movie the time in it (the player's position when Report was chosen, which the reporter may change or clear). Shown
 * only to a signed-in user; one dialog for every Report control, mounted once.
 */
export const ReportDialog = observer(function ReportDialog() {
  const { auth, moderation } = useStores();
  const report = moderation.report;
  const target = report.target;

  return (
    <Modal
      opened={report.opened && auth.user !== null}
      onClose={report.close}
      title="Report content"
      centered
      // Above the reels viewer, which is a full-screen dialog itself.
      zIndex={400}
      closeOnClickOutside={!report.submitting}
      closeOnEscape={!report.submitting}
    >
      <form
        noValidate
        aria-label="Report content"
        onSubmit={(event) => {
          event.preventDefault();
          void report.submit();
        }}
      >
        <Stack gap="md">
          {target && (
            <Text size="sm" c="dimmed">
              You are reporting {target.label}. Reports are confidential: the owner is not told who reported it.
            </Text>
          )}
          <Radio.Group
            label="Why are you reporting it?"
            withAsterisk
            value={report.reason ?? ''}
            onChange={(value) => report.setReason((value || null) as ReportReason | null)}
            error={report.reasonError}
          >
            <Stack gap={6} mt={6}>
              {REPORT_REASONS.map((reason) => (
                <Radio key={reason.value} value={reason.value} label={reason.label} disabled={report.submitting} />
              ))}
            </Stack>
          </Radio.Group>
          {report.timed && (
            <TextInput
              label="At (optional)"
              description="Where in it the problem is, as m:ss. Leave it empty for the whole item."
              placeholder="1:23"
              value={report.at}
              onChange={(event) => report.setAt(event.currentTarget.value)}
              error={report.atError}
              disabled={report.submitting}
              maw={220}
            />
          )}
          <Textarea
            label="Details (optional)"
            description={`${report.description.length}/${REPORT_DESCRIPTION_MAX}`}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REPORT_DESCRIPTION_MAX}
            value={report.description}
            onChange={(event) => report.setDescription(event.currentTarget.value)}
            disabled={report.submitting}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={report.close} disabled={report.submitting}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={report.submitting}>
              Submit report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});
