/** Renders `/privacy` to HTML at build time (scripts/prerender.ts), with placeholders the server fills. */
import { renderToStaticMarkup } from 'react-dom/server';
import { PLACEHOLDER_FACTS } from '../../machines/rules/privacy';
import { PrivacyNotice } from './PrivacyNotice';

export const renderPrivacy = (): string => renderToStaticMarkup(<PrivacyNotice facts={PLACEHOLDER_FACTS} />);
