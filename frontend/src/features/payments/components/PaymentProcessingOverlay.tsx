import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';

/**
 * The payment processing overlay (seed 001 §2, §4), in the signed-in shell. On opening, a return from the hosted
 * checkout (`session_id`, or `cancelled`, in the address) is handled; while its status is polled, the overlay shows
 * what the last check said. It cannot be dismissed: it closes with the outcome.
 */
export const PaymentProcessingOverlay = observer(function PaymentProcessingOverlay() {
  const { payments } = useStores();

  useEffect(() => {
    payments.handleReturn(window.location.search);
  }, [payments]);

  return (
    <Modal
      opened={payments.processing}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Processing payment"
    >
      <Stack align="center" gap="md" py="md">
        <Loader aria-hidden="true" />
        <Text role="status" ta="center">
          {payments.processingMessage}
        </Text>
      </Stack>
    </Modal>
  );
});
