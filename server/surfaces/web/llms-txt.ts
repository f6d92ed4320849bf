import { ZPublicSlug } from '../../content/schemas';
import { handlePublicDocument } from '../rest/entry';
import { llmsTxtAnswer } from '../rest/raw-routes';

/**
 * `GET /pub/<project>/llms.txt`: the project's index for agents, served as the REST surface serves its
 * feeds (rate limit, ETag/304, `{detail}` errors). A path that is not a project slug is no page: 404.
 */
export async function serveLlmsTxt(req: Request, { params }: { params: Promise<{ project: string }> }): Promise<Response> {
  const { project } = await params;
  if (!ZPublicSlug.safeParse(project).success) return Response.json({ detail: 'Not Found' }, { status: 404 });
  return handlePublicDocument(req, async (caller) => llmsTxtAnswer((await caller.content.llmsTxt({ project })).markdown));
}
