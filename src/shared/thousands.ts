/**
 * `10000000` → `10,000,000`, as the schemas' messages write their limits. Not
 * `toLocaleString('en-US')`: the schemas are built when the page loads, and a browser's first
 * locale-aware call loads its number-format data, tens of milliseconds of the first paint on a
 * phone.
 */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
