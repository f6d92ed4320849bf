import type { Metadata } from 'next';
import { requireProject } from '@/app/(dashboard)/require-user';
import { ListsManager } from './lists-manager';
import { SubscribeFormSettings } from './subscribe-form-settings';
import { LIMITS } from '@/server/mailing-lists/schemas';

export const metadata: Metadata = { title: 'Mailing lists' };

export default async function MailingListsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const { caller, project } = await requireProject(slug, `/p/${slug}/lists`);
  const [lists, subscribeForm] = await Promise.all([caller.mailingLists.listWithCounts(), caller.subscriptions.form()]);
  return (
    <>
      <h1>Mailing lists</h1>
      <p className="muted">
        Release emails go to the active recipients of a list. A project holds up to {LIMITS.listsPerProject} lists, a list up to {LIMITS.activePerList} active recipients.
      </p>
      <ListsManager projectId={project.id} slug={slug} initialLists={lists} />
      <SubscribeFormSettings projectId={project.id} lists={lists} initial={subscribeForm} />
    </>
  );
}
