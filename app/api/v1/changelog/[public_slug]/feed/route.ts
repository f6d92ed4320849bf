import { handleFeedRequest } from '@/server/surfaces/rest/feeds';

export const dynamic = 'force-dynamic';

export { handleFeedRequest as GET, handleFeedRequest as HEAD, handleFeedRequest as POST, handleFeedRequest as PUT };
export { handleFeedRequest as PATCH, handleFeedRequest as DELETE };
