import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.ts';

/** Tasks the queue posted, run by the test one at a time. */
function manualTasks() {
  const tasks: (() => void)[] = [];
  return {
    post: (task: () => void) => void tasks.push(task),
    runOne() {
      const task = tasks.shift();
      if (!task) throw new Error('no task was posted');
      task();
    },
    get pending() {
      return tasks.length;
    },
  };
}

describe('createTurns', () => {
  it('runs one callback per task, in the order they came', () => {
    const tasks = manualTasks();
    const awaitTurn = createTurns(tasks.post);
    const ran: string[] = [];
    awaitTurn(() => ran.push('first'));
    awaitTurn(() => ran.push('second'));
    awaitTurn(() => ran.push('third'));
    expect(ran).toEqual([]);

    tasks.runOne();
    expect(ran).toEqual(['first']);
    tasks.runOne();
    expect(ran).toEqual(['first', 'second']);
    tasks.runOne();
    expect(ran).toEqual(['first', 'second', 'third']);
    expect(tasks.pending).toBe(0);
  });

  it('posts one task at a time, however many callbacks wait', () => {
    const tasks = manualTasks();
    const awaitTurn = createTurns(tasks.post);
    for (let index = 0; index < 5; index += 1) awaitTurn(() => {});
    expect(tasks.pending).toBe(1);
    tasks.runOne();
    expect(tasks.pending).toBe(1);
  });

  it('skips a callback cancelled before its turn, and takes new ones after the queue ran dry', () => {
    const tasks = manualTasks();
    const awaitTurn = createTurns(tasks.post);
    const ran: string[] = [];
    awaitTurn(() => ran.push('kept'));
    const cancel = awaitTurn(() => ran.push('cancelled'));
    cancel();
    tasks.runOne();
    expect(tasks.pending).toBe(0);
    expect(ran).toEqual(['kept']);

    awaitTurn(() => ran.push('later'));
    tasks.runOne();
    expect(ran).toEqual(['kept', 'later']);
  });

  it('keeps its turns going when a callback throws', () => {
    const tasks = manualTasks();
    const awaitTurn = createTurns(tasks.post);
    const ran: string[] = [];
    awaitTurn(() => {
      throw new Error('a card failed');
    });
    awaitTurn(() => ran.push('next'));
    expect(() => tasks.runOne()).toThrow('a card failed');
    tasks.runOne();
    expect(ran).toEqual(['next']);
  });
});
