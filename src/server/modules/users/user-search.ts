/**
 * The administrator's search of the accounts (docs/decisions/0069-finding-an-account.md). Each
 * user's row keeps its searchable fields folded in JavaScript (`search_text`), so that case and
 * Unicode form are ignored the same way on both databases: SQLite's `lower()` and `LIKE` fold
 * ASCII letters only, PostgreSQL's follow the database's locale.
 */

/**
 * Text compared without regard to case or Unicode form ('ÉLODIE', 'élodie', 'ｅｌｏｄｉｅ').
 * Lower-casing writes a Greek sigma at the end of a word as 'ς', so a word typed so far ('ΑΣ')
 * would not be part of the name it begins ('Ασπασία'): both sigmas are one letter here.
 */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replaceAll('ς', 'σ');
}

export interface SearchableUser {
  username: string;
  fullName: string;
  email: string;
  companyName: string | null;
}

/** A user's `search_text`: each searchable field folded, one to a line. */
export function userSearchText({ username, fullName, email, companyName }: SearchableUser): string {
  return [username, fullName, email, companyName ?? ''].map(foldText).join('\n');
}

/**
 * The words of a search, folded: an account matches when each of them is part of its text
 * ('jane acme' finds Jane Doe of Acme Trading). A search holds no line break (it is one line,
 * checked at the edge), so no word can match across two fields.
 */
export function searchWords(search: string): string[] {
  return foldText(search)
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/** A `LIKE … ESCAPE '\'` pattern that finds `word` anywhere, its `%` and `_` taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}
