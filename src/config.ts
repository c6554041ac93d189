/**
 * Runtime configuration. The server writes it into app.html as `<meta name="app-config" content="{…}">`, so one
 * build serves every environment (and a test can point the selection video at a short local clip).
 */
import { WAITLIST_PATH } from '../machines/rules/pages';
export interface AppConfig {
  selectionVideoUrl: string;
  selectionVideoPoster: string;
  selectionVideoCaptions: string;
  /** Seconds into the selection video at which the quiz appears (SPEC §3.5: 267). */
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
  supportEmail: 'support@theemploymentbootcamp.com',
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

export function readConfig(doc: Document | undefined = globalThis.document): AppConfig {
  const raw = doc?.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!raw) return defaultConfig;
  try {
    return { ...defaultConfig, ...(JSON.parse(raw) as Partial<AppConfig>) };
  } catch {
    return defaultConfig;
  }
}
