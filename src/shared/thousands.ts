/**
 * `10000000` → `10,000,000`, as the schemas' messages write their limits. Not
 * `toLocaleString('en-US')`: the schemas are built when the page loads, and a browser's first
 * locale-aware call loads its number-format data, tens of milliseconds of the first paint on a
 * phone. Only the whole part is grouped; a fraction is written as it is.
 */
export function groupThousands(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
