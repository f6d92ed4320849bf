export * from './users';
export * from './projects';
export * from './api-tokens';
export * from './mailing-lists';
export * from './content';
export * from './banners';
export * from './oauth';
export * from './commits';
