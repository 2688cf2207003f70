/** A zip code longer than five characters is shown as 12345-6789; shorter ones unchanged. */
export function formatZip(value: string | number | null | undefined): string {
  const zip = String(value ?? '').trim();
  if (zip.includes('-')) return zip;
  const compact = zip.replace(/\s+/g, '');
  if (compact.length <= 5) return compact;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}
