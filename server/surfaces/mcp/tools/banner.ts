import { ZBanner, ZBannerState, ZPublishBannerInput, ZTakeDownInput } from '../../../banner/schemas';
import { defineTool, noInput } from '../tool';

export const bannerTools = [
  defineTool({
    name: 'get_banner',
    title: 'Get banner',
    description: 'The newest banner of the project (live, taken down, or none), the page it was last rendered on, and the embed snippet.',
    input: noInput,
    output: ZBannerState,
    effect: 'read',
    run: (caller) => caller.banner.get(),
  }),
  defineTool({
    name: 'publish_banner',
    title: 'Publish banner',
    description: 'Publishes a new one-line announcement banner, replacing the live one. headline <= 80, body one sentence <= 160, cta_label <= 24, badge <= 16 characters (default "New"); link_url null means no button.',
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
