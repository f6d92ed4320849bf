import { ZBanner, ZBannerState, ZPublishBannerInput, ZTakeDownInput } from '../../../banner/schemas';
import { defineTool, noInput } from '../tool';

export const bannerTools = [
  defineTool({
    name: 'get_banner',
    title: 'Get banner',
    description: 'The newest banner of the project (live, taken down, or none), the embed snippet, the pages it is loaded on, the history of published banners (who published each: person, API key or agent; impressions and clicks) and the newest banner\'s impressions and clicks per page.',
    input: noInput,
    output: ZBannerState,
    effect: 'read',
    run: (caller) => caller.banner.get(),
  }),
  defineTool({
    name: 'publish_banner',
    title: 'Publish banner',
    description: 'Publishes a new one-line announcement banner, replacing the live one. headline <= 80, body one sentence <= 160, cta_label <= 24, badge <= 16 characters (default "New"); link_url null means no button. Or, with republish_id alone (an id from get_banner\'s history), publishes that earlier banner again.',
    input: ZPublishBannerInput,
    output: ZBanner,
    effect: { destructive: true, idempotent: false },
    run: (caller, input) => caller.banner.publish(input),
  }),
  defineTool({
    name: 'take_down_banner',
    title: 'Take down banner',
    description: 'Stops serving the live banner now, or at the ISO 8601 time `at`.',
    input: ZTakeDownInput,
    output: ZBanner,
    effect: { destructive: true, idempotent: true },
    run: (caller, input) => caller.banner.takeDown(input),
  }),
];
