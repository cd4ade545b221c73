import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoggedInUser } from '#testing/factories.ts';
import { createRules } from '#testing/rules.ts';
import { createSession } from '#testing/sessions.ts';
import { createTestApp, describeEachDialect, type TestApp } from '#testing/test-app.ts';
import { csvCell } from './sessions-csv.ts';

test('cells: RFC 4180 quoting, and formulas disarmed with a leading apostrophe', () => {
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell('a, b')).toBe('"a, b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell('=1+1')).toBe("'=1+1");
  expect(csvCell('+31 6')).toBe("'+31 6");
  expect(csvCell('-5 pips')).toBe("'-5 pips");
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  expect(csvCell('\t=cmd')).toBe("'\t=cmd");
  expect(csvCell('\r=cmd')).toBe('"\'\r=cmd"');
  expect(csvCell('=HYPERLINK("http://x", "y")')).toBe('"\'=HYPERLINK(""http://x"", ""y"")"');
  // A semicolon-separated spreadsheet starts a cell after each semicolon.
  expect(csvCell('Entered; =1+1')).toBe("Entered;' =1+1");
  expect(csvCell('a;@SUM(A1);b;-5')).toBe("a;'@SUM(A1);b;'-5");
  expect(csvCell('Follow stop loss;\t=cmd')).toBe("Follow stop loss;'\t=cmd");
  expect(csvCell('Max; three trades')).toBe('Max; three trades');
  // Numbers are the server's own figures, never a formula.
  expect(csvCell(75)).toBe('75');
});

describeEachDialect('GET /api/export/sessions.csv', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ({ cookie } = await createLoggedInUser(t.app));
  });
  afterEach(() => t.close());

  test('one row per session, oldest first, with its rules by name', async () => {
    // Recorded before the trader had rules.
    await createSession(t.app, cookie, { name: 'Early', date: '2026-01-02', sessionTypeId: 1 });
    const [a, b, c] = await createRules(t.app, cookie, [
      { description: 'Follow stop loss' },
      { description: 'No revenge, ever' },
      { description: '=2+2' },
    ]);
    await createSession(t.app, cookie, {
      name: '=HYPERLINK("http://evil.example","click")',
      date: '2026-03-14',
      sessionTypeId: 3,
      notes: 'Line one\n"quoted", and more',
      rulesFollowed: [
        { ruleId: a!.id, followed: true },
        { ruleId: b!.id, followed: false },
        { ruleId: c!.id, followed: true },
      ],
      resultMoney: -12.5,
      resultR: -0.5,
    });
    // Another trader's session never shows.
    const other = await createLoggedInUser(t.app);
    await createSession(t.app, other.cookie, { name: 'Not mine' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/export/sessions.csv',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="rulekeeper-sessions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body).toBe(
      '\uFEFF' +
        'Date,Name,Session Type,Compliance (%),Rules Followed,Rules Total,Followed Rules,Broken Rules,Notes,Result,Result (R)\r\n' +
        '2026-01-02,Early,Sydney,0,0,0,,,,,\r\n' +
        '2026-03-14,"\'=HYPERLINK(""http://evil.example"",""click"")",London,67,2,3,' +
        // The rule '=2+2' after a semicolon: its own cell in a semicolon-separated spreadsheet.
        "Follow stop loss;' =2+2," +
        '"No revenge, ever","Line one\n""quoted"", and more",-12.5,-0.5\r\n',
    );
  });
});
