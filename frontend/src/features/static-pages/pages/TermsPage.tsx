import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { ArticleSection } from '../components/ArticleSection';
import { LegalPage } from '../components/LegalPage';

/** `/terms`: the terms of service of a self-hosted instance. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="The rules for using this Scriven instance. By creating an account or using it, you agree to them."
    >
      <ArticleSection title="Who provides this service">
        <Text>
          Scriven is software that anyone can install on their own server. This instance is provided by its operator:
          the person or organisation that runs it. The operator, not the authors of the Scriven software, offers this
          service to you, decides who may use it, and is responsible for it and for the data stored on it. You reach
          them with Send feedback in the settings menu.
        </Text>
      </ArticleSection>

      <ArticleSection title="Your account">
        <List spacing={4}>
          <List.Item>Give accurate information when you register, and keep your password to yourself.</List.Item>
          <List.Item>You are responsible for what happens with your account and its channels.</List.Item>
          <List.Item>Children under 13 may only use Scriven once a parent has approved their account.</List.Item>
          <List.Item>Do not pretend to be someone else, and do not sell or hand over accounts or handles.</List.Item>
        </List>
      </ArticleSection>

      <ArticleSection title="Your content">
        <Text>
          What you publish stays yours. By publishing it here you allow this instance to store it, to process it (for
          example to make smaller copies, thumbnails or streaming versions) and to show it to the people your privacy
          settings allow. Publish only what you made or have the rights to share. You can delete your content, a
          channel or your whole account at any time.
        </Text>
      </ArticleSection>

      <ArticleSection title="Acceptable use">
        <Text>
          Follow the{' '}
          <Anchor component={Link} to={PATHS.guidelines}>
            Community Guidelines
          </Anchor>{' '}
          and the law. Do not attack or overload the service, get around its limits or anyone&apos;s privacy settings,
          or collect other people&apos;s data from it.
        </Text>
      </ArticleSection>

      <ArticleSection title="When rules are broken">
        <Text>
          The operator may remove content, restrict features or suspend accounts that break these terms, the
          Community Guidelines or the law, and may be required to pass information to the authorities when the law
          demands it.
        </Text>
      </ArticleSection>

      <ArticleSection title="Payments">
        <Text>
          Premium and channel memberships are paid on a hosted checkout page, which shows the price before you pay;
          memberships run 30 days and premium 30 or 365 days from each payment. Creators' earnings become available 7
          days after a payment and are paid out on request; see{' '}
          <Anchor component={Link} to={PATHS.monetization}>
            how creators earn
          </Anchor>
          .
        </Text>
      </ArticleSection>

      <ArticleSection title="No guarantee">
        <Text>
          The service is provided as it is. The operator may change it, pause it or end it. Keep copies of what
          matters to you: Settings → Privacy → Download Your Data exports your data at any time.
        </Text>
      </ArticleSection>

      <ArticleSection title="Changes to these terms">
        <Text>
          The operator may update these terms and should tell users about important changes. Using the service after
          a change means you accept the new terms; if you do not, you can delete your account.
        </Text>
      </ArticleSection>
    </LegalPage>
  );
}
