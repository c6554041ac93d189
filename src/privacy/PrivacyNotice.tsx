/**
 * The privacy notice (`/privacy`): the words of machines/rules/privacy.ts with the controller, the contact and the
 * retention periods filled in. Prerendered at build time with placeholders the server fills (server/privacyPage.ts);
 * a plain page, no script.
 */
import {
  NOTICE_SECTIONS,
  privacyNoticeVersion,
  YOUR_DATA_PATH,
  fillNoticeText,
  type NoticeFacts,
} from '../../machines/rules/privacy';

export function PrivacyNotice({ facts }: { facts: NoticeFacts }) {
  return (
    <main className="privacy" id="main">
      <p>
        <a href="/">The Employment Bootcamp</a>
      </p>
      <h1>Privacy notice</h1>
      <p className="privacy-lede">
        What we keep about you when you apply, why, who sees it, how long we keep it, and how to see, take or
        erase it. <a href={YOUR_DATA_PATH}>Your data</a>
      </p>
      {NOTICE_SECTIONS.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fillNoticeText(paragraph, facts)}</p>
          ))}
        </section>
      ))}
      <p className="privacy-version">Version {privacyNoticeVersion()}</p>
    </main>
  );
}
