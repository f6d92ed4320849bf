import { describe, expect, it } from 'vitest';
import { errorMessage } from '@/app/trpc-client';

const failure = (message: string) => new Error(message);

describe('errorMessage, as the dashboard shows a failed call', () => {
  it('names a field as its form labels it', () => {
    expect(errorMessage(failure('link_url: Must be an http or https URL'), { link_url: 'Link URL' })).toBe('Link URL: Must be an http or https URL');
  });

  it('counts the items of a list from 1', () => {
    expect(errorMessage(failure('articles.3.title: Title is required'))).toBe('Article 4: Title is required');
    expect(errorMessage(failure('site_origins.0: not is not an http or https origin; site_origins.2: url is not an http or https origin'))).toBe(
      'Site 1: not is not an http or https origin; Site 3: url is not an http or https origin',
    );
  });

  it('drops the path of a message that already names its field', () => {
    expect(errorMessage(failure('title: Title is required'))).toBe('Title is required');
    expect(errorMessage(failure('cta_label: CTA label is too long'))).toBe('CTA label is too long');
    expect(errorMessage(failure('email: Invalid email address'))).toBe('email: Invalid email address');
    expect(errorMessage(failure('link_url: Link url must be absolute'))).toBe('Link url must be absolute');
    // with the form's label too: the banner's "Body: Body is required" read twice
    expect(errorMessage(failure('body: Body is required'), { body: 'Body' })).toBe('Body is required');
    expect(errorMessage(failure('cta_label: At most 24 characters'), { cta_label: 'Button label' })).toBe('Button label: At most 24 characters');
  });

  it('keeps any other message as it is', () => {
    expect(errorMessage(failure('A list named "Beta" already exists in this project'))).toBe('A list named "Beta" already exists in this project');
    expect(errorMessage(failure('csv: Too small: expected string to have >=1 characters'))).toBe('csv: Too small: expected string to have >=1 characters');
    expect(errorMessage('not an error')).toBe('Something went wrong');
  });
});
