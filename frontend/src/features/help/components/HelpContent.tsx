import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { ArticleSection } from '../../static-pages/components/ArticleSection';

/** Help for using Scriven as it is today; shown as a section of the shell and at /help. */
export function HelpContent() {
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Help
        </Title>
        <Text c="dimmed">
          How to use Scriven on this instance today. Scriven grows with each update of the server: the header and
          menus only offer what already works here.
        </Text>
      </Stack>

      <ArticleSection title="Signing in">
        <Text>
          Sign in with your email address, your phone number or your display name, together with your password. A
          session lasts 24 hours on each device.
        </Text>
        <Text>
          Signed in on a device you no longer use? On Home, <strong>Sign out of all devices</strong> ends every
          session of your account at once, this one included. Sign out on this device from the settings menu (the
          gear at the top right).
        </Text>
        <Text>
          There is no self-service password reset yet. If you cannot sign in, ask the people who run this instance.
        </Text>
      </ArticleSection>

      <ArticleSection title="Accounts and channels">
        <Text>
          One sign-in can run several channels, called accounts: up to 10, each with its own name, handle, photo and
          settings.
        </Text>
        <List spacing={4}>
          <List.Item>
            The <strong>primary</strong> account is the one made when you registered. It cannot be deleted.
          </List.Item>
          <List.Item>
            The <strong>active</strong> account is the one you act as: what you publish belongs to it. Switch with
            the avatar at the top right, or in Settings → Accounts.
          </List.Item>
          <List.Item>
            Add an account with <strong>Add account</strong> in the same menu. A handle is 3 to 30 lowercase letters,
            numbers, underscores or dots, unique on this instance; leave it empty and one is made from the name.
          </List.Item>
          <List.Item>Deleting an account also deletes everything it published.</List.Item>
        </List>
      </ArticleSection>

      <ArticleSection title="Profile photo">
        <Text>
          In Settings → Profile, drop an image or click to choose one: JPG, PNG, GIF or WebP, up to 10MB. You see a
          preview before you upload it. The photo is cropped to a square, and what cameras store inside photos (such
          as the place it was taken) is removed.
        </Text>
      </ArticleSection>

      <ArticleSection title="Privacy settings">
        <Text>Each account has its own privacy settings, in Settings → Settings:</Text>
        <List spacing={4}>
          <List.Item>
            <strong>Profile visibility</strong> and <strong>video visibility</strong>: public (anyone can find it),
            unlisted (left out of lists and search, open to anyone with a link) or private (only you).
          </List.Item>
          <List.Item>
            <strong>Who can comment</strong>: everyone, subscribers only, or no one.
          </List.Item>
          <List.Item>Four notification switches: email, push, comments and likes.</List.Item>
        </List>
        <Text>
          Settings → Privacy → <strong>Privacy Checkup</strong> walks through the three privacy choices of the
          active account one step at a time.
        </Text>
      </ArticleSection>

      <ArticleSection title="Your data">
        <Text>
          Settings → Privacy → <strong>Download Your Data</strong> saves a JSON file with everything stored about
          you: your profile, every account with its settings, and the feedback you sent.
        </Text>
        <Text>
          Settings → Privacy → <strong>Delete Account</strong> deletes your sign-in, every account and everything
          they published, after you type your display name. It cannot be undone. The{' '}
          <Anchor component={Link} to={PATHS.privacy}>
            Privacy Policy
          </Anchor>{' '}
          says what is stored and for how long.
        </Text>
      </ArticleSection>

      <ArticleSection title="Getting support">
        <Text>
          Scriven is software that anyone can run on their own server. This instance is run by its operator, not by
          the authors of Scriven: the operator keeps your data, sets the rules in the{' '}
          <Anchor component={Link} to={PATHS.terms}>
            Terms
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to={PATHS.guidelines}>
            Community Guidelines
          </Anchor>
          , and is the one to ask about your account, a problem, or content that should be removed.
        </Text>
        <Text>
          <strong>Send feedback</strong> in the settings menu reaches them: your message is stored for the
          instance&apos;s admins together with your account, so they can answer you.
        </Text>
      </ArticleSection>
    </Stack>
  );
}
