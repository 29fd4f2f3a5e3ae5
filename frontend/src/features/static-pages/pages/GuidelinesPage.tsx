import { List, Text } from '@mantine/core';
import { APPEAL_DAYS, STRIKE_DAYS } from '../../moderation/messages';
import { ArticleSection } from '../components/ArticleSection';
import { LegalPage } from '../components/LegalPage';

/** `/guidelines`: acceptable content on this instance. */
export function GuidelinesPage() {
  return (
    <LegalPage
      title="Community Guidelines"
      intro="What may be published and said on this Scriven instance. They apply to videos, shorts, music, podcasts, live streams, comments, chat, profiles and channel names alike."
    >
      <ArticleSection title="Not allowed">
        <List spacing={4}>
          <List.Item>
            <strong>Sexual content and nudity</strong>. Anything that sexualises minors is never allowed and is
            reported to the authorities.
          </List.Item>
          <List.Item>
            <strong>Violence</strong>: threats, glorifying or inciting violence, and graphic violence meant to shock.
          </List.Item>
          <List.Item>
            <strong>Harassment and hate</strong>: bullying, targeting people, or attacking them for who they are.
          </List.Item>
          <List.Item>
            <strong>Spam and deception</strong>: scams, misleading titles or thumbnails, fake engagement, repetitive
            posting.
          </List.Item>
          <List.Item>
            <strong>Other people&apos;s rights</strong>: content you do not have the rights to, impersonation, and sharing
            someone&apos;s private information without their consent.
          </List.Item>
          <List.Item>
            <strong>Illegal content</strong> and anything inappropriate for a general audience that the operator
            excludes.
          </List.Item>
        </List>
      </ArticleSection>

      <ArticleSection title="Children">
        <Text>
          Accounts of children under 13 need a parent&apos;s approval. Do not publish content that puts children at
          risk, and do not use the comment or chat features to contact children you do not know.
        </Text>
      </ArticleSection>

      <ArticleSection title="Original content">
        <Text>
          Creators who want to earn must publish original content. Re-uploading other people&apos;s work, even with
          small changes, does not count.
        </Text>
      </ArticleSection>

      <ArticleSection title="Reports and consequences">
        <Text>
          To report a video, short, movie, comment or channel that breaks these guidelines, choose Report on it (signed
          in) and say why. Reports are confidential, and the moderation team tells you the outcome.
        </Text>
        <Text>
          Content that breaks these guidelines may be removed, and its channel may receive a strike. A strike lasts{' '}
          {STRIKE_DAYS} days and can be appealed once within {APPEAL_DAYS} days, from Partner program under Creator
          Studio. While a strike is active the channel does not meet the partner program&apos;s requirements and its
          payouts are on hold. Repeated or serious breaches can end an account.
        </Text>
      </ArticleSection>

      <ArticleSection title="Local rules">
        <Text>
          The operator of this instance may add rules of their own, for example for the community it serves. Those
          rules apply too.
        </Text>
      </ArticleSection>
    </LegalPage>
  );
}
