import { describe, expect, it, vi } from 'vitest';
import { createPageAnswers } from './page-answers.ts';

const page = JSON.stringify({
  '/api/auth/session': { authenticated: false, user: null },
  '/api/sessions?limit=3': { sessions: [] },
});

describe('createPageAnswers', () => {
  it('hands each answer to the first request of its exact URL, once', () => {
    const answers = createPageAnswers(() => page);
    expect(answers.take('/api/sessions')).toBeUndefined();
    expect(answers.take('/api/sessions?limit=3')).toEqual({ value: { sessions: [] } });
    expect(answers.take('/api/sessions?limit=3')).toBeUndefined();
    expect(answers.take('/api/auth/session')).toEqual({
      value: { authenticated: false, user: null },
    });
  });

  it('reads the page once, when an answer is first asked for', () => {
    const readPage = vi.fn(() => page);
    const answers = createPageAnswers(readPage);
    expect(readPage).not.toHaveBeenCalled();
    answers.take('/api/x');
    answers.take('/api/y');
    expect(readPage).toHaveBeenCalledTimes(1);
  });

  it('forgets what is left', () => {
    const answers = createPageAnswers(() => page);
    answers.forget();
    expect(answers.take('/api/auth/session')).toBeUndefined();
  });

  it.each([
    ['no element', null],
    ['broken JSON', '{"/api/auth/session":'],
    ['not an object', '"/api/auth/session"'],
  ])('answers nothing for a page with %s', (_case, text) => {
    expect(createPageAnswers(() => text).take('/api/auth/session')).toBeUndefined();
  });
});
