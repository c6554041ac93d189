/**
 * The readable page beside `your-data.json` in the data download (docs/privacy.md): the same data as one HTML file
 * a person opens in any browser, with no script, no style sheet from elsewhere and nothing fetched. Every value is
 * escaped; the keys are the JSON's, written as words.
 */

/** The data of the export, as `your-data.json` holds it. */
export type ExportData = Record<string, unknown>;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `reminderDate` → "Reminder date", `referral_source` → "Referral source". */
const words = (key: string): string => {
  const spaced = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as HTML: text, a list of items, or a table of its fields. */
function valueHtml(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="none">—</span>';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return '<span class="none">None</span>';
    return `<ol>${value.map((item) => `<li>${valueHtml(item)}</li>`).join('')}</ol>`;
  }
  if (isRecord(value)) return fieldsHtml(value);
  const text = escapeHtml(String(value));
  // Emails and long answers keep their lines.
  return text.includes('\n') ? `<pre>${text}</pre>` : text;
}

const fieldsHtml = (record: Record<string, unknown>): string =>
  `<table><tbody>${Object.entries(record)
    .map(
      ([key, value]) => `<tr><th scope="row">${escapeHtml(words(key))}</th><td>${valueHtml(value)}</td></tr>`,
    )
    .join('')}</tbody></table>`;

/** The page: a heading, then one section for each part of the export, in the JSON's order. */
export function exportPage(data: ExportData): string {
  const sections = Object.entries(data)
    .map(([key, value]) => `<section><h2>${escapeHtml(words(key))}</h2>${valueHtml(value)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data</title>
<style>
body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 1rem auto; max-width: 48rem; padding: 0 1rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th { width: 30%; font-weight: 600; }
pre { white-space: pre-wrap; font-family: inherit; margin: 0; }
.none { color: #595959; }
</style>
</head>
<body>
<h1>Your data</h1>
<p>Everything The Employment Bootcamp keeps about your application, as in <code>your-data.json</code> beside this page.</p>
${sections}
</body>
</html>
`;
}
