import { PageLayout } from '../../static-pages/components/PageLayout';
import { HelpContent } from '../components/HelpContent';

/** `/help`: the same help, for visitors too (the footer links here). */
export function HelpPage() {
  return (
    <PageLayout>
      <HelpContent />
    </PageLayout>
  );
}
