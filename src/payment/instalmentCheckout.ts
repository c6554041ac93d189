/**
 * The instalment provider adapter: the `checkout` actor of the payment choice. Configured (a public key and the
 * provider's script URL), it loads the provider's checkout script once and opens its checkout with the order of
 * SPEC §9. Unconfigured, it opens a clearly labelled sandbox dialog that completes or fails on the person's choice,
 * so the whole flow works offline and in tests.
 */
import type { CheckoutInput, CheckoutOutput } from '../../machines/paymentChoice.machine';
import {
  formatMoney,
  instalmentOrder,
  merchantReference,
  type InstalmentOrder,
} from '../../machines/rules/payments';
import type { AppConfig } from '../config';

/** The provider's checkout, as its script exposes it on `window` (a constructor that opens the checkout). */
export interface ProviderOptions {
  publicKey: string;
  data: InstalmentOrder & { redirect_url: string };
  onSuccess: (data: unknown) => void;
  onError: (data: unknown) => void;
  onClose?: () => void;
}
type ProviderCheckout = new (options: ProviderOptions) => unknown;

declare global {
  interface Window {
    Klump?: ProviderCheckout;
  }
}

export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutError';
  }
}

export interface CheckoutDeps {
  now?: () => number;
  random?: () => number;
  /** Loads the provider's script and returns its checkout constructor. */
  loadProvider?: (url: string) => Promise<ProviderCheckout>;
  /** The sandbox's question to the person; resolves true to complete, false to fail. */
  askSandbox?: (order: InstalmentOrder) => Promise<boolean>;
  redirectUrl?: string;
}

export type Checkout = (input: CheckoutInput) => Promise<CheckoutOutput>;

export function createInstalmentCheckout(
  config: Pick<AppConfig, 'paymentPublicKey' | 'paymentScriptUrl'>,
  deps: CheckoutDeps = {},
): Checkout {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const loadProvider = deps.loadProvider ?? loadProviderScript;
  const askSandbox = deps.askSandbox ?? sandboxDialog;
  const configured = Boolean(config.paymentPublicKey && config.paymentScriptUrl);

  return async ({ email }) => {
    const reference = merchantReference(now(), random);
    const order = instalmentOrder(email, reference);
    if (!configured) {
      if (await askSandbox(order)) return { reference };
      throw new CheckoutError('Sandbox payment failed');
    }
    const Provider = await loadProvider(config.paymentScriptUrl);
    return new Promise<CheckoutOutput>((resolve, reject) => {
      new Provider({
        publicKey: config.paymentPublicKey,
        data: { ...order, redirect_url: deps.redirectUrl ?? `${location.origin}/apply/confirmation` },
        onSuccess: () => resolve({ reference }),
        onError: () => reject(new CheckoutError('Payment was declined')),
        // Closing the checkout without paying leaves the fee unpaid: the flow treats it as a failed payment.
        onClose: () => reject(new CheckoutError('Payment was cancelled')),
      });
    });
  };
}

let scriptPromise: Promise<ProviderCheckout> | null = null;

function loadProviderScript(url: string): Promise<ProviderCheckout> {
  if (window.Klump) return Promise.resolve(window.Klump);
  scriptPromise ??= new Promise<ProviderCheckout>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.Klump ? resolve(window.Klump) : reject(new CheckoutError('The payment provider did not load'));
    script.onerror = () => {
      scriptPromise = null; // a flaky network may succeed on the next try
      script.remove();
      reject(new CheckoutError('The payment provider did not load'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

/**
 * A native modal <dialog> (focus is moved in and trapped; Escape cancels) built without React, because the adapter
 * runs from an actor, outside any component. Escape counts as failing, like closing the real checkout.
 */
export function sandboxDialog(order: InstalmentOrder, doc: Document = document): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = doc.createElement('dialog');
    dialog.className = 'dialog sandbox-checkout';
    dialog.setAttribute('aria-labelledby', 'sandbox-checkout-title');
    dialog.setAttribute('aria-describedby', 'sandbox-checkout-text');

    const title = doc.createElement('h2');
    title.id = 'sandbox-checkout-title';
    title.className = 'dialog__title';
    title.textContent = 'Sandbox checkout: test mode';

    const text = doc.createElement('p');
    text.id = 'sandbox-checkout-text';
    text.className = 'dialog__text';
    text.textContent =
      `No payment provider is configured, so no money moves. Order ${order.merchant_reference}: ` +
      `${order.items[0].name}, ${formatMoney({ amount: order.amount, currency: order.currency })}, ` +
      `quantity ${order.items[0].quantity}, shipping ${formatMoney({ amount: order.shipping_fee, currency: order.currency })}.`;

    const actions = doc.createElement('div');
    actions.className = 'dialog__actions';
    const fail = doc.createElement('button');
    fail.type = 'button';
    fail.className = 'button button--secondary';
    fail.textContent = 'Fail test payment';
    const complete = doc.createElement('button');
    complete.type = 'button';
    complete.className = 'button';
    complete.textContent = 'Complete test payment';
    actions.append(fail, complete);
    dialog.append(title, text, actions);

    const finish = (ok: boolean) => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      dialog.remove();
      resolve(ok);
    };
    complete.addEventListener('click', () => finish(true));
    fail.addEventListener('click', () => finish(false));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish(false);
    });

    doc.body.append(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    complete.focus();
  });
}
