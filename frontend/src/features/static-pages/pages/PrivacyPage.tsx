import { List, Text } from '@mantine/core';
import { ArticleSection } from '../components/ArticleSection';
import { LegalPage } from '../components/LegalPage';

/** `/privacy`: what a self-hosted instance stores, and the rights its users have. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="What this Scriven instance stores about you, why, who can see it, and how you export or delete it."
    >
      <ArticleSection title="Who is responsible">
        <Text>
          The operator of this instance (the person or organisation that runs it) decides how it is run and is
          responsible for your data. Your data is stored on the servers they choose. The authors of the Scriven
          software have no access to it.
        </Text>
      </ArticleSection>

      <ArticleSection title="What is stored">
        <List spacing={4}>
          <List.Item>
            <strong>Account data</strong>: your first and last name, display name, email address or phone number, and
            when you joined. Your password is stored only as a one-way hash, never as you typed it. If you gave a date
            of birth, it is kept; for someone under 13, so is the parent&apos;s email address used to ask for consent.
          </List.Item>
          <List.Item>
            <strong>Channels</strong>: for each of your accounts, its name, handle, bio, location, website, photo,
            privacy settings and notification settings.
          </List.Item>
          <List.Item>
            <strong>Uploaded media</strong>: the files you upload (photos today; videos, music and more as they arrive)
            with their titles and descriptions. Photos are re-encoded, which removes the location and camera details
            stored inside them.
          </List.Item>
          <List.Item>
            <strong>Feedback</strong>: the messages you send with Send feedback.
          </List.Item>
          <List.Item>
            <strong>Logs</strong>: the server records requests (time, address asked for, outcome, IP address) to keep
            the service running and secure, and counts failed sign-ins to stop password guessing.
          </List.Item>
        </List>
      </ArticleSection>

      <ArticleSection title="In your browser">
        <Text>
          Your browser keeps your sign-in token and your light or dark choice in its local storage. Scriven itself
          contains no advertising trackers and no third-party analytics.
        </Text>
      </ArticleSection>

      <ArticleSection title="Who can see it">
        <Text>
          Other people see your channels as your privacy settings allow: a private channel is hidden from everyone but
          you. Your email address, phone number, date of birth and password are never shown to other users. The
          instance&apos;s administrators can see account data when they need to run the service or handle a report.
          When the operator has set up email, messages (such as a parental consent link) go through their mail
          provider. Payments are not active yet; when they are, card details are handled by the payment provider and
          never stored here.
        </Text>
      </ArticleSection>

      <ArticleSection title="Your rights: export, correct, delete">
        <List spacing={4}>
          <List.Item>
            <strong>Export</strong>: Settings → Privacy → Download Your Data saves everything stored about you as a JSON
            file.
          </List.Item>
          <List.Item>
            <strong>Correct</strong>: change your channels&apos; details in Settings → Settings.
          </List.Item>
          <List.Item>
            <strong>Delete a channel</strong>: Settings → Accounts → Delete removes the channel and what it published.
          </List.Item>
          <List.Item>
            <strong>Delete everything</strong>: Settings → Privacy → Delete Account deletes your sign-in, every channel,
            and everything they published. Media files are removed from storage shortly after by a background job.
            Feedback you sent to the admins is kept for them, without your name.
          </List.Item>
        </List>
      </ArticleSection>

      <ArticleSection title="How long data is kept">
        <Text>
          Your data is kept while your account exists and deleted when you delete it. Backups that the operator makes
          may hold copies until those backups are replaced, and logs are kept as long as the operator has configured.
          For anything else about your data, ask the operator.
        </Text>
      </ArticleSection>
    </LegalPage>
  );
}
