import { describe, expect, test } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { http } from '../../mocks/http';
import { liveDb } from '../../mocks/liveDb';
import { moderationDb } from '../../mocks/moderationDb';
import { server } from '../../mocks/server';
import { RootStore } from '../../stores/RootStore';
import { storeDemoUserToken } from '../../test/session';
import { ReportControl } from './components/ReportControl';
import { ReportDialog } from './components/ReportDialog';
import { REPORT_MESSAGES } from './messages';
import { liveChatMessageTarget, liveStreamTarget } from './targets';

/** Records each report the app sends (its multipart fields), then lets the mock server answer it. */
function recordReports(): Record<string, string>[] {
  const sent: Record<string, string>[] = [];
  server.use(
    http.post('/api/content/report', async ({ request }) => {
      const form = await request.clone().formData();
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        fields[key] = String(value);
      });
      sent.push(fields);
      return undefined;
    }),
  );
  return sent;
}

/** The demo's live stream (mira's) with a chat message of mira's, and the Report controls a live page shows for them. */
async function livePage() {
  storeDemoUserToken();
  const store = new RootStore();
  await store.auth.init();
  const stream = liveDb.streams[0];
  const message = liveDb.comments.find((c) => c.streamId === stream.id && c.user_id === stream.userId);
  if (!message) throw new Error('no demo chat message of the streamer');
  const username = 'mira'; // the streamer (the signed-in user is ada)
  render(
    <AppProviders store={store} env="test">
      <MemoryRouter>
        <div aria-label="Stream">
          <ReportControl own={false} target={() => liveStreamTarget({ id: stream.id, title: stream.title, username })} />
        </div>
        <div aria-label="Chat message">
          <ReportControl variant="icon" own={false} target={() => liveChatMessageTarget({ id: message.id, username: message.username })} />
        </div>
        <ReportControl own target={() => liveStreamTarget({ id: stream.id, title: stream.title, username })} />
        <ReportDialog />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user: userEvent.setup({ delay: null }), stream, message };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Report content' }));

describe('Report on a live stream and a live chat message', () => {
  test('a live stream is reported without a time, as content_type live_stream', async () => {
    const sent = recordReports();
    const { user, stream } = await livePage();

    expect(screen.getAllByRole('button', { name: 'Report' })).toHaveLength(2); // your own stream has none
    await user.click(within(screen.getByLabelText('Stream')).getByRole('button', { name: 'Report' }));
    expect(dialog().getByText(/You are reporting the live stream “Harbour live: the boats come in” by @mira/)).toBeInTheDocument();
    expect(dialog().queryByRole('textbox', { name: /time/i })).not.toBeInTheDocument();
    await user.click(dialog().getByRole('radio', { name: 'Violence' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));

    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(sent).toEqual([{ content_type: 'live_stream', content_id: stream.id, reason: 'violence', description: '' }]);
    expect(moderationDb.cases.find((c) => c.contentId === stream.id)).toMatchObject({ contentType: 'live_stream', snapshot: { title: stream.title } });
  });

  test("a chat message's flag reports it as live_chat_message; a second time says it was already reported", async () => {
    const sent = recordReports();
    const { user, message } = await livePage();

    await user.click(within(screen.getByLabelText('Chat message')).getByRole('button', { name: 'Report' }));
    expect(dialog().getByText(/You are reporting @mira's chat message/)).toBeInTheDocument();
    await user.click(dialog().getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report content' })).not.toBeInTheDocument());
    expect(sent).toEqual([{ content_type: 'live_chat_message', content_id: message.id, reason: 'harassment', description: '' }]);

    await user.click(within(screen.getByLabelText('Chat message')).getByRole('button', { name: 'Report' }));
    await user.click(dialog().getByRole('radio', { name: 'Spam or misleading' }));
    await user.click(dialog().getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText(REPORT_MESSAGES.alreadyReported)).toBeInTheDocument();
  });
});
