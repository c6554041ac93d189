/**
 * The payment portal: the `checkout` actor of the payment choice. The server issues the order (priced from the
 * table in machines/rules/payments.ts, so the portal charges exactly what the card said), this adapter opens it
 * (the provider's checkout when the server has a provider; else a clearly labelled sandbox dialog), and the server
 * then confirms the outcome itself: the browser's word that it paid is never enough
 * (docs/decisions/036-one-price-table.md).
 */
import type { CheckoutInput, CheckoutOutput } from '../../machines/paymentChoice.machine';
import type { PaymentRecord, PaymentStartResult, PaymentVerifyPayload } from '../../machines/rules/contract';
import { formatMoney, type CheckoutOrder } from '../../machines/rules/payments';
import type { ApiClient } from '../api/client';
import type { AppConfig } from '../config';

/** The provider's checkout, as its script exposes it on `window` (a constructor that opens the checkout). */
export interface ProviderOptions {
  publicKey: string;
  data: CheckoutOrder & { redirect_url: string };
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
  /** Loads the provider's script and returns its checkout constructor. */
  loadProvider?: (url: string) => Promise<ProviderCheckout>;
  /** The sandbox's question to the person; resolves true to complete, false to fail. */
  askSandbox?: (order: CheckoutOrder) => Promise<boolean>;
  redirectUrl?: string;
}

/** The provider's own transaction reference, wherever its success callback puts it. */
function providerReference(data: unknown): string {
  const pick = (value: unknown): string => {
    if (!value || typeof value !== 'object') return '';
    const v = value as Record<string, unknown>;
    if (typeof v.reference === 'string') return v.reference;
    return pick(v.data);
  };
  return pick(data);
}

/**
 * Opens one order: in the sandbox, the labelled dialog; else the provider's checkout. Resolves with the provider's
 * transaction reference ('' in the sandbox); rejects when the person fails, cancels or closes it.
 */
export async function openCheckout(
  config: Pick<AppConfig, 'paymentPublicKey' | 'paymentScriptUrl'>,
  { order, sandbox }: PaymentStartResult,
  deps: CheckoutDeps = {},
): Promise<string> {
  if (sandbox) {
    if (await (deps.askSandbox ?? sandboxDialog)(order)) return '';
    throw new CheckoutError('Sandbox payment failed');
  }
  if (!config.paymentPublicKey || !config.paymentScriptUrl)
    throw new CheckoutError('The payment provider is not configured in this browser');
  const Provider = await (deps.loadProvider ?? loadProviderScript)(config.paymentScriptUrl);
  return new Promise<string>((resolve, reject) => {
    new Provider({
      publicKey: config.paymentPublicKey,
      data: { ...order, redirect_url: deps.redirectUrl ?? `${location.origin}/apply/confirmation` },
      onSuccess: (data) => resolve(providerReference(data)),
      onError: () => reject(new CheckoutError('Payment was declined')),
      // Closing the checkout without paying leaves the fee unpaid: the flow treats it as a failed payment.
      onClose: () => reject(new CheckoutError('Payment was cancelled')),
    });
  });
}

export type Checkout = (input: CheckoutInput) => Promise<CheckoutOutput>;

/** The whole payment: the server issues the order, the person pays it, the server confirms and records it. */
export function createCheckout(
  config: Pick<AppConfig, 'paymentPublicKey' | 'paymentScriptUrl'>,
  api: Pick<ApiClient, 'startPayment' | 'verifyPayment'>,
  deps: CheckoutDeps = {},
): Checkout {
  return async ({ email, option, country }) => {
    const started = await api.startPayment({ email, option, country });
    const provider_reference = await openCheckout(config, started, deps);
    const verify: PaymentVerifyPayload = { email, reference: started.order.merchant_reference };
    if (provider_reference) verify.provider_reference = provider_reference;
    const payment: PaymentRecord = await api.verifyPayment(verify);
    if (payment.status !== 'paid') throw new CheckoutError('The payment was not confirmed');
    return { reference: payment.reference, payment };
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
export function sandboxDialog(order: CheckoutOrder, doc: Document = document): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = doc.createElement('dialog');
    dialog.className = 'dialog sandbox-checkout';
    dialog.setAttribute('aria-labelledby', 'sandbox-checkout-title');
    dialog.setAttribute('aria-describedby', 'sandbox-checkout-amount sandbox-checkout-text');

    // Each element with its class and text (and id, for the dialog's labels).
    const make = <K extends keyof HTMLElementTagNameMap>(
      tag: K,
      className: string,
      text: string,
      id = '',
    ) => {
      const element = doc.createElement(tag);
      if (id) element.id = id;
      element.className = className;
      element.textContent = text;
      return element;
    };
    const title = make('h2', 'dialog__title', 'Sandbox checkout: test mode', 'sandbox-checkout-title');
    const text = make(
      'p',
      'dialog__text',
      `No payment provider is configured, so no money moves. Order ${order.merchant_reference}: ` +
        `${order.items[0].name}, quantity ${order.items[0].quantity}, ` +
        `shipping ${formatMoney({ amount: order.shipping_fee, currency: order.currency })}.`,
      'sandbox-checkout-text',
    );
    const amount = make(
      'p',
      'sandbox-checkout__amount',
      `Amount to pay: ${formatMoney({ amount: order.amount, currency: order.currency })}`,
      'sandbox-checkout-amount',
    );

    const actions = make('div', 'dialog__actions', '');
    const fail = make('button', 'button button--secondary', 'Fail test payment');
    fail.type = 'button';
    const complete = make('button', 'button', 'Complete test payment');
    complete.type = 'button';
    actions.append(fail, complete);
    dialog.append(title, amount, text, actions);

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
