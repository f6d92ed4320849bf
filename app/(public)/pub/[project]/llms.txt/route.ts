import { serveLlmsTxt } from '@/server/surfaces/web/llms-txt';

export const dynamic = 'force-dynamic';

export { serveLlmsTxt as GET, serveLlmsTxt as HEAD };
