/**
 * Runtime configuration. The server writes it into app.html as `<meta name="app-config" content="{…}">`, so one
 * build serves every environment (and a test can point the selection video at a short local clip).
 */
import { DEFAULT_CONTACT_EMAIL, WAITLIST_PATH } from '../machines/rules/pages';
export interface AppConfig {
  selectionVideoUrl: string;
  selectionVideoPoster: string;
  selectionVideoCaptions: string;
  /** Seconds into the selection video at which the quiz appears: 267 in the real video (SHIPPED_CLIP_QUIZ_TIME). */
  quizTime: number;
  /** The instalment provider's public key; empty means the labelled sandbox checkout. */
  paymentPublicKey: string;
  paymentScriptUrl: string;
  waitlistUrl: string;
  supportEmail: string;
  /** The account for bank transfers (BANK_NAME, BANK_ACCOUNT_NAME, BANK_ACCOUNT_NUMBER); empty means not set up. */
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
}

export const defaultConfig: AppConfig = {
  selectionVideoUrl: '/media/selection-video.mp4',
  selectionVideoPoster: '/media/selection-video.jpg',
  selectionVideoCaptions: '/media/selection-video.vtt',
  quizTime: 267,
  paymentPublicKey: '',
  paymentScriptUrl: '',
  waitlistUrl: WAITLIST_PATH,
  supportEmail: DEFAULT_CONTACT_EMAIL,
  // No made-up account: until the server is configured, the screens say transfers are not set up.
  bankName: '',
  bankAccountName: '',
  bankAccountNumber: '',
};

/** The bank account to show, or null when it is not (fully) configured. */
export function bankAccount(config: AppConfig) {
  const { bankName, bankAccountName, bankAccountNumber } = config;
  return bankName && bankAccountName && bankAccountNumber
    ? { bank: bankName, accountName: bankAccountName, accountNumber: bankAccountNumber }
    : null;
}

/**
 * The clip shipped in public/media lasts 12 s, so a quiz at 267 s would never appear with it: with that clip and no
 * QUIZ_TIME, the quiz comes half-way through, and the default set-up shows the whole experience (docs/decisions/041).
 */
export const SHIPPED_CLIP_QUIZ_TIME = 6;

/** The configuration the server wrote, over the defaults; the quiz time follows the video when none is given. */
export function withDefaults(given: Partial<AppConfig>): AppConfig {
  const config = { ...defaultConfig, ...given };
  const shippedClip = config.selectionVideoUrl === defaultConfig.selectionVideoUrl;
  return given.quizTime === undefined && shippedClip
    ? { ...config, quizTime: SHIPPED_CLIP_QUIZ_TIME }
    : config;
}

export function readConfig(doc: Document | undefined = globalThis.document): AppConfig {
  const raw = doc?.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!raw) return withDefaults({});
  try {
    return withDefaults(JSON.parse(raw) as Partial<AppConfig>);
  } catch {
    return withDefaults({});
  }
}
